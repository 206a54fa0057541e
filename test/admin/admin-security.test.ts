import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from './admin-server.js';

let app: AdminTestServer;
const ARTICLE = 'api::article.article';
const DOC = 'getting-started-with-typescript-5';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

test.before(async () => {
  app = await startAdminServer();
});
test.after(async () => {
  await app?.close();
});

/** Every JSON route, as a signed-out caller would try it. */
const PRIVATE_ROUTES: [string, string][] = [
  ['GET', '/admin/users/me'],
  ['GET', '/admin/users'],
  ['POST', '/admin/users'],
  ['POST', '/admin/logout'],
  ['GET', '/admin/content-manager/init'],
  ['GET', `/admin/content-manager/collection-types/${ARTICLE}`],
  ['POST', `/admin/content-manager/collection-types/${ARTICLE}`],
  ['GET', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`],
  ['PUT', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`],
  ['DELETE', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`],
  ['POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/publish`],
  ['POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/unpublish`],
  ['POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/discard`],
  ['POST', `/admin/content-manager/collection-types/${ARTICLE}/actions/bulkDelete`],
  ['GET', '/admin/content-manager/single-types/api::homepage.homepage'],
  ['PUT', '/admin/content-manager/single-types/api::homepage.homepage'],
  ['GET', `/admin/content-manager/relations/${ARTICLE}`],
  ['GET', '/admin/upload/files'],
  ['POST', '/admin/upload'],
  ['PUT', '/admin/upload/files/1'],
  ['DELETE', '/admin/upload/files/1'],
  ['POST', '/admin/upload/files/1/replace'],
  ['GET', '/admin/upload/files/1/usage'],
  ['GET', `/admin/history/collection-types/${ARTICLE}/${DOC}`],
  ['GET', `/admin/history/collection-types/${ARTICLE}/${DOC}/${COMMIT}`],
  ['POST', `/admin/history/collection-types/${ARTICLE}/${DOC}/${COMMIT}/restore`],
  ['GET', '/admin/history/single-types/api::homepage.homepage'],
  ['GET', `/admin/history/single-types/api::homepage.homepage/${COMMIT}`],
  ['POST', `/admin/history/single-types/api::homepage.homepage/${COMMIT}/restore`],
  ['GET', '/admin/changes'],
  ['POST', '/admin/changes/commit'],
  ['POST', '/admin/changes/discard'],
  ['POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/change-id`],
  ['GET', '/admin/webhooks'],
  ['GET', '/admin/webhooks/deliveries'],
  ['POST', '/admin/webhooks/site/test'],
  ['GET', '/admin/events'],
  ['GET', '/admin/no-such-route'],
];

/** Every file of the project with its bytes: what a refused write must leave as it was. */
function snapshotFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.relative(dir, full), fs.readFileSync(full, 'base64'));
    }
  return files;
}

test('without a session every /admin JSON route answers 401 and shows nothing; the page and sign-in stay public', async () => {
  const anonymous = new AdminClient(app.url);
  for (const [method, route] of PRIVATE_ROUTES) {
    const answer = await anonymous.request(method, route, method === 'GET' ? undefined : { data: {} });
    assert.equal(answer.status, 401, `${method} ${route}`);
    assert.equal(answer.body.data, null);
    assert.equal(answer.body.error.name, 'UnauthorizedError');
  }
  // A forged cookie is no session either.
  const forged = new AdminClient(app.url);
  forged.cookie = 'cms_admin_session=not-a-session';
  assert.equal((await forged.request('GET', '/admin/users/me')).status, 401);
  const page = await fetch(`${app.url}/admin`);
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="app">/);
  assert.match(page.headers.get('content-security-policy') ?? '', /default-src 'self'/);
  assert.deepEqual((await anonymous.request('GET', '/admin/init')).body, { data: { hasAdmin: false } });
});

test('the first visit creates the first administrator (Super Admin) once; the session cookie is HttpOnly and SameSite=Strict', async () => {
  const client = new AdminClient(app.url);
  const weak = await client.request('POST', '/admin/register-admin', { email: BOSS.email, password: 'short' });
  assert.equal(weak.status, 400);
  assert.deepEqual(weak.body.error.details.errors[0].path, ['password']);
  const created = await client.request('POST', '/admin/register-admin', BOSS);
  assert.equal(created.status, 200);
  assert.equal(created.body.data.user.role, 'super-admin');
  const cookie = created.headers.get('set-cookie') ?? '';
  assert.match(cookie, /HttpOnly/i);
  assert.match(cookie, /SameSite=Strict/i);
  assert.match(cookie, /path=\/admin/i);
  assert.equal((await client.request('GET', '/admin/users/me')).body.data.user.email, BOSS.email);
  const again = await new AdminClient(app.url).request('POST', '/admin/register-admin', { email: 'other@example.com', password: 'Secret123' });
  assert.equal(again.status, 400);
  assert.equal((await new AdminClient(app.url).request('GET', '/admin/init')).body.data.hasAdmin, true);
  const file = app.read(`admins/${created.body.data.user.id}.json`);
  assert.match(JSON.parse(file).password, /^\$2[aby]\$10\$/);
});

