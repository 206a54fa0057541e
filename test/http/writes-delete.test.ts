import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// DELETE: 204 whatever existed, every file of the document gone, and no link left pointing at it
// in other files (top level, inside components and dynamic zones, main and draft files).

const HOPPER = 'sjlq8hgxw8ame5jqieu9qb6m';
const CULTURE = 'h2sx3g1avdmoa1tsvmlh38lo';
const TIPS = 'dwskr8keskm6eso8drwmjp4i';
const SECRET = 'xb20k8enrgeqpua1lq5cdjoh';
const APPLE = 'z041qrnkdex5f4439ngy6wuh';
const TABS = 'eopqbk5pxdvx55xuuk2proo9';
const HELLO = 'n0rkkhkmxloujb87i7huf7if';
const EDITED = 'zuvut7z9xszedzzlwpit2luk';
const CAFE = 'thpng03diq57e9mwj3bzgoos';
const UPCOMING = 'evk8tg6571mbjyyajra4d0ca';

let blog: TestServer;
let rules: TestServer;

test.before(async () => {
  [blog, rules] = await Promise.all([startTestServer('blog'), startTestServer('writes-rules')]);
});
test.after(async () => {
  await Promise.all([blog.close(), rules.close()]);
});

const read = (server: TestServer, rel: string): Record<string, any> => JSON.parse(server.project.read(rel));

async function expectDeleted(server: TestServer, path: string): Promise<void> {
  const response = await server.request('DELETE', path);
  assert.is(response.status, 204);
  assert.is(response.text, '');
}

test('a created document is deleted: 204 with no body, again 204, then 404 (recorded #160-#162)', async () => {
  const created = await blog.request('POST', '/api/articles', { body: { data: { title: 'Short-lived' } } });
  const { documentId } = created.body.data;
  assert.ok(blog.project.exists(`content/articles/${documentId}.json`));
  await expectDeleted(blog, `/api/articles/${documentId}`);
  assert.not.ok(blog.project.exists(`content/articles/${documentId}.json`));
  await expectDeleted(blog, `/api/articles/${documentId}`);
  assert.is((await blog.get(`/api/articles/${documentId}`)).status, 404);
  assert.is((await blog.get(`/api/articles/${documentId}?status=draft`)).status, 404);
});

test('deleting an unknown or malformed documentId is a 204 and touches nothing', async () => {
  const before = blog.project.read(`content/articles/${APPLE}.json`);
  await expectDeleted(blog, '/api/articles/doesnotexist000000000000');
  await expectDeleted(blog, '/api/articles/..%2F..%2Fcms.config');
  assert.ok(blog.project.exists('cms.config.json'));
  assert.is(blog.project.read(`content/articles/${APPLE}.json`), before);
});

test('DELETE with ?status=draft is a clear 400 (Strapi answers a bare 500) and deletes nothing', async () => {
  const response = await blog.request('DELETE', `/api/articles/${EDITED}?status=draft`);
  assert.is(response.status, 400);
  assert.equal(response.body, {
    data: null,
    error: {
      status: 400,
      name: 'ValidationError',
      message: 'Cannot delete a draft document: a DELETE removes the draft and the published version',
      details: { key: 'status', source: 'query', param: 'status' },
    },
  });
  assert.ok(blog.project.exists(`content/articles/${EDITED}.json`));
  assert.ok(blog.project.exists(`content/articles/${EDITED}.draft.json`));
});

test('a draft-only document is deleted (recorded #163)', async () => {
  await expectDeleted(blog, `/api/articles/${UPCOMING}`);
  assert.not.ok(blog.project.exists(`content/articles/${UPCOMING}.json`));
  assert.is((await blog.get(`/api/articles/${UPCOMING}?status=draft`)).status, 404);
});

test('deleting a published document with a draft removes both files', async () => {
  await expectDeleted(blog, `/api/articles/${EDITED}`);
  assert.not.ok(blog.project.exists(`content/articles/${EDITED}.json`));
  assert.not.ok(blog.project.exists(`content/articles/${EDITED}.draft.json`));
  const drafts = await blog.get('/api/articles?status=draft&fields[0]=title&pagination[pageSize]=100');
  assert.not.ok(drafts.body.data.some((d: { documentId: string }) => d.documentId === EDITED));
});

