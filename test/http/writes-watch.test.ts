import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

// Read-your-writes with the file watcher running: the response and the very next GET show a
// write, and the watcher's echo of the server's own files neither applies it twice nor reverts it.

const APPLE = 'z041qrnkdex5f4439ngy6wuh';
const SCIENCE_WEEKLY = 'vbu1g17v4j38gcr3jzhybjnd';
const HOPPER = 'sjlq8hgxw8ame5jqieu9qb6m';
const ZEBRA = 'opniw21e4afikr4ltb3j5uzy';

let server: TestServer;
let markers = 0;

test.before(async () => {
  server = await startTestServer('blog', { watch: true });
});
test.after(async () => {
  await server.close();
});

const read = (rel: string): Record<string, any> => JSON.parse(server.project.read(rel));

/**
 * Waits until the watcher has caught up with everything written so far: a marker file written
 * after them in the same folder is seen, then its removal is (fs.watch reports a folder in order).
 */
async function settle(): Promise<void> {
  const id = `marker-${++markers}`;
  server.project.write(`content/articles/${id}.json`, { title: id });
  const seen = await eventually(
    () => server.get(`/api/articles/${id}?status=draft`),
    (r) => r.status === 200,
  );
  assert.is(seen.status, 200, 'the watcher never reported the marker');
  server.project.remove(`content/articles/${id}.json`);
  const gone = await eventually(
    () => server.get(`/api/articles/${id}?status=draft`),
    (r) => r.status === 404,
  );
  assert.is(gone.status, 404, 'the watcher never reported the marker removal');
}

const total = async (path: string): Promise<number> => (await server.get(path)).body.meta.pagination.total;

test('a create shows at once, and its echo adds nothing', async () => {
  const before = await total('/api/articles?status=draft');
  const created = await server.request('POST', '/api/articles', { body: { data: { title: 'Watched create' } } });
  assert.is(created.status, 201);
  const { documentId, id } = created.body.data;
  const now = await server.get(`/api/articles/${documentId}`);
  assert.is(now.status, 200);
  assert.is(now.body.data.id, id);
  assert.is(await total('/api/articles?status=draft'), before + 1);
  await settle();
  assert.is(await total('/api/articles?status=draft'), before + 1);
  const later = await server.get(`/api/articles/${documentId}`);
  assert.equal(later.body, now.body);
});

test('quick successive updates: each answer and the next GET show it, and the last one stays', async () => {
  for (let views = 1; views <= 8; views++) {
    const response = await server.request('PUT', `/api/articles/${APPLE}`, { body: { data: { views } } });
    assert.is(response.body.data.views, views);
    assert.is((await server.get(`/api/articles/${APPLE}?fields[0]=views`)).body.data.views, views);
  }
  await settle();
  assert.is((await server.get(`/api/articles/${APPLE}?fields[0]=views`)).body.data.views, 8);
  assert.is(read(`content/articles/${APPLE}.json`).views, 8);
});

test('concurrent updates of one document: the index and the file agree on the last', async () => {
  const responses = await Promise.all(
    Array.from({ length: 10 }, (_, i) => server.request('PUT', `/api/articles/${APPLE}`, { body: { data: { summary: `concurrent ${i}` } } })),
  );
  for (const response of responses) assert.is(response.status, 200);
  await settle();
  const onDisk = read(`content/articles/${APPLE}.json`);
  const served = (await server.get(`/api/articles/${APPLE}`)).body.data;
  assert.is(served.summary, onDisk.summary);
  assert.is(served.updatedAt, onDisk.updatedAt);
  // The last answer sent is the state kept.
  const last = responses
    .map((r) => r.body.data)
    .sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : 0))
    .at(-1);
  assert.is(onDisk.updatedAt, last.updatedAt);
});

test('a draft write then a publish: the removed .draft.json does not come back', async () => {
  assert.is((await server.request('PUT', `/api/articles/${SCIENCE_WEEKLY}?status=draft`, { body: { data: { title: 'Draft title' } } })).status, 200);
  assert.is((await server.request('PUT', `/api/articles/${SCIENCE_WEEKLY}`, { body: { data: { summary: 'Published' } } })).status, 200);
  await settle();
  assert.not.ok(server.project.exists(`content/articles/${SCIENCE_WEEKLY}.draft.json`));
  const draft = (await server.get(`/api/articles/${SCIENCE_WEEKLY}?status=draft`)).body.data;
  const published = (await server.get(`/api/articles/${SCIENCE_WEEKLY}`)).body.data;
  assert.is(draft.title, 'Draft title');
  assert.is(published.title, 'Draft title');
  assert.is(published.summary, 'Published');
});

test('a write through the derived side: the rewritten owning files stay as written', async () => {
  assert.is((await server.request('PUT', `/api/authors/${HOPPER}`, { body: { data: { articles: [ZEBRA] } } })).status, 200);
  await settle();
  const populated = await server.get(`/api/authors/${HOPPER}?populate[articles][fields][0]=title`);
  assert.equal(
    populated.body.data.articles.map((a: { documentId: string }) => a.documentId),
    [ZEBRA],
  );
  assert.is(read(`content/articles/${ZEBRA}.json`).author, HOPPER);
});

test('a delete stays deleted after its echo', async () => {
  const created = await server.request('POST', '/api/articles', { body: { data: { title: 'To delete' } } });
  const { documentId } = created.body.data;
  const before = await total('/api/articles?status=draft');
  assert.is((await server.request('DELETE', `/api/articles/${documentId}`)).status, 204);
  assert.is((await server.get(`/api/articles/${documentId}`)).status, 404);
  await settle();
  assert.is((await server.get(`/api/articles/${documentId}?status=draft`)).status, 404);
  assert.is(await total('/api/articles?status=draft'), before - 1);
});

test('an edit on disk after an API write is picked up', async () => {
  assert.is((await server.request('PUT', `/api/articles/${APPLE}`, { body: { data: { title: 'Written by the API' } } })).status, 200);
  const data = read(`content/articles/${APPLE}.json`);
  server.project.write(`content/articles/${APPLE}.json`, { ...data, title: 'Edited by hand' });
  const seen = await eventually(
    () => server.get(`/api/articles/${APPLE}?fields[0]=title`),
    (r) => r.body?.data?.title === 'Edited by hand',
  );
  assert.is(seen.body.data.title, 'Edited by hand');
  // And an API write after the hand edit builds on it.
  const next = await server.request('PUT', `/api/articles/${APPLE}`, { body: { data: { views: 99 } } });
  assert.equal({ title: next.body.data.title, views: next.body.data.views }, { title: 'Edited by hand', views: 99 });
});

test('a file restored on disk to its content before an API write is picked up', async () => {
  const original = server.project.read(`content/articles/${ZEBRA}.json`);
  assert.is((await server.request('PUT', `/api/articles/${ZEBRA}`, { body: { data: { title: 'Changed by the API' } } })).status, 200);
  server.project.write(`content/articles/${ZEBRA}.json`, original);
  const seen = await eventually(
    () => server.get(`/api/articles/${ZEBRA}?fields[0]=title`),
    (r) => r.body?.data?.title === JSON.parse(original).title,
  );
  assert.is(seen.body.data.title, JSON.parse(original).title);
});

test('the watcher reported no problem with the files the server wrote', async () => {
  await settle();
  assert.equal(
    server.logs.filter((line) => !line.includes('marker-')),
    [],
  );
  assert.is(server.server.project.current.problems.size, 0);
});

test.run();
