import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

test.before(async () => {
  server = await startTestServer('relations');
});
test.after(async () => {
  await server.close();
});

const V4 = { 'Strapi-Response-Format': 'v4' };

async function v4(path: string): Promise<any> {
  const response = await server.get(path, V4);
  assert.is(response.status, 200, response.text);
  return response.body;
}

test('a list: documents under attributes, meta unchanged', async () => {
  const body = await v4('/api/writers?fields[0]=name&sort=name');
  assert.equal(body.meta, { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 3 } });
  assert.equal(
    body.data.map((w: any) => Object.keys(w)),
    [
      ['id', 'documentId', 'attributes'],
      ['id', 'documentId', 'attributes'],
      ['id', 'documentId', 'attributes'],
    ],
  );
  assert.equal(body.data[0].attributes, { name: 'Ada' });
  assert.is(body.data[0].documentId, 'ada');
});

test('one document: relations and media in {data}, null and empty kept, components and zones flat', async () => {
  const v5 = (await server.get('/api/posts/intro?fields[0]=title&populate=*')).body.data;
  const { data, meta } = await v4('/api/posts/intro?fields[0]=title&populate=*');
  assert.equal(meta, {});
  assert.equal(data, {
    id: v5.id,
    documentId: 'intro',
    attributes: {
      title: 'Intro',
      cover: { data: null },
      gallery: { data: [] },
      writer: {
        data: {
          id: v5.writer.id,
          documentId: 'ada',
          attributes: { name: 'Ada', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: '2026-01-01T00:00:00.000Z' },
        },
      },
      tags: {
        data: [
          {
            id: v5.tags[0].id,
            documentId: 'news',
            attributes: { name: 'News', createdAt: '2026-01-10T00:00:00.000Z', updatedAt: '2026-01-10T00:00:00.000Z', publishedAt: '2026-01-10T00:00:00.000Z' },
          },
        ],
      },
      featuredTag: { data: null },
      related: {
        data: [
          {
            id: v5.related[0].id,
            documentId: 'hello',
            attributes: {
              title: 'Hello',
              views: 10,
              createdAt: '2026-02-01T00:00:00.000Z',
              updatedAt: '2026-02-01T00:00:00.000Z',
              publishedAt: '2026-02-01T00:00:00.000Z',
            },
          },
        ],
      },
      hero: null,
      sections: [],
    },
  });
});

test('nested levels: media inside components, relations inside zone entries, documents inside documents', async () => {
  const { data } = await v4(
    '/api/posts/hello?fields[0]=title&populate[hero][populate][cta][populate][icon][fields][0]=name&populate[hero][populate][author][fields][0]=name&populate[sections][on][content.gallery-block][populate][people][fields][0]=name&populate[writer][fields][0]=name&populate[writer][populate][posts][fields][0]=title',
  );
  const { hero, sections, writer } = data.attributes;
  assert.equal(Object.keys(hero), ['id', 'heading', 'author', 'cta']);
  assert.equal(hero.author, { data: { id: hero.author.data.id, documentId: 'grace', attributes: { name: 'Grace' } } });
  assert.equal(hero.cta, {
    id: hero.cta.id,
    label: 'Read intro',
    icon: { data: { id: hero.cta.icon.data.id, documentId: 'c204icfjn5vdpgzahsrokfd2', attributes: { name: 'red-pixel.png' } } },
  });
  assert.equal(sections, [
    {
      id: sections[0].id,
      caption: 'Pixels',
      people: {
        data: [
          { id: sections[0].people.data[0].id, documentId: 'grace', attributes: { name: 'Grace' } },
          { id: sections[0].people.data[1].id, documentId: 'ada', attributes: { name: 'Ada' } },
        ],
      },
      __component: 'content.gallery-block',
    },
  ]);
  assert.equal(
    writer.data.attributes.posts.data.map((p: any) => p.attributes),
    [{ title: 'Hello' }, { title: 'Intro' }],
  );
});

test('a count is wrapped as Strapi wraps any populated object', async () => {
  const { data } = await v4('/api/writers/ada?fields[0]=name&populate[posts][count]=true');
  assert.equal(data.attributes, { name: 'Ada', posts: { data: { attributes: { count: 2 } } } });
});

test('a single type answers in v4 too', async () => {
  const { data } = await v4('/api/site?fields[0]=name&populate[pinned][fields][0]=title&populate[logo][fields][0]=name');
  assert.equal(data.attributes.name, 'Relations lab');
  assert.equal(
    data.attributes.pinned.data.map((p: any) => p.attributes.title),
    ['Edited (published)', 'Hello'],
  );
  assert.is(data.attributes.logo.data.attributes.name, 'blue-pixel.png');
});

test('the header name is case-insensitive; other values keep the v5 shape', async () => {
  const lower = await server.get('/api/writers/ada?fields[0]=name', { 'strapi-response-format': 'v4' });
  assert.equal(lower.body.data.attributes, { name: 'Ada' });
  const other = await server.get('/api/writers/ada?fields[0]=name', { 'Strapi-Response-Format': 'v5' });
  assert.is(other.body.data.name, 'Ada');
  assert.not.ok('attributes' in other.body.data);
});

test('errors keep their envelope with the header', async () => {
  const response = await server.get('/api/posts?populate=nope', V4);
  assert.is(response.status, 400);
  assert.equal(response.body.data, null);
  assert.is(response.body.error.message, 'Invalid key nope');
  const missing = await server.get('/api/posts/nope', V4);
  assert.is(missing.status, 404);
  assert.equal(missing.body.data, null);
});

test.run();
