import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// The populate options matrix (test/query/populate-matrix.md), over HTTP on a copy of the
// conformance fixture (test/fixtures/blog: the content Strapi 5.54 served when the cases were recorded).

let server: TestServer;

test.before(async () => {
  server = await startTestServer('blog');
});
test.after(async () => {
  await server.close();
});

const HELLO = '/api/articles?fields[0]=title&filters[title][$eq]=Hello%20World';
const TABS = '/api/articles?fields[0]=title&filters[title][$eq]=Why%20tabs%20beat%20spaces';

async function data(path: string): Promise<any> {
  const response = await server.get(path);
  assert.is(response.status, 200, `${path}: ${response.text}`);
  return response.body.data;
}

/** A component item without its id (Strapi's ids are database rows, ours positions: they never compare). */
function withoutId(item: any): any {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
  const { id: _id, ...rest } = item;
  return rest;
}
const items = (list: any[]) => list.map(withoutId);
const labels = (list: any[]) => list.map((item) => item.label ?? item.name ?? item.text ?? item.__component);

// The four requests of issue 20, each with Strapi 5.54's answer.
const STRAPI_ANSWERS: [name: string, populate: string, key: string, expected: unknown][] = [
  ['a single component that does not match is null', 'populate[seo][filters][metaTitle][$eq]=nothing', 'seo', null],
  ['a repeatable component keeps its matching items', 'populate[links][filters][label][$eq]=Docs', 'links', [{ label: 'Docs', url: 'https://docs.strapi.io' }]],
  [
    'a dynamic zone keeps the matching items of a filtered component and every item of the others',
    'populate[blocks][on][shared.quote][filters][text][$containsi]=simple&populate[blocks][on][shared.rich-text]=true',
    'blocks',
    [{ __component: 'shared.rich-text', body: '## Markdown\n\nSome *rich* text.' }],
  ],
  [
    'a relation inside a fragment compared with text matches nothing (200, not 400)',
    'populate[blocks][on][shared.quote][filters][author][$eq]=nobody',
    'blocks',
    [],
  ],
];

for (const [name, populate, key, expected] of STRAPI_ANSWERS) {
  test(`Strapi's answer: ${name}`, async () => {
    const [article] = await data(`${HELLO}&${populate}`);
    const value = article[key];
    assert.equal(Array.isArray(value) ? items(value) : withoutId(value), expected);
  });
}

