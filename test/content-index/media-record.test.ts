import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { syncUploadPath } from '../../server/runtime/sync-media.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { toMediaRecord } from '../../server/content-index/media-record.js';
import type { StoredMedia } from '../../server/store/read-media.js';
import { createTempProject } from '../helpers/temp-project.js';

const ENGLISH = { defaultLocale: 'en', locales: [{ code: 'en', name: 'English' }] };

function stored(bytes: number, sidecar: Record<string, unknown> = {}, mediaPath = 'photos/cat_1a2b.jpg'): StoredMedia {
  return { path: mediaPath, bytes, mtimeMs: Date.parse('2025-05-05T05:05:05.005Z'), mime: 'image/jpeg', sidecar };
}

const sizes: { name: string; bytes: number; kb: number }[] = [
  { name: 'a tiny file', bytes: 140, kb: 0.14 },
  { name: 'rounded down', bytes: 1234, kb: 1.23 },
  { name: 'rounded up', bytes: 1235, kb: 1.24 },
  { name: 'a megabyte', bytes: 1_048_576, kb: 1048.58 },
  { name: 'empty', bytes: 0, kb: 0 },
];
for (const row of sizes) {
  test(`size is in kB with two decimals: ${row.name}`, () => {
    assert.is(toMediaRecord(stored(row.bytes), undefined).data.size, row.kb);
  });
}

test('a file without a sidecar gets its name, hash, url and dates from the file', () => {
  const record = toMediaRecord(stored(2048), { width: 640, height: 480 });
  assert.equal(
    { ...record, id: typeof record.id, documentId: typeof record.documentId },
    {
      id: 'number',
      documentId: 'string',
      locale: null,
      data: {
        name: 'cat_1a2b.jpg',
        alternativeText: null,
        caption: null,
        focalPoint: null,
        width: 640,
        height: 480,
        formats: null,
        hash: 'cat_1a2b',
        ext: '.jpg',
        mime: 'image/jpeg',
        size: 2.05,
        url: '/uploads/photos/cat_1a2b.jpg',
        previewUrl: null,
        provider: 'local',
        provider_metadata: null,
      },
      createdAt: '2025-05-05T05:05:05.005Z',
      updatedAt: '2025-05-05T05:05:05.005Z',
      publishedAt: '2025-05-05T05:05:05.005Z',
      path: 'photos/cat_1a2b.jpg',
    },
  );
  assert.match(record.documentId, /^[a-z][a-z0-9]{23}$/);
  assert.is(toMediaRecord(stored(1), undefined).documentId, record.documentId, 'the documentId is derived from the path');
});

test('the sidecar supplies what the file cannot tell', () => {
  const record = toMediaRecord(
    stored(2048, {
      name: 'Cat.jpg',
      alternativeText: 'A cat',
      caption: 'Our cat',
      documentId: 'abc123',
      width: 10,
      height: 20,
      createdAt: '2024-01-01T00:00:00Z',
      updatedAt: '2024-01-02T00:00:00.000Z',
      publishedAt: '2024-01-03T00:00:00.000Z',
      focalPoint: { x: 1, y: 2 },
      formats: { thumbnail: { url: '/uploads/t.jpg' } },
    }),
    { width: 640, height: 480 },
  );
  assert.is(record.data.name, 'Cat.jpg');
  assert.is(record.data.alternativeText, 'A cat');
  assert.is(record.data.caption, 'Our cat');
  assert.is(record.documentId, 'abc123');
  assert.equal([record.data.width, record.data.height], [10, 20]);
  assert.is(record.createdAt, '2024-01-01T00:00:00.000Z');
  assert.is(record.updatedAt, '2024-01-02T00:00:00.000Z');
  assert.is(record.publishedAt, '2024-01-03T00:00:00.000Z');
  assert.equal(record.data.focalPoint, { x: 1, y: 2 });
  assert.equal(record.data.formats, { thumbnail: { url: '/uploads/t.jpg' } });
});

test('sidecar values of the wrong kind fall back to what the file says', () => {
  const record = toMediaRecord(stored(100, { name: 5, createdAt: 'soon', documentId: '../x', width: 'wide' }), { width: 3, height: 4 });
  assert.is(record.data.name, 'cat_1a2b.jpg');
  assert.is(record.createdAt, '2025-05-05T05:05:05.005Z');
  assert.match(record.documentId, /^[a-z][a-z0-9]{23}$/);
  assert.is(record.data.width, 3);
});

