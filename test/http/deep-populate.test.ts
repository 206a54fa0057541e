import qs from 'qs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

async function start(change: (config: any) => void = () => {}): Promise<void> {
  server = await startTestServer('blog', {
    prepare: (project) => {
      const config = JSON.parse(project.read('cms.config.json'));
      change(config);
      project.write('cms.config.json', config);
    },
  });
}
test.after.each(async () => {
  await server.close();
});

const HELLO = '/api/articles/n0rkkhkmxloujb87i7huf7if';
const populate = (value: unknown): string => qs.stringify({ populate: value }, { encodeValuesOnly: true });

/** What `pLevel` (5: four levels below the document) means for an article, written out by hand. */
const AUTHOR_BELOW_ARTICLE = { populate: { avatar: true, articles: true } };
const ARTICLE_LEVEL_5 = {
  cover: true,
  gallery: true,
  author: AUTHOR_BELOW_ARTICLE,
  categories: { populate: { articles: true } },
  seo: { populate: { shareImage: true } },
  links: true,
  blocks: {
    on: { 'shared.quote': { populate: { author: AUTHOR_BELOW_ARTICLE } }, 'shared.media-block': { populate: { file: true } }, 'shared.rich-text': true },
  },
};

async function same(deep: string, hand: string): Promise<any> {
  const a = await server.get(deep);
  const b = await server.get(hand);
  assert.is(a.status, 200, `${deep}: ${a.text}`);
  assert.is(b.status, 200, `${hand}: ${b.text}`);
  assert.equal(a.body, b.body, deep);
  return a.body;
}

test('?pLevel populates every relation, media, component and dynamic zone five levels deep, cycles cut, like the hand-written populate', async () => {
  await start();
  const body = await same(`${HELLO}?pLevel`, `${HELLO}?${populate(ARTICLE_LEVEL_5)}`);
  assert.is(body.data.author.name, 'Ada Lovelace');
  assert.ok(Array.isArray(body.data.author.articles), 'the way back to articles is populated once');
  assert.is(body.data.author.articles[0].author, undefined, 'and not followed further');
  assert.is(body.data.blocks[0].author.documentId, 'qlbzjy8ymwitxmczph8a7en0');
  assert.ok(body.data.seo.shareImage.url);
  await same(`${HELLO}?pLevel=`, `${HELLO}?pLevel=5`);
  await same('/api/articles?pLevel&sort=title', `/api/articles?sort=title&${populate(ARTICLE_LEVEL_5)}`);
});

test('pLevel=N goes N-1 levels deep; pLevel=2 is populate=*, pLevel=1 and 0 populate nothing', async () => {
  await start();
  await same(`${HELLO}?pLevel=2`, `${HELLO}?populate=*`);
  await same(`${HELLO}?pLevel=1`, HELLO);
  await same(`${HELLO}?pLevel=0`, HELLO);
  await same(
    '/api/homepage?pLevel=3',
    `/api/homepage?${populate({ featuredArticle: { populate: { cover: true, gallery: true, author: true, categories: true, seo: true, links: true, blocks: true } } })}`,
  );
});

test('pLevel wins over populate; pIgnore leaves attributes out and stops at the types it names', async () => {
  await start();
  await same(`${HELLO}?pLevel=2&populate=cover`, `${HELLO}?populate=*`);
  const { cover, gallery, ...rest } = ARTICLE_LEVEL_5;
  await same(`${HELLO}?pLevel&pIgnore=cover,gallery`, `${HELLO}?${populate(rest)}`);
  await same(
    `${HELLO}?pLevel&pIgnore[0]=authors`,
    `${HELLO}?${populate({ ...ARTICLE_LEVEL_5, author: true, blocks: { on: { ...ARTICLE_LEVEL_5.blocks.on, 'shared.quote': { populate: { author: true } } } } })}`,
  );
});

test('pLevel is capped by limits.populateDepth; a bad value is a 400', async () => {
  await start((config) => {
    config.limits = { populateDepth: 2 };
  });
  await same(`${HELLO}?pLevel=50`, `${HELLO}?pLevel=3`);
  const deep = await server.get(`${HELLO}?pLevel=50`);
  assert.ok(deep.body.data.blocks[0].author.name, 'two levels');
  assert.is(deep.body.data.blocks[0].author.avatar, undefined, 'not three');
  for (const bad of ['pLevel=abc', 'pLevel=-1', 'pLevel[0]=2', 'pLevel&pIgnore[a]=b']) {
    const response = await server.get(`${HELLO}?${bad}`);
    assert.is(response.status, 400, bad);
    assert.is(response.body.error.name, 'ValidationError', bad);
  }
});

test('relations to types the caller may not find are left out, as populate leaves them out', async () => {
  await start((config) => {
    config.permissions.public = config.permissions.public.filter((action: string) => !action.startsWith('api::author.'));
  });
  const body = await same(`${HELLO}?pLevel`, `${HELLO}?${populate(ARTICLE_LEVEL_5)}`);
  assert.not.ok('author' in body.data);
  assert.not.ok('author' in body.data.blocks[0]);
  assert.ok(body.data.categories.length > 0);
});

test('a named populate per type applies when a read sends none', async () => {
  await start((config) => {
    config.api.rest.populate = { articles: 'populate[author][fields][0]=name&populate[1]=cover', 'api::homepage.homepage': 'pLevel=3' };
  });
  await same(HELLO, `${HELLO}?populate[author][fields][0]=name&populate[1]=cover`);
  await same('/api/articles', `/api/articles?populate[author][fields][0]=name&populate[1]=cover`);
  await same(`${HELLO}?populate=categories`, `${HELLO}?populate=categories`);
  const own = await server.get(`${HELLO}?populate=categories`);
  assert.is(own.body.data.author, undefined, 'a request with its own populate takes only that');
  await same(`${HELLO}?pLevel=2`, `${HELLO}?populate=*`);
  await same('/api/homepage', '/api/homepage?pLevel=3');
  const authors = await server.get('/api/authors');
  assert.is(authors.body.data[0].avatar, undefined, 'types without one populate nothing');
});

test('a pLevel that would expand past the node budget is a 400, not a huge answer', async () => {
  const names = ['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'];
  server = await startTestServer('blog', {
    prepare: (project) => {
      for (const name of names) {
        const attributes: Record<string, unknown> = { title: { type: 'string' } };
        for (const other of names) if (other !== name) attributes[other] = { type: 'relation', relation: 'oneToOne', target: `api::${other}.${other}` };
        project.write(`schemas/${name}.json`, {
          kind: 'collectionType',
          info: { singularName: name, pluralName: `${name}s`, displayName: name },
          options: { draftAndPublish: false },
          attributes,
        });
      }
      const config = JSON.parse(project.read('cms.config.json'));
      config.permissions.public.push('api::t1.t1.find');
      project.write('cms.config.json', config);
    },
  });
  assert.is((await server.get('/api/t1s?pLevel=3')).status, 200);
  const tooMuch = await server.get('/api/t1s?pLevel=10');
  assert.is(tooMuch.status, 400);
  assert.match(tooMuch.body.error.message, /more than 5000 attributes/);
});

test('a bad named populate in cms.config.json stops the start, naming the option', async () => {
  let error: unknown;
  try {
    await start((config) => {
      config.api.rest.populate = { articles: 'sort=title' };
    });
  } catch (caught) {
    error = caught;
  }
  assert.match(String(error), /api\.rest\.populate\.articles: expected a query string of populate, pLevel or pIgnore/);
  server = { close: async () => {} } as TestServer;
});

test.run();