// Option × target kind: what each populated attribute answers (labels, names or texts of the items).
const MATRIX: [name: string, path: string, key: string, expected: unknown][] = [
  // filters on a single component: every operator family, logic, media inside it.
  [
    'component: $eq that matches keeps it',
    `${HELLO}&populate[seo][filters][metaTitle][$eq]=Hello&populate[seo][fields][0]=metaTitle`,
    'seo',
    { metaTitle: 'Hello' },
  ],
  [
    'component: $in',
    `${HELLO}&populate[seo][filters][metaTitle][$in][0]=Hi&populate[seo][filters][metaTitle][$in][1]=Hello&populate[seo][fields][0]=metaTitle`,
    'seo',
    { metaTitle: 'Hello' },
  ],
  ['component: $not', `${HELLO}&populate[seo][filters][$not][metaTitle][$startsWith]=He`, 'seo', null],
  [
    'component: $or',
    `${HELLO}&populate[seo][filters][$or][0][metaTitle]=x&populate[seo][filters][$or][1][metaDescription][$containsi]=WORLD&populate[seo][fields][0]=metaTitle`,
    'seo',
    { metaTitle: 'Hello' },
  ],
  ['component: $and', `${HELLO}&populate[seo][filters][$and][0][metaTitle]=Hello&populate[seo][filters][$and][1][metaDescription][$null]=true`, 'seo', null],
  ['component: a media inside it', `${HELLO}&populate[seo][filters][shareImage][name][$contains]=red`, 'seo', null],
  [
    'component: a media inside it, matching',
    `${HELLO}&populate[seo][filters][shareImage][name][$contains]=blue&populate[seo][fields][0]=metaTitle`,
    'seo',
    { metaTitle: 'Hello' },
  ],
  ['component: count', `${HELLO}&populate[seo][count]=true`, 'seo', { count: 1 }],
  ['component: count of a filtered-out one', `${HELLO}&populate[seo][count]=true&populate[seo][filters][metaTitle]=x`, 'seo', { count: 0 }],
  // repeatable components
  ['repeatable: $ne keeps the others in order', `${HELLO}&populate[links][filters][label][$ne]=Docs`, 'links', ['Strapi']],
  ['repeatable: the id it answers with', `${HELLO}&populate[links][filters][id][$gt]=1`, 'links', ['Docs']],
  [
    'zone: the id it answers with',
    `${HELLO}&populate[blocks][on][shared.rich-text][filters][id]=3&populate[blocks][on][shared.quote][filters][id]=3`,
    'blocks',
    ['shared.rich-text'],
  ],
  ['repeatable: $containsi', `${HELLO}&populate[links][filters][url][$containsi]=DOCS`, 'links', ['Docs']],
  ['repeatable: sort', `${HELLO}&populate[links][sort]=label:desc`, 'links', ['Strapi', 'Docs']],
  [
    'repeatable: sort, then start and limit',
    `/api/articles?fields[0]=title&filters[title][$eq]=100%20Tips%20for%20Travel&populate[links][sort]=label&populate[links][start]=1&populate[links][limit]=1`,
    'links',
    ['Map'],
  ],
  ['repeatable: limit -1 is no limit', `${HELLO}&populate[links][limit]=-1`, 'links', ['Strapi', 'Docs']],
  ['repeatable: limit 0 is no limit', `${HELLO}&populate[links][limit]=0`, 'links', ['Strapi', 'Docs']],
  ['repeatable: page and pageSize are checked, not applied', `${HELLO}&populate[links][page]=2&populate[links][pageSize]=1`, 'links', ['Strapi', 'Docs']],
  ['repeatable: count of the matching items', `${HELLO}&populate[links][filters][label][$startsWith]=D&populate[links][count]=true`, 'links', { count: 1 }],
  ['repeatable: count ignores start and limit', `${HELLO}&populate[links][count]=true&populate[links][limit]=1`, 'links', { count: 2 }],
  // dynamic zones
  ['zone: a relation inside a fragment', `${HELLO}&populate[blocks][on][shared.quote][filters][author][name][$eq]=Alan%20Turing`, 'blocks', ['Stay hungry.']],
  ['zone: a relation inside a fragment, not matching', `${HELLO}&populate[blocks][on][shared.quote][filters][author][name][$eq]=Ada%20Lovelace`, 'blocks', []],
  [
    'zone: a media inside a fragment',
    `${HELLO}&populate[blocks][on][shared.media-block][filters][file][name][$contains]=red&populate[blocks][on][shared.quote]=true`,
    'blocks',
    ['Stay hungry.'],
  ],
  [
    'zone: $null on a relation inside a fragment',
    `${TABS}&populate[blocks][on][shared.quote][filters][author][$null]=true`,
    'blocks',
    ['No author on this quote.'],
  ],
  [
    'zone: $notNull on a relation inside a fragment',
    `${TABS}&populate[blocks][on][shared.quote][filters][author][$notNull]=true`,
    'blocks',
    ['Tabs are one byte.'],
  ],
  ['zone: start and limit per component', `${TABS}&populate[blocks][on][shared.quote][start]=1`, 'blocks', ['No author on this quote.']],
  [
    'zone: sort in a fragment keeps the zone order',
    `${TABS}&populate[blocks][on][shared.quote][sort]=text:desc`,
    'blocks',
    ['Tabs are one byte.', 'No author on this quote.'],
  ],
  // relations and media
  ['relation: filters', `${HELLO}&populate[categories][filters][name][$eq]=Science`, 'categories', ['Science']],
  ['relation: sort then limit', `${HELLO}&populate[categories][sort]=name&populate[categories][limit]=1`, 'categories', ['Science']],
  ['relation: start', `${HELLO}&populate[categories][start]=1`, 'categories', ['Science']],
  ['relation: to-one past its only item is null', `${HELLO}&populate[author][start]=1`, 'author', null],
  ['media: limit', `${HELLO}&populate[gallery][limit]=1`, 'gallery', ['red-pixel.png']],
  ['media: sort and start', `${HELLO}&populate[gallery][sort]=name&populate[gallery][start]=1`, 'gallery', ['red-pixel.png']],
];