test('a write without the CSRF token, or with another session’s, is refused and changes nothing', async () => {
  const client = new AdminClient(app.url);
  await client.signIn(BOSS.email, BOSS.password);
  const before = app.read(`content/articles/${DOC}.md`);
  const route = `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`;
  const missing = await client.request('PUT', route, { data: { title: 'Changed without token' } }, { 'x-csrf-token': '' });
  assert.equal(missing.status, 403);
  const other = new AdminClient(app.url);
  await other.signIn(BOSS.email, BOSS.password);
  const foreign = await client.request('PUT', route, { data: { title: 'Changed with a foreign token' } }, { 'x-csrf-token': other.csrf });
  assert.equal(foreign.status, 403);
  assert.equal(app.read(`content/articles/${DOC}.md`), before);
  const ok = await client.request('PUT', route, { data: { title: 'Changed with the token' } });
  assert.equal(ok.status, 200);
  assert.equal(ok.body.data.status, 'modified');
});

test('an Author edits only the documents they created', async () => {
  const boss = new AdminClient(app.url);
  await boss.signIn(BOSS.email, BOSS.password);
  const made = await boss.request('POST', '/admin/users', { email: 'author@example.com', password: 'Author123', role: 'author' });
  assert.equal(made.status, 201);
  const author = new AdminClient(app.url);
  assert.equal((await author.signIn('author@example.com', 'Author123')).status, 200);
  assert.equal((await author.request('GET', '/admin/users')).status, 403);
  const others = await author.request('PUT', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`, { data: { title: 'Not mine' } });
  assert.equal(others.status, 403);
  assert.equal((await author.request('DELETE', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`)).status, 403);
  const created = await author.request('POST', `/admin/content-manager/collection-types/${ARTICLE}`, { data: { title: 'Mine', slug: 'mine-by-author' } });
  assert.equal(created.status, 201);
  const id = created.body.data.documentId;
  const own = await author.request('PUT', `/admin/content-manager/collection-types/${ARTICLE}/${id}`, { data: { title: 'Mine, edited' } });
  assert.equal(own.status, 200);
  assert.equal(JSON.parse(app.read(`content/articles/${id}.json`)).title, 'Mine, edited');
  // The creator is recorded in the author's file, never in the document's.
  assert.doesNotMatch(app.read(`content/articles/${id}.json`), /author@example.com|"created":/);
});

test('every private /admin write without the CSRF token is a 403 and changes no file', async () => {
  // The CSRF check comes before any role's: an Author's session shows it (sign-ins are limited per address).
  const client = new AdminClient(app.url);
  assert.equal((await client.signIn('author@example.com', 'Author123')).status, 200);
  const before = snapshotFiles(app.dir);
  const writes = PRIVATE_ROUTES.filter(([method]) => method !== 'GET');
  assert.ok(writes.length >= 20, 'the writes of every router are listed');
  for (const [method, route] of writes) {
    const answer = await client.request(method, route, { data: { title: 'Without the token' }, targets: ['articles'], message: 'x' }, { 'x-csrf-token': '' });
    assert.equal(answer.status, 403, `${method} ${route}`);
    assert.equal(answer.body.error.name, 'ForbiddenError', `${method} ${route}`);
  }
  assert.deepEqual(snapshotFiles(app.dir), before);
});

test('sign-in attempts are limited per e-mail address: the sixth within five minutes is a 429', async () => {
  const client = new AdminClient(app.url);
  for (let i = 0; i < 5; i++) assert.equal((await client.signIn('limit@example.com', 'Wrong1234')).status, 400);
  const limited = await client.signIn('limit@example.com', 'Wrong1234');
  assert.equal(limited.status, 429);
  assert.equal(limited.body.error.name, 'RateLimitError');
  assert.ok(Number(limited.headers.get('retry-after')) > 0);
});

test('no answer carries a password hash, and admin answers are never open to other origins', async () => {
  const client = new AdminClient(app.url);
  await client.signIn(BOSS.email, BOSS.password);
  await client.request('GET', '/admin/users');
  await client.request('GET', '/admin/users/me');
  await client.request('GET', '/admin/content-manager/init');
  await client.request('GET', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`);
  const cors = await client.request('GET', '/admin/users/me', undefined, { origin: 'http://evil.example' });
  assert.equal(cors.headers.get('access-control-allow-origin'), null);
  assert.equal(cors.headers.get('cache-control'), 'no-store');
  for (const text of client.answers) assert.doesNotMatch(text, /\$2[aby]\$\d\d\$/);
});

test('signing out ends the session', async () => {
  const client = new AdminClient(app.url);
  await client.signIn(BOSS.email, BOSS.password);
  assert.equal((await client.request('POST', '/admin/logout')).status, 200);
  const cookie = client.cookie;
  assert.equal(cookie, 'cms_admin_session=');
  const stale = new AdminClient(app.url);
  await stale.signIn(BOSS.email, BOSS.password);
  const kept = stale.cookie;
  await stale.request('POST', '/admin/logout');
  stale.cookie = kept;
  assert.equal((await stale.request('GET', '/admin/users/me')).status, 401);
});

test.run();