test('deleting an author unlinks it from the owning side, also inside dynamic zones, leaving timestamps alone', async () => {
  const tabsBefore = read(blog, `content/articles/${TABS}.json`);
  await expectDeleted(blog, `/api/authors/${HOPPER}`);
  assert.not.ok(blog.project.exists(`content/authors/${HOPPER}.json`));
  for (const documentId of [TIPS, SECRET, APPLE]) assert.is(read(blog, `content/articles/${documentId}.json`).author, null, documentId);
  const tabs = read(blog, `content/articles/${TABS}.json`);
  assert.equal(tabs.blocks[0], { ...tabsBefore.blocks[0], author: null });
  assert.equal({ ...tabs, blocks: tabsBefore.blocks }, tabsBefore);
  const populated = await blog.get(`/api/articles/${TABS}?populate[blocks][on][shared.quote][populate]=author`);
  assert.is(populated.status, 200);
  assert.is(populated.body.data.blocks[0].author, null);
});

test('deleting a category removes it from every list that holds it, in main and draft files', async () => {
  // A draft of CAFE that also holds the category.
  assert.is((await blog.request('PUT', `/api/articles/${CAFE}?status=draft`, { body: { data: { views: 1 } } })).status, 200);
  assert.ok(read(blog, `content/articles/${CAFE}.draft.json`).categories.includes(CULTURE));
  await expectDeleted(blog, `/api/categories/${CULTURE}`);
  assert.equal(read(blog, `content/articles/${CAFE}.json`).categories, ['kgij077343nt9lhyy1ycu5vb']);
  assert.equal(read(blog, `content/articles/${CAFE}.draft.json`).categories, ['kgij077343nt9lhyy1ycu5vb']);
  assert.equal(read(blog, `content/articles/${APPLE}.json`).categories, []);
});

test('a link only a draft file holds is cleared too', async () => {
  const TECH = 'zltqvqf04d5e839ng102ihtk';
  assert.is(
    (await blog.request('PUT', `/api/articles/${TABS}?status=draft`, { body: { data: { categories: [TECH, 'kgij077343nt9lhyy1ycu5vb'] } } })).status,
    200,
  );
  const main = read(blog, `content/articles/${TABS}.json`);
  main.categories = ['kgij077343nt9lhyy1ycu5vb'];
  // The published file no longer holds TECH: only the draft does.
  blog.project.write(`content/articles/${TABS}.json`, main);
  await blog.server.project.apply([{ area: 'content', path: `content/articles/${TABS}.json` }]);
  await expectDeleted(blog, `/api/categories/${TECH}`);
  assert.equal(read(blog, `content/articles/${TABS}.draft.json`).categories, ['kgij077343nt9lhyy1ycu5vb']);
  assert.equal(read(blog, `content/articles/${TABS}.json`).categories, ['kgij077343nt9lhyy1ycu5vb']);
});

test('deleting the article a single type points at clears that link', async () => {
  await expectDeleted(blog, `/api/articles/${HELLO}`);
  assert.is(read(blog, 'content/homepage.json').featuredArticle, null);
  const homepage = await blog.get('/api/homepage?populate=featuredArticle');
  assert.is(homepage.body.data.featuredArticle, null);
});

test('a single type is deleted (recorded #168), then a PUT creates it again', async () => {
  await expectDeleted(blog, '/api/homepage');
  assert.not.ok(blog.project.exists('content/homepage.json'));
  assert.is((await blog.get('/api/homepage')).status, 404);
  await expectDeleted(blog, '/api/homepage');
  const created = await blog.request('PUT', '/api/homepage', { body: { data: { heroTitle: 'Back' } } });
  assert.is(created.status, 200);
  assert.is(read(blog, 'content/homepage.json').heroTitle, 'Back');
});

test('deleting a gadget clears links to it inside repeatable components and dynamic zones of other files', async () => {
  const noteBefore = read(rules, 'content/notes/published.json');
  await expectDeleted(rules, '/api/gadgets/existing');
  assert.not.ok(rules.project.exists('content/gadgets/existing.json'));
  const note = read(rules, 'content/notes/published.json');
  assert.equal(note.parts, [{ label: 'uses', qty: 1, gadget: null }]);
  assert.is(note.updatedAt, noteBefore.updatedAt);
  assert.equal(read(rules, 'content/gadgets/other.json').zone, [
    { __component: 'kit.label', text: 'hi' },
    { __component: 'kit.part', label: 'spare', qty: 2, gadget: null },
  ]);
});

test('a Markdown document is deleted like any other', async () => {
  await expectDeleted(rules, '/api/notes/in-markdown');
  assert.not.ok(rules.project.exists('content/notes/in-markdown.md'));
  assert.is((await rules.get('/api/notes/in-markdown?status=draft')).status, 404);
});

test('the lists answer without the deleted documents', async () => {
  const list = await blog.get('/api/authors');
  assert.not.ok(list.body.data.some((d: { documentId: string }) => d.documentId === HOPPER));
  const gadgets = await rules.get('/api/gadgets');
  assert.equal(
    gadgets.body.data.map((g: { documentId: string }) => g.documentId),
    ['other'],
  );
});

test.run();
