import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

test.before(async () => {
  server = await startTestServer('blog');
});
test.after(async () => {
  await server.close();
});

test('a list answers the published documents with default pagination meta', async () => {
  const response = await server.get('/api/articles');
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.is(response.body.data.length, 10);
  assert.equal(response.body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 10 } });
});

test('a draft-only document is 404 without status and 200 with status=draft', async () => {
  const hidden = await server.get('/api/articles/evk8tg6571mbjyyajra4d0ca');
  assert.is(hidden.status, 404);
  assert.equal(hidden.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
  const draft = await server.get('/api/articles/evk8tg6571mbjyyajra4d0ca?status=draft');
  assert.is(draft.status, 200);
  assert.is(draft.body.data.publishedAt, null);
});

test.run();
