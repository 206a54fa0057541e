import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let blog: TestServer;

test.before(async () => {
  blog = await startTestServer('blog');
});
test.after(async () => {
  await blog.close();
});

const titles = (body: { data: { title: string }[] }) => body.data.map((d) => d.title).sort();
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

test('_q and body $containsi answer the same before and after their search columns are made, and after edits', async () => {
  const search = (query: string) => blog.get(`/api/articles?${query}&pagination[pageSize]=100`);
  // The first search of a list goes entry by entry and has its columns made between requests.
  const before = await search('_q=zebra');
  const bodyBefore = await search('filters[body][$containsi]=zebra');
  const notBefore = await search('filters[body][$notContainsi]=black%20and%20zebra&filters[title][$containsi]=zebra');
  await settle();
  // Another term (not the same URL: no answer from the answer cache), now from the columns.
  const after = await search('_q=ZEBRA');
  assert.equal(titles(after.body), titles(before.body));
  assert.equal(titles((await search('filters[body][$containsi]=ZEBRA')).body), titles(bodyBefore.body));
  assert.ok(after.body.data.length > 0, 'the fixture has a zebra');

  // An edit makes a new list: its search finds the new text, and the next ones too (from its columns).
  const created = await blog.request('POST', '/api/articles', {
    body: {
      data: { title: 'A Zebra crossing', summary: 'stripes', body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Black and ZEBRA white' }] }] },
    },
  });
  assert.is(created.status, 201);
  // Asked before the new list has columns (entry by entry), then from them.
  assert.equal(titles((await search('_q=zebra%20crossing')).body), ['A Zebra crossing']);
  await settle();
  assert.equal(titles((await search('_q=zEbRa%20CROSSING')).body), ['A Zebra crossing']);
  assert.ok(titles((await search('_q=Zebra')).body).includes('A Zebra crossing'));
  assert.ok(titles((await search('filters[body][$containsi]=and%20zebra')).body).includes('A Zebra crossing'));
  // Across two values (title then summary) is no match.
  assert.equal((await search('_q=crossingstripes')).body.data, []);
  // NOT on the body (null bodies are never a match), beside a condition no column answers.
  const not = await search('filters[title][$containsi]=zebra&filters[body][$notContainsi]=BLACK%20and%20zebra');
  assert.equal(titles(not.body), titles(notBefore.body));

  const id = created.body.data.documentId;
  assert.is((await blog.request('DELETE', `/api/articles/${id}`)).status, 204);
  assert.equal((await search('_q=zebra%20CROSSING')).body.data, []);
  await settle();
  assert.equal((await search('_q=ZEBRA%20crossing')).body.data, []);
});

test.run();
