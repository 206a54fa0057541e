import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

test.before.each(async () => {
  server = await startTestServer('blog', { watch: true });
});
test.after.each(async () => {
  await server.close();
});

const HELLO = '/api/articles/n0rkkhkmxloujb87i7huf7if';

test('a repeated read answers the same bytes, with the JSON content type', async () => {
  const first = await server.get(`${HELLO}?populate=cover`);
  const second = await server.get(`${HELLO}?populate=cover`);
  assert.is(second.text, first.text);
  assert.is(second.headers.get('content-type'), 'application/json; charset=utf-8');
});

test('a cached read follows an edit of a media sidecar made by hand', async () => {
  // Asked twice: an answer is kept the second time its URL is asked.
  await server.get(`${HELLO}?populate=cover`);
  const before = await server.get(`${HELLO}?populate=cover`);
  assert.is(before.body.data.cover.alternativeText, 'A tiny red image');
  const sidecar = 'uploads/red_pixel_3285557a91.png.meta.json';
  server.project.write(sidecar, { ...JSON.parse(server.project.read(sidecar)), alternativeText: 'A red pixel' });
  const after = await eventually(
    () => server.get(`${HELLO}?populate=cover`),
    (response) => response.body.data.cover.alternativeText === 'A red pixel',
  );
  assert.is(after.body.data.cover.alternativeText, 'A red pixel');
});

test('a cached read follows an edit of a related document and answers each format apart', async () => {
  await server.get(`${HELLO}?populate=author`);
  await server.get(`${HELLO}?populate=author`, { 'Strapi-Response-Format': 'v4' });
  const v5 = await server.get(`${HELLO}?populate=author`);
  const v4 = await server.get(`${HELLO}?populate=author`, { 'Strapi-Response-Format': 'v4' });
  assert.is(v5.body.data.author.name, 'Ada Lovelace');
  assert.is(v4.body.data.attributes.author.data.attributes.name, 'Ada Lovelace');
  const file = 'content/authors/uqx84vzsfx8n4s3jmqvmxv37.json';
  server.project.write(file, { ...JSON.parse(server.project.read(file)), name: 'Ada King' });
  const after = await eventually(
    () => server.get(`${HELLO}?populate=author`),
    (response) => response.body.data.author.name === 'Ada King',
  );
  assert.is(after.body.data.author.name, 'Ada King');
});

test.run();
