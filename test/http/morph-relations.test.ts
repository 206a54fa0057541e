import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// The fixture: a shelf whose `items` (morphToMany) hold posts and pages, comments whose `subject`
// (morphToOne) is a post or a page, and posts and pages answering their comments (morphMany,
// morphOne). Pages also hold custom fields and an attribute of a kind cms does not know.
let server: TestServer;

test.before.each(async () => {
  server = await startTestServer('morph');
});
test.after.each(async () => {
  await server.close();
});

const get = async (path: string): Promise<any> => {
  const response = await server.get(path);
  assert.is(response.status, 200, `${path}: ${response.text}`);
  return response.body;
};

test('a morphToMany answers its documents in stored order, each with __type first, published ones only', async () => {
  const { data } = await get('/api/shelves/main?populate=items&fields=name');
  assert.equal(
    data.items.map((item: Record<string, unknown>) => [Object.keys(item)[0], item['__type'], item['documentId']]),
    [
      ['__type', 'api::post.post', 'second'],
      ['__type', 'api::page.page', 'about'],
      ['__type', 'api::post.post', 'hello'],
    ],
  );
  assert.is(data.items[1].title, 'About');
  const drafts = (await get('/api/shelves/main?status=draft&populate=items&fields=name')).data;
  assert.equal(
    drafts.items.map((item: { documentId: string }) => item.documentId),
    ['second', 'about', 'draft-page', 'hello'],
  );
});

test('on fragments pick the types of a morphToMany and their options', async () => {
  const { data } = await get('/api/shelves/main?fields=name&populate[items][on][api::page.page][fields][0]=title');
  assert.equal(data.items, [{ __type: 'api::page.page', id: data.items[0].id, documentId: 'about', title: 'About' }]);
  const filtered = (await get('/api/shelves/main?fields=name&populate[items][on][api::post.post][filters][headline][$eq]=Hello')).data;
  assert.equal(
    filtered.items.map((item: { documentId: string }) => item.documentId),
    ['hello'],
  );
  assert.equal((await get('/api/shelves/main?fields=name&populate[items][count]=true')).data.items, { count: 3 });
  // Like a dynamic zone: options other than on, populate=* and count are refused, and so is an unknown uid.
  const fields = await server.get('/api/shelves?populate[items][fields]=name');
  assert.is(fields.status, 400);
  assert.match(fields.body.error.message, /^Invalid nested populate for shelf\.items \(api::shelf\.shelf\)/);
  const unknown = await server.get('/api/shelves?populate[items][on][api::nope.nope]=true');
  assert.is(unknown.body.error.message, 'Invalid key api::nope.nope at items.on.api::nope.nope');
  // A fragment's count is checked as a dynamic zone's fragment's is.
  const count = await server.get('/api/shelves?populate[items][on][api::page.page][count]=banana');
  assert.is(count.status, 400);
  assert.is(count.body.error.message, 'Invalid key count at items');
});

test('a morphToOne answers its document without __type; populate=* leaves morphTo sides out', async () => {
  const { data } = await get('/api/comments?populate=subject&fields=text');
  assert.equal(
    data.map((c: { text: string; subject: { documentId: string; __type?: string } }) => [c.text, c.subject.documentId, c.subject.__type]),
    [
      ['Nice post', 'hello', undefined],
      ['Nice page', 'about', undefined],
      ['Agreed', 'hello', undefined],
    ],
  );
  const star = (await get('/api/comments/c1?populate=*')).data;
  assert.not.ok('subject' in star);
  assert.not.ok('items' in (await get('/api/shelves/main?populate=*')).data);
});

test('morphMany and morphOne answer the documents pointing here, with fields, filters, sort and count; * includes them', async () => {
  const { data } = await get('/api/posts/hello?populate[comments][sort]=text:asc&populate[comments][fields]=text&populate[pinned]=true');
  assert.equal(
    data.comments.map((c: { text: string }) => c.text),
    ['Agreed', 'Nice post'],
  );
  assert.is(data.pinned.documentId, 'c1');
  const star = (await get('/api/posts?populate=*&fields=headline')).data;
  assert.equal(
    star.map((p: { headline: string; comments: unknown[]; pinned: unknown }) => [p.headline, p.comments.length, p.pinned === null]),
    [
      ['Hello', 2, false],
      ['Second', 0, true],
    ],
  );
  const filtered = (await get('/api/posts/hello?populate[comments][filters][text][$eq]=Agreed')).data;
  assert.equal(
    filtered.comments.map((c: { text: string }) => c.text),
    ['Agreed'],
  );
  assert.equal((await get('/api/pages/about?populate[comments][count]=true')).data.comments, { count: 1 });
});

test('morph relations cannot be filtered or sorted on', async () => {
  for (const path of ['/api/comments?filters[subject][text]=x', '/api/posts?filters[comments][text]=x', '/api/comments?sort=subject.title']) {
    const response = await server.get(path);
    assert.is(response.status, 400, path);
    assert.match(response.body.error.message, /^Invalid key /);
  }
});

test('a morphToMany is written as a list, or with set, connect and disconnect, and stored as {__type, documentId}', async () => {
  const put = (data: unknown): Promise<any> => server.request('PUT', '/api/shelves/main?fields=name&populate=items', { body: { data } });
  const ids = (response: any): string[] => response.body.data.items.map((item: { documentId: string }) => item.documentId);
  const set = await put({ items: [{ __type: 'api::post.post', documentId: 'hello' }] });
  assert.is(set.status, 200, set.text);
  assert.equal(ids(set), ['hello']);
  assert.equal(JSON.parse(server.project.read('content/shelves/main.json')).items, [{ __type: 'api::post.post', documentId: 'hello' }]);
  const connected = await put({ items: { connect: [{ __type: 'api::page.page', id: 'about' }] } });
  assert.equal(ids(connected), ['hello', 'about']);
  const disconnected = await put({ items: { disconnect: [{ __type: 'api::post.post', documentId: 'hello' }] } });
  assert.equal(ids(disconnected), ['about']);
  // A write that leaves the attribute out keeps it.
  assert.equal(ids(await put({ name: 'Renamed' })), ['about']);
  const missing = await put({ items: [{ __type: 'api::post.post', documentId: 'nope' }] });
  assert.is(missing.status, 400);
  const badType = await put({ items: [{ __type: 'api::nope.nope', documentId: 'hello' }] });
  assert.is(badType.status, 400);
  assert.equal(JSON.parse(server.project.read('content/shelves/main.json')).items, [{ __type: 'api::page.page', documentId: 'about' }]);
});

test('an attribute of a kind cms does not know is a warning with its file and line; the rest is served without it', async () => {
  assert.ok(server.logs.includes('warn: schemas/page.json:9:14: attribute "map": unknown type "geojson-point", left out'), server.logs.join('\n'));
  const { data } = await get('/api/pages/about');
  assert.not.ok('map' in data);
  assert.is(data.title, 'About');
  assert.is((await server.get('/api/pages?filters[map][$null]=true')).status, 400);
});

test('a customField is served as its base type: CKEditor as rich text, a text one as text', async () => {
  const { data } = await get('/api/pages/about?fields=body,intro');
  assert.equal(data, { id: data.id, documentId: 'about', body: '<p>About us</p>', intro: '<p>Hi</p>' });
  assert.equal((await get('/api/pages?filters[body][$contains]=About&fields=title')).data.length, 1);
});

test.run();
