import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from './admin-server.js';

const ARTICLE = 'api::article.article';
const DOC = 'getting-started-with-typescript-5';
let editor: AdminTestServer;
let rest: AdminTestServer;
let client: AdminClient;

/** The REST twin lets the public role write articles, so the same write can go through /api. */
function openWrites(dir: string): void {
  const file = path.join(dir, 'cms.config.json');
  const config = JSON.parse(fs.readFileSync(file, 'utf8'));
  config.permissions.public.push('api::article.article.create', 'api::article.article.update', 'api::article.article.delete');
  fs.writeFileSync(file, JSON.stringify(config));
}

test.before(async () => {
  editor = await startAdminServer();
  rest = await startAdminServer({ prepare: openWrites });
  client = new AdminClient(editor.url);
  await client.request('POST', '/admin/register-admin', BOSS);
});
test.after(async () => {
  await editor?.close();
  await rest?.close();
});

/** A file with its write times taken out: the two servers write at different moments. */
function withoutTimes(text: string): string {
  return text.replace(/"(updatedAt|publishedAt|createdAt)": "[^"]+"/g, '"$1": "…"').replace(/^(updatedAt|publishedAt|createdAt): .*$/gm, '$1: …');
}

async function restWrite(method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(rest.url + route, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.ok(response.status < 300, `${method} ${route}: ${response.status} ${await response.clone().text()}`);
  return response.status === 204 ? undefined : response.json();
}

const BODY = {
  data: {
    title: 'Same bytes through both doors',
    excerpt: 'Saved by the editor and by the API',
    categories: ['engineering'],
    seo: { metaTitle: 'Same bytes', metaDescription: 'Compared on disk' },
    resources: [{ label: 'Docs', url: 'https://example.com/docs', isExternal: true }],
    blocks: [{ __component: 'shared.quote', text: 'Files are the database', author: 'theo-lindqvist' }],
  },
};

test('a draft save from the editor leaves the same file as the same REST write', async () => {
  const saved = await client.request('PUT', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`, BODY);
  assert.equal(saved.status, 200);
  await restWrite('PUT', `/api/articles/${DOC}?status=draft&locale=en`, BODY);
  const draft = `content/articles/${DOC}.draft.md`;
  const name = editor.exists(draft) ? draft : `content/articles/${DOC}.draft.json`;
  assert.ok(editor.exists(name), 'the draft file is written beside the published one');
  assert.equal(withoutTimes(editor.read(name)), withoutTimes(rest.read(name)));
  assert.equal(saved.body.data.status, 'modified');
});

test('publish from the editor leaves the same files as the REST write without status', async () => {
  const published = await client.request('POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/publish`, BODY);
  assert.equal(published.status, 200);
  await restWrite('PUT', `/api/articles/${DOC}?locale=en`, BODY);
  assert.equal(withoutTimes(editor.read(`content/articles/${DOC}.md`)), withoutTimes(rest.read(`content/articles/${DOC}.md`)));
  assert.equal(editor.exists(`content/articles/${DOC}.draft.md`), rest.exists(`content/articles/${DOC}.draft.md`));
  assert.equal(published.body.data.status, 'published');
});

test('a create from the editor writes the file the REST create writes; unpublish and discard keep the draft', async () => {
  const created = await client.request('POST', `/admin/content-manager/collection-types/${ARTICLE}`, { data: { title: 'Brand new', slug: 'brand-new' } });
  assert.equal(created.status, 201);
  const id = created.body.data.documentId;
  assert.equal(created.body.data.status, 'draft');
  const twin = await restWrite('POST', '/api/articles?status=draft', { data: { title: 'Brand new', slug: 'brand-new' } });
  assert.equal(withoutTimes(editor.read(`content/articles/${id}.json`)), withoutTimes(rest.read(`content/articles/${twin.data.documentId}.json`)));

  const route = `/admin/content-manager/collection-types/${ARTICLE}/${id}`;
  assert.equal((await client.request('POST', `${route}/actions/publish`, { data: {} })).body.data.status, 'published');
  assert.equal((await client.request('PUT', route, { data: { title: 'Brand new, changed' } })).body.data.status, 'modified');
  const discarded = await client.request('POST', `${route}/actions/discard`, {});
  assert.equal(discarded.body.data.status, 'published');
  assert.equal(discarded.body.data.values.title, 'Brand new');
  assert.ok(!editor.exists(`content/articles/${id}.draft.json`));
  await client.request('PUT', route, { data: { title: 'Brand new, unpublished' } });
  const unpublished = await client.request('POST', `${route}/actions/unpublish`, {});
  assert.equal(unpublished.body.data.status, 'draft');
  const file = JSON.parse(editor.read(`content/articles/${id}.json`));
  assert.equal(file.title, 'Brand new, unpublished');
  assert.equal(file.publishedAt, null);
  assert.ok(!editor.exists(`content/articles/${id}.draft.json`));
  assert.equal((await client.request('DELETE', route)).status, 200);
  assert.ok(!editor.exists(`content/articles/${id}.json`));
});

test('a validation error names its field, and nothing is written', async () => {
  const before = editor.read(`content/articles/${DOC}.md`);
  const bad = await client.request('POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/publish`, { data: { title: 'ab' } });
  assert.equal(bad.status, 400);
  const paths = bad.body.error.details.errors.map((e: { path: string[] }) => e.path.join('.'));
  assert.ok(paths.includes('title'), paths.join(', '));
  assert.equal(editor.read(`content/articles/${DOC}.md`), before);
});

test('the list view shows drafts with their status, sorted and searched through the API’s query language', async () => {
  const list = await client.request('GET', `/admin/content-manager/collection-types/${ARTICLE}?sort=title:asc&pagination[pageSize]=5&_q=TypeScript`);
  assert.equal(list.status, 200);
  assert.ok(list.body.data.results.length > 0);
  assert.ok(list.body.data.results.every((row: { status: string }) => ['draft', 'published', 'modified'].includes(row.status)));
  assert.deepEqual(list.body.data.columns.slice(0, 1), ['title']);
  const badFilter = await client.request('GET', `/admin/content-manager/collection-types/${ARTICLE}?filters[nope][$eq]=1`);
  assert.equal(badFilter.status, 400);
  const opened = await client.request('GET', `/admin/content-manager/collection-types/api::author.author/theo-lindqvist`);
  assert.ok(opened.body.data.referencedBy.some((ref: { uid: string }) => ref.uid === ARTICLE));
});

test('a save from a form opened before the file last changed is refused (409) and the file is kept', async () => {
  const route = `/admin/content-manager/collection-types/api::tag.tag/typescript`;
  const opened = await client.request('GET', route);
  const first = await client.request('PUT', route, { data: { name: 'First save' } }, { 'x-opened-version': opened.body.data.version });
  assert.equal(first.status, 200);
  // A second form opened before the first save: its version is gone.
  const stale = await client.request('PUT', route, { data: { name: 'Stale save' } }, { 'x-opened-version': opened.body.data.version });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.error.name, 'ConflictError');
  assert.equal(JSON.parse(editor.read('content/tags/typescript.json')).name, 'First save');
});

test.run();
