import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from './admin-server.js';

let app: AdminTestServer;
let boss: AdminClient;
let author: AdminClient;
const ARTICLE = 'api::article.article';
const SUNRISE = 'mountain_sunrise_4f2a9c1b3d.png';

const LOGO = 'inkwell_logo_5a0c7e3f92.png';

test.before(async () => {
  app = await startAdminServer({
    // The logo, used beside the sample's own uses: in a component only, in a dynamic zone, and as an image block.
    prepare(dir) {
      const write = (rel: string, data: unknown) => fs.writeFileSync(path.join(dir, rel), `${JSON.stringify(data, null, 2)}\n`);
      write('content/articles/logo-in-seo.json', { title: 'Logo in SEO', slug: 'logo-in-seo', seo: { metaTitle: 'Logo', shareImage: LOGO } });
      write('content/articles/logo-in-zone.draft.json', {
        title: 'Logo in a zone',
        slug: 'logo-in-zone',
        blocks: [{ __component: 'shared.media', file: LOGO }],
      });
      write('content/authors/logo-in-blocks.json', {
        name: 'Logo In Blocks',
        slug: 'logo-in-blocks',
        email: 'logo@example.com',
        bio: [{ type: 'image', image: { name: LOGO, url: `/uploads/${LOGO}` }, children: [{ type: 'text', text: '' }] }],
      });
    },
  });
  boss = new AdminClient(app.url);
  assert.equal((await boss.request('POST', '/admin/register-admin', BOSS)).status, 200);
  assert.equal((await boss.request('POST', '/admin/users', { email: 'author@example.com', password: 'Author123', role: 'author' })).status, 201);
  author = new AdminClient(app.url);
  assert.equal((await author.signIn('author@example.com', 'Author123')).status, 200);
});
test.after(async () => {
  await app?.close();
});

/** The library's record of a file, by its path under uploads/. */
async function fileOf(mediaPath: string): Promise<Record<string, any>> {
  const found = await boss.request('GET', `/admin/upload/files?_q=${encodeURIComponent(mediaPath)}`);
  const file = found.body.data.find((item: { url: string }) => item.url === `/uploads/${mediaPath}`);
  assert.ok(file, mediaPath);
  return file;
}

/** A multipart write as the editor's page sends it (cookie, CSRF header, `files` parts). */
async function sendFiles(
  client: AdminClient,
  route: string,
  files: { name: string; bytes: Buffer }[],
  csrf = client.csrf,
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.bytes], { type: 'image/png' }), file.name);
  const response = await fetch(app.url + route, { method: 'POST', headers: { cookie: client.cookie, 'x-csrf-token': csrf }, body: form });
  return { status: response.status, body: await response.json() };
}

test('the new media routes answer 401 without a session', async () => {
  const anonymous = new AdminClient(app.url);
  for (const [method, route] of [
    ['GET', '/admin/upload/files/1/usage'],
    ['POST', '/admin/upload/files/1/replace'],
    ['GET', '/admin/events'],
  ] as const) {
    const answer = await anonymous.request(method, route);
    assert.equal(answer.status, 401, `${method} ${route}`);
    assert.equal(answer.body.error.name, 'UnauthorizedError');
  }
});

test('usage lists the documents that use a file, from the index, for every role', async () => {
  const file = await fileOf(SUNRISE);
  const usage = await author.request('GET', `/admin/upload/files/${file.id}/usage`);
  assert.equal(usage.status, 200);
  const expected = fs
    .readdirSync(path.join(app.dir, 'content/articles'))
    .filter((name) => app.read(`content/articles/${name}`).includes(SUNRISE))
    .map((name) => name.split('.')[0]);
  assert.ok(expected.length > 0);
  const listed = usage.body.data.filter((item: { uid: string }) => item.uid === ARTICLE).map((item: { documentId: string }) => item.documentId);
  assert.deepEqual([...new Set(listed)].sort(), [...new Set(expected)].sort());
  assert.equal(usage.body.meta.total, usage.body.data.length);
  for (const item of usage.body.data) assert.equal(typeof item.label, 'string');
  assert.equal((await boss.request('GET', '/admin/upload/files/999999999/usage')).status, 404);
});

