import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toMediaRecord } from '../../server/content-index/media-record.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { UPLOAD_FILE_UID, createUploadFileType } from '../../server/schema/upload-file-type.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const COLUMNS = [
  'name',
  'alternativeText',
  'caption',
  'focalPoint',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'url',
  'previewUrl',
  'provider',
  'provider_metadata',
];

test("the upload file has Strapi's columns in Strapi's order, all shown", () => {
  const type = createUploadFileType();
  assert.is(type.uid, UPLOAD_FILE_UID);
  assert.equal([...type.attributes.keys()], COLUMNS);
  assert.equal(type.outputScalars, COLUMNS);
});

test('filters and populated-media sorts compare every column but the JSON ones', () => {
  assert.equal(
    createUploadFileType().comparable.outputScalars,
    COLUMNS.filter((name) => !['focalPoint', 'formats', 'provider_metadata'].includes(name)),
  );
});

test('a media record holds one value per column of the upload type, in its order', () => {
  const record = toMediaRecord({ path: 'a_1.png', bytes: 1, mtimeMs: 0, mime: 'image/png', sidecar: {} }, undefined);
  assert.equal(Object.keys(record.data), [...createUploadFileType().attributes.keys()]);
});

test('the registry holds the upload file beside the content types, never among them', () => {
  const registry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
  assert.is(registry.uploadFile.uid, UPLOAD_FILE_UID);
  assert.not.ok(registry.contentTypes.has(UPLOAD_FILE_UID));
  assert.not.ok([...registry.byRouteName.values()].includes(registry.uploadFile));
});

test.run();
