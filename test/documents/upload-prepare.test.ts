import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMPTY_FILE_INFO } from '../../server/documents/upload-file-info.js';
import { prepareUpload } from '../../server/documents/upload-prepare.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

let project: TempProject;
const SETTINGS = { sizeLimit: 1024 * 1024, allowedTypes: [], deniedTypes: [], responsiveDimensions: true, sizeOptimization: true };

test.before(() => {
  project = createTempProject();
  project.write('uploads/.keep', '');
  project.write('work/.keep', '');
});
test.after(() => project.cleanup());

async function prepare(filename: string, bytes: Uint8Array, declaredType?: string, keep?: { hash: string; ext: string }) {
  const tempPath = path.join(project.dir, 'work', `in-${Math.random().toString(16).slice(2)}`);
  fs.writeFileSync(tempPath, bytes);
  const received = { tempPath, filename, declaredType, bytes: bytes.length };
  return prepareUpload({ projectDir: project.dir, settings: SETTINGS, workDir: path.join(project.dir, 'work') }, received, EMPTY_FILE_INFO, keep);
}

const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20"/></svg>';

// The type comes from the content when it shows one, then the extension, then a well-formed declared type.
const TYPE_CASES = [
  {
    name: 'png content named .jpg',
    file: 'photo.jpg',
    bytes: () =>
      sharp({ create: { width: 3, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    declared: 'image/jpeg',
    mime: 'image/png',
    ext: '.jpg',
    size: [3, 2],
  },
  {
    name: 'svg without an extension',
    file: 'logo',
    bytes: async () => Buffer.from(SVG),
    declared: undefined,
    mime: 'image/svg+xml',
    ext: '.svg',
    size: [30, 20],
  },
  {
    name: 'pdf',
    file: 'doc.pdf',
    bytes: async () => Buffer.from('%PDF-1.7\n%%EOF\n'),
    declared: 'application/octet-stream',
    mime: 'application/pdf',
    ext: '.pdf',
    size: null,
  },
  {
    name: 'text by its extension',
    file: 'notes.txt',
    bytes: async () => Buffer.from('hello'),
    declared: undefined,
    mime: 'text/plain',
    ext: '.txt',
    size: null,
  },
  {
    name: 'unknown content, declared type',
    file: 'data',
    bytes: async () => Buffer.from([1, 2, 3]),
    declared: 'application/x-custom',
    mime: 'application/x-custom',
    ext: '',
    size: null,
  },
  {
    name: 'declared type with a header in it',
    file: 'data',
    bytes: async () => Buffer.from([1, 2, 3]),
    declared: 'text/html\r\nSet-Cookie: a=1',
    mime: 'application/octet-stream',
    ext: '.bin',
    size: null,
  },
  {
    name: 'mp4 by its ftyp box',
    file: 'clip',
    bytes: async () => Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
    declared: undefined,
    mime: 'video/mp4',
    ext: '.mp4',
    size: null,
  },
] as const;

for (const c of TYPE_CASES) {
  test(`type and extension: ${c.name}`, async () => {
    const prepared = await prepare(c.file, await c.bytes(), c.declared);
    assert.is(prepared.mime, c.mime);
    assert.is(prepared.ext, c.ext);
    assert.equal([prepared.width, prepared.height], c.size ?? [null, null]);
  });
}

test('a png is re-encoded at quality 80 as Strapi does, even when that makes it larger', async () => {
  const original = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0f0' } })
    .png()
    .toBuffer();
  const prepared = await prepare('green.png', original);
  const expected = await sharp(original).png({ quality: 80 }).toBuffer();
  assert.equal(fs.readFileSync(prepared.file), expected);
  assert.is(prepared.bytes, expected.length);
});

test('a replace keeps the hash and extension it is given', async () => {
  const prepared = await prepare('new-name.jpg', Buffer.from('hello'), 'text/plain', { hash: 'old_0123456789', ext: '.txt' });
  assert.equal([prepared.hash, prepared.ext, prepared.name], ['old_0123456789', '.txt', 'new-name.jpg']);
});

test.run();