test('usage finds a file in components, dynamic zones, draft files and image blocks, and says how', async () => {
  const file = await fileOf(LOGO);
  const usage = await boss.request('GET', `/admin/upload/files/${file.id}/usage`);
  const how = Object.fromEntries(usage.body.data.map((item: { documentId: string; how: string }) => [item.documentId, item.how]));
  assert.equal(how['logo-in-seo'], 'media');
  assert.equal(how['logo-in-zone'], 'media');
  assert.equal(how['logo-in-blocks'], 'blocks');
  assert.equal(usage.body.data.find((item: { documentId: string }) => item.documentId === 'logo-in-seo').label, 'Logo in SEO');
});

test('replace keeps the id, documentId and url, writes the new bytes; Authors may not, nor anyone without the CSRF token', async () => {
  const file = await fileOf(SUNRISE);
  const before = fs.readFileSync(path.join(app.dir, 'uploads', SUNRISE));
  const bytes = fs.readFileSync(path.join(app.dir, 'uploads/paper_planes_7e15c0a9d4.png'));
  assert.notDeepEqual(bytes, before);
  const route = `/admin/upload/files/${file.id}/replace`;
  assert.equal((await sendFiles(boss, route, [{ name: 'new.png', bytes }], '')).status, 403);
  assert.equal((await sendFiles(author, route, [{ name: 'new.png', bytes }])).status, 403);
  assert.deepEqual(fs.readFileSync(path.join(app.dir, 'uploads', SUNRISE)), before);
  const two = await sendFiles(boss, route, [
    { name: 'a.png', bytes },
    { name: 'b.png', bytes },
  ]);
  assert.equal(two.status, 400);
  const replaced = await sendFiles(boss, route, [{ name: 'new.png', bytes }]);
  assert.equal(replaced.status, 200);
  assert.equal(replaced.body.data.id, file.id);
  assert.equal(replaced.body.data.documentId, file.documentId);
  assert.equal(replaced.body.data.url, file.url);
  // Images are re-encoded on upload: the stored file is new, and the same as an upload of those bytes stores.
  const stored = fs.readFileSync(path.join(app.dir, 'uploads', SUNRISE));
  assert.notDeepEqual(stored, before);
  const fresh = await sendFiles(boss, '/admin/upload', [{ name: 'same.png', bytes }]);
  assert.deepEqual(stored, fs.readFileSync(path.join(app.dir, fresh.body.data[0].url.slice(1))));
  assert.equal((await sendFiles(boss, '/admin/upload/files/999999999/replace', [{ name: 'new.png', bytes }])).status, 404);
});

test('delete is for Super Admins and Editors; the documents that used the file lose it', async () => {
  const file = await fileOf(SUNRISE);
  assert.equal((await author.request('DELETE', `/admin/upload/files/${file.id}`)).status, 403);
  const users = (await boss.request('GET', `/admin/upload/files/${file.id}/usage`)).body.data;
  assert.ok(users.length > 0);
  const deleted = await boss.request('DELETE', `/admin/upload/files/${file.id}`);
  assert.equal(deleted.status, 200);
  assert.equal(app.exists(`uploads/${SUNRISE}`), false);
  for (const name of fs.readdirSync(path.join(app.dir, 'content/articles'))) assert.doesNotMatch(app.read(`content/articles/${name}`), /mountain_sunrise/);
});

/** Reads an event stream until `until` holds for the text received so far. */
async function readStream(response: Response, until: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 10_000;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`no such event in: ${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

test('GET /admin/events streams the ids of changed documents to a signed-in editor, and ends with the session', async () => {
  const client = new AdminClient(app.url);
  await client.signIn(BOSS.email, BOSS.password);
  const response = await fetch(`${app.url}/admin/events`, { headers: { cookie: client.cookie } });
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  let text = await readStream(response, (seen) => seen.includes('event: ready'));
  const created = await client.request('POST', `/admin/content-manager/collection-types/${ARTICLE}`, { data: { title: 'Streamed', slug: 'streamed' } });
  const id = created.body.data.documentId;
  text = await readStream(response, (seen) => seen.includes(id));
  const data = text
    .split('\n\n')
    .filter((part) => part.startsWith('data: ['))
    .flatMap((part) => JSON.parse(part.slice(6)));
  assert.ok(data.some((item: any) => item.uid === ARTICLE && item.documentId === id && item.event === 'entry.create'));
  // Only names and ids: no field of the document goes out.
  assert.doesNotMatch(text, /Streamed/);
  await client.request('POST', '/admin/logout');
  await boss.request('PUT', `/admin/content-manager/collection-types/${ARTICLE}/${id}`, { data: { title: 'After sign-out' } });
  const rest = await readStream(response, () => false).catch((error: Error) => error.message);
  assert.doesNotMatch(rest, /data: \[/);
});

test.run();
