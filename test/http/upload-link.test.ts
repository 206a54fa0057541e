import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// POST /api/upload with ref, refId and field: the new files are added to a media attribute of a
// document, through the same write path as a PUT; a bad link stores nothing.

const PUBLISHED = 'n0rkkhkmxloujb87i7huf7if';
const WITH_DRAFT = 'zuvut7z9xszedzzlwpit2luk';
const ARTICLE_UID = 'api::article.article';

let server: TestServer;
let locked: TestServer;

test.before(async () => {
  server = await startTestServer('blog');
  locked = await startTestServer('blog', {
    prepare: (project) => project.write('cms.config.json', { permissions: { public: ['plugin::upload.content-api.upload', 'api::article.article.findOne'] } }),
  });
});
test.after(async () => {
  await server.close();
  await locked.close();
});

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 3, height: 2, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .png()
    .toBuffer();
}

/** A multipart upload with form fields. */
async function upload(
  target: TestServer,
  files: { name: string; bytes: Buffer; type?: string }[],
  fields: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type ?? '' }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${target.url}/api/upload`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

function stored(target: TestServer, documentId: string, draft = false): any {
  return JSON.parse(target.project.read(`content/articles/${documentId}${draft ? '.draft' : ''}.json`));
}

function uploadNames(target: TestServer): string[] {
  return fs.readdirSync(path.join(target.project.dir, 'uploads')).sort();
}

async function idOf(target: TestServer, documentId: string): Promise<string> {
  return String((await target.get(`/api/articles/${documentId}`)).body.data.id);
}

test('files linked to a multiple media field are added after the ones it holds', async () => {
  const refId = await idOf(server, PUBLISHED);
  const before = stored(server, PUBLISHED).gallery as string[];
  const response = await upload(
    server,
    [
      { name: 'one.png', bytes: await png() },
      { name: 'two.png', bytes: await png() },
    ],
    { ref: ARTICLE_UID, refId, field: 'gallery' },
  );
  assert.is(response.status, 201);
  const added = response.body.map((file: any) => file.url.replace(/^\/uploads\//, ''));
  assert.equal(stored(server, PUBLISHED).gallery, [...before, ...added]);
  const read = await server.get(`/api/articles/${PUBLISHED}?populate=gallery`);
  assert.equal(
    read.body.data.gallery.map((file: any) => file.id).slice(-2),
    response.body.map((file: any) => file.id),
  );
});

test('a file linked to a single media field takes the place of the one it held', async () => {
  const response = await upload(server, [{ name: 'cover.png', bytes: await png() }], {
    ref: ARTICLE_UID,
    refId: await idOf(server, PUBLISHED),
    field: 'cover',
  });
  assert.is(response.status, 201);
  assert.is(stored(server, PUBLISHED).cover, response.body[0].url.replace(/^\/uploads\//, ''));
  assert.is((await server.get(`/api/articles/${PUBLISHED}?populate=cover`)).body.data.cover.id, response.body[0].id);
});

test('a document with a draft gets the file in its draft; the published version waits for the next publish', async () => {
  const published = server.project.read(`content/articles/${WITH_DRAFT}.json`);
  const response = await upload(server, [{ name: 'draft.png', bytes: await png() }], {
    ref: ARTICLE_UID,
    refId: await idOf(server, WITH_DRAFT),
    field: 'gallery',
  });
  assert.is(response.status, 201);
  assert.ok((stored(server, WITH_DRAFT, true).gallery as string[]).includes(response.body[0].url.replace(/^\/uploads\//, '')));
  assert.is(server.project.read(`content/articles/${WITH_DRAFT}.json`), published);
});

test('a link that names no media attribute of an existing document is a 400, and stores nothing', async () => {
  const refId = await idOf(server, PUBLISHED);
  const bytes = await png();
  const cases: [Record<string, string>, string][] = [
    [{ ref: ARTICLE_UID, refId }, 'ref, refId and field go together: field is missing'],
    [{ ref: 'api::nope.nope', refId, field: 'cover' }, 'ref: no content type api::nope.nope'],
    [{ ref: ARTICLE_UID, refId, field: 'title' }, 'field: api::article.article has no media attribute title'],
    [{ ref: ARTICLE_UID, refId: '999', field: 'cover' }, 'refId: no api::article.article document with id 999'],
    [{ ref: ARTICLE_UID, refId: '../x', field: 'cover' }, 'refId: no api::article.article document with id ../x'],
  ];
  for (const [fields, message] of cases) {
    const before = uploadNames(server);
    const response = await upload(server, [{ name: 'bad.png', bytes }], fields);
    assert.is(response.status, 400, message);
    assert.is(response.body.error.name, 'ValidationError');
    assert.is(response.body.error.message, message);
    assert.equal(uploadNames(server), before);
  }
  const two = await upload(
    server,
    [
      { name: 'a.png', bytes },
      { name: 'b.png', bytes },
    ],
    { ref: ARTICLE_UID, refId, field: 'cover' },
  );
  assert.is(two.status, 400);
  assert.is(two.body.error.message, 'field: cover holds one file, and 2 were sent');
});

test('linking needs the right to update the document: 403, and nothing stored', async () => {
  const before = uploadNames(locked);
  const response = await upload(locked, [{ name: 'x.png', bytes: await png() }], { ref: ARTICLE_UID, refId: await idOf(locked, PUBLISHED), field: 'cover' });
  assert.is(response.status, 403);
  assert.equal(uploadNames(locked), before);
  assert.is((await upload(locked, [{ name: 'y.png', bytes: await png() }], {})).status, 201, 'a plain upload is still allowed');
});

test.run();