test('the media index of the blog: sidecar fields, size in kB and PNG dimensions', () => {
  const project = createTempProject('blog');
  try {
    const state = loadTestProject(project.dir, ENGLISH);
    const { index } = state;
    assert.is(index.media.size, 2);
    const red = index.media.findByPath('red_pixel_3285557a91.png')!;
    assert.is(red.documentId, 'c204icfjn5vdpgzahsrokfd2');
    assert.is(red.data.name, 'red-pixel.png');
    assert.is(red.data.alternativeText, 'A tiny red image');
    assert.is(red.data.caption, 'Red 4x3');
    assert.equal([red.data.width, red.data.height], [4, 3]);
    assert.is(red.data.size, 0.14);
    assert.is(red.data.mime, 'image/png');
    assert.is(red.data.url, '/uploads/red_pixel_3285557a91.png');
    assert.is(red.data.hash, 'red_pixel_3285557a91');
    assert.is(index.media.findById(red.id), red);
    const blue = index.media.findByPath('blue_pixel_287152e86d.png')!;
    assert.equal([blue.data.width, blue.data.height, blue.data.size], [2, 2, 0.11]);
    assert.equal(
      index.media.list().map((m) => m.path),
      ['red_pixel_3285557a91.png', 'blue_pixel_287152e86d.png'],
      'oldest first',
    );
  } finally {
    project.cleanup();
  }
});

test('a file dropped into uploads/ without a sidecar is a media record; it follows the sidecar and removal', () => {
  const project = createTempProject('blog');
  try {
    const state = loadTestProject(project.dir, ENGLISH);
    const { index } = state;
    fs.mkdirSync(path.join(project.dir, 'uploads/new'), { recursive: true });
    fs.copyFileSync(path.join(project.dir, 'uploads/red_pixel_3285557a91.png'), path.join(project.dir, 'uploads/new/dropped.png'));
    syncUploadPath(state, 'uploads/new/dropped.png');
    const dropped = index.media.findByPath('new/dropped.png')!;
    assert.is(dropped.data.name, 'dropped.png');
    assert.is(dropped.data.alternativeText, null);
    assert.equal([dropped.data.width, dropped.data.height], [4, 3]);
    assert.is(dropped.data.url, '/uploads/new/dropped.png');

    project.write('uploads/new/dropped.png.meta.json', { alternativeText: 'Now described' });
    syncUploadPath(state, 'uploads/new/dropped.png.meta.json');
    assert.is(index.media.findByPath('new/dropped.png')!.data.alternativeText, 'Now described');

    project.write('uploads/new/dropped.png.meta.json', '{ broken');
    syncUploadPath(state, 'uploads/new/dropped.png.meta.json');
    assert.ok(state.problems.has('uploads/new/dropped.png.meta.json'), 'a broken sidecar is a problem');
    assert.is(index.media.findByPath('new/dropped.png')!.data.alternativeText, 'Now described', 'the last good record stays');

    project.remove('uploads/new/dropped.png.meta.json');
    syncUploadPath(state, 'uploads/new/dropped.png.meta.json');
    assert.not.ok(state.problems.has('uploads/new/dropped.png.meta.json'), 'removing the broken sidecar clears its problem');
    assert.is(index.media.findByPath('new/dropped.png')!.data.alternativeText, null);

    project.remove('uploads/new/dropped.png');
    syncUploadPath(state, 'uploads/new/dropped.png');
    assert.is(index.media.findByPath('new/dropped.png'), undefined);
    assert.is(index.media.size, 2);

    // A file removed together with its broken sidecar leaves no problem behind.
    project.write('uploads/red_pixel_3285557a91.png.meta.json', '{ broken');
    syncUploadPath(state, 'uploads/red_pixel_3285557a91.png.meta.json');
    assert.ok(state.problems.has('uploads/red_pixel_3285557a91.png.meta.json'));
    project.remove('uploads/red_pixel_3285557a91.png');
    project.remove('uploads/red_pixel_3285557a91.png.meta.json');
    syncUploadPath(state, 'uploads/red_pixel_3285557a91.png');
    syncUploadPath(state, 'uploads/red_pixel_3285557a91.png.meta.json');
    assert.is(index.media.size, 1);
    assert.equal([...state.problems.keys()], []);
  } finally {
    project.cleanup();
  }
});

test.run();