for (const [name, path, key, expected] of MATRIX) {
  test(`matrix: ${name}`, async () => {
    const [article] = await data(path);
    const value = article[key];
    const shown = Array.isArray(value) ? labels(value) : withoutId(value);
    assert.equal(shown, expected);
  });
}

test('one level down: a component inside populated related documents is null where it does not match', async () => {
  const authors = await data(
    '/api/authors?fields[0]=name&sort=name&populate[articles][fields][0]=title&populate[articles][sort]=title&populate[articles][populate][seo][filters][metaTitle][$eq]=Hello',
  );
  const ada = authors.find((author: any) => author.name === 'Ada Lovelace');
  assert.equal(
    ada.articles.map((article: any) => [article.title, article.seo?.metaTitle ?? null]),
    [
      ['Hello World', 'Hello'],
      ['Published then edited', null],
      ['Science weekly', null],
      ["Émile's Café", null],
    ],
  );
});

test('a list: each document keeps its own matching items', async () => {
  const articles = await data(
    '/api/articles?fields[0]=title&sort=title&populate[links][filters][label][$in][0]=Docs&populate[links][filters][label][$in][1]=Map&populate[links][fields][0]=label',
  );
  assert.equal(
    articles.filter((article: any) => article.links.length > 0).map((article: any) => [article.title, labels(article.links)]),
    [
      ['100 Tips for Travel', ['Map']],
      ['Hello World', ['Docs']],
    ],
  );
});

test('a kept item keeps the id of its stored position', async () => {
  const [article] = await data(`${HELLO}&populate[links][filters][label]=Docs&populate[blocks][on][shared.rich-text]=true`);
  assert.is(article.links[0].id, 2);
  assert.is(article.blocks[0].id, 3);
});

test('a request without populate options answers as before (every item, stored order)', async () => {
  const [article] = await data(`${HELLO}&populate[links]=true&populate[seo]=true&populate[blocks]=true`);
  assert.equal(labels(article.links), ['Strapi', 'Docs']);
  assert.is(article.seo.metaTitle, 'Hello');
  assert.equal(labels(article.blocks), ['Stay hungry.', 'shared.media-block', 'shared.rich-text']);
});

// Where Strapi's converter answers 400, so do we, with its name and message.
const ERRORS: [name: string, populate: string, error: { name: string; message: string }][] = [
  ['page 0', 'populate[links][page]=0', { name: 'PaginationError', message: "Invalid 'page' parameter. Expected an integer > 0, received: 0" }],
  [
    'a pageSize that is no number',
    'populate[categories][pageSize]=ten',
    { name: 'PaginationError', message: "Invalid 'pageSize' parameter. Expected an integer > 0, received: ten" },
  ],
  [
    'page and start together',
    'populate[gallery][page]=1&populate[gallery][start]=0',
    { name: 'PaginationError', message: 'Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object' },
  ],
  [
    'a start that is no number',
    'populate[links][start]=x',
    { name: 'ValidationError', message: 'convertStartQueryParams expected a positive integer got NaN' },
  ],
  [
    'a negative limit',
    'populate[blocks][on][shared.quote][limit]=-2',
    { name: 'ValidationError', message: 'convertLimitQueryParams expected a positive integer got -2' },
  ],
  [
    'filters on a whole dynamic zone',
    'populate[blocks][filters][text]=x',
    {
      name: 'ValidationError',
      message: 'Invalid nested populate for article.blocks (api::article.article). Expected a fragment ("on") or "count" but found {"filters":{"text":"x"}}',
    },
  ],
  [
    'a fragment on a component',
    'populate[seo][on][shared.seo]=true',
    { name: 'ValidationError', message: 'Using fragments is not permitted to populate "seo" in "api::article.article"' },
  ],
];

for (const [name, populate, error] of ERRORS) {
  test(`400: ${name}`, async () => {
    const response = await server.get(`${HELLO}&${populate}`);
    assert.is(response.status, 400, response.text);
    assert.is(response.body.error.name, error.name);
    assert.is(response.body.error.message, error.message);
  });
}

test.run();
