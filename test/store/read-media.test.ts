import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { isMediaPath, listUploads, readImageSize, readMediaFile, readSidecarText } from '../../server/store/read-media.js';
import { createTempProject } from '../helpers/temp-project.js';

const paths: { name: string; path: unknown; ok: boolean }[] = [
  { name: 'a file at the top', path: 'photo.png', ok: true },
  { name: 'a file in a folder', path: 'photos/2024/a b.png', ok: true },
  { name: 'empty', path: '', ok: false },
  { name: 'absolute', path: '/etc/passwd', ok: false },
  { name: 'parent folder', path: '../secret.png', ok: false },
  { name: 'parent folder inside', path: 'a/../../b.png', ok: false },
  { name: 'current folder', path: './a.png', ok: false },
  { name: 'a hidden file', path: 'a/.hidden.png', ok: false },
  { name: 'a backslash', path: 'a\\b.png', ok: false },
  { name: 'a NUL byte', path: 'a\0.png', ok: false },
  { name: 'a double slash', path: 'a//b.png', ok: false },
  { name: 'not a string', path: 5, ok: false },
];
for (const row of paths) {
  test(`isMediaPath: ${row.name}`, () => {
    assert.is(isMediaPath(row.path), row.ok);
  });
}

test('listUploads lists media files sorted, without sidecars or hidden files', () => {
  const project = createTempProject('blog');
  project.write('uploads/photos/b.png', 'x');
  project.write('uploads/photos/.a.png', 'x');
  project.write('uploads/.cache/c.png', 'x');
  project.write('uploads/notes.txt.meta.json', {});
  project.write('uploads/notes.txt', 'hello');
  const list = listUploads(project.dir);
  project.cleanup();
  assert.equal(list, ['blue_pixel_287152e86d.png', 'notes.txt', 'photos/b.png', 'red_pixel_3285557a91.png']);
});

test('readSidecarText reads a listed sidecar and refuses a path leaving uploads/', () => {
  const project = createTempProject();
  project.write('uploads/photos/a.png.meta.json', '{"alternativeText":"A"}\n');
  try {
    assert.is(readSidecarText(project.dir, 'photos/a.png.meta.json'), '{"alternativeText":"A"}\n');
    assert.throws(
      () => readSidecarText(project.dir, '../cms.config.json'),
      (error: unknown) => error instanceof FileError,
    );
  } finally {
    project.cleanup();
  }
});

test('listUploads of a project without uploads/ is empty', () => {
  const project = createTempProject();
  assert.equal(listUploads(project.dir), []);
  project.cleanup();
});

test('readMediaFile reads size, mime type and sidecar', () => {
  const project = createTempProject('blog');
  try {
    const media = readMediaFile(project.dir, 'red_pixel_3285557a91.png')!;
    assert.is(media.path, 'red_pixel_3285557a91.png');
    assert.is(media.bytes, 140);
    assert.is(media.mime, 'image/png');
    assert.is(media.sidecar['alternativeText'], 'A tiny red image');
    project.write('uploads/data.unknownext', 'x');
    const other = readMediaFile(project.dir, 'data.unknownext')!;
    assert.is(other.mime, 'application/octet-stream');
    assert.equal(other.sidecar, {});
    assert.is(readMediaFile(project.dir, 'gone.png'), undefined);
  } finally {
    project.cleanup();
  }
});

test('readMediaFile refuses a path that leaves uploads/', () => {
  assert.throws(
    () => readMediaFile('/nowhere', '../cms.config.json'),
    (error: unknown) => error instanceof FileError && error.message === 'not a valid media path',
  );
});

const sidecars: { name: string; text: string; message: RegExp; line: number }[] = [
  { name: 'bad JSON', text: '{\n  "caption": "x",\n}', message: /^invalid JSON: /, line: 3 },
  { name: 'not an object', text: '["x"]', message: /^expected a JSON object$/, line: 1 },
];
for (const row of sidecars) {
  test(`a broken sidecar is a FileError naming the sidecar: ${row.name}`, () => {
    const project = createTempProject('blog');
    project.write('uploads/red_pixel_3285557a91.png.meta.json', row.text);
    try {
      readMediaFile(project.dir, 'red_pixel_3285557a91.png');
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, FileError);
      assert.is((error as FileError).file, 'uploads/red_pixel_3285557a91.png.meta.json');
      assert.match((error as FileError).message, row.message);
      assert.is((error as FileError).line, row.line);
    } finally {
      project.cleanup();
    }
  });
}

test('readImageSize measures a PNG and gives up quietly on anything else', () => {
  const project = createTempProject('blog');
  project.write('uploads/fake.png', 'not an image');
  try {
    assert.equal(readImageSize(project.dir, 'red_pixel_3285557a91.png'), { width: 4, height: 3 });
    assert.is(readImageSize(project.dir, 'fake.png'), undefined);
    assert.is(readImageSize(project.dir, 'missing.png'), undefined);
  } finally {
    project.cleanup();
  }
});

test.run();
