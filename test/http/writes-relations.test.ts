import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Every relation payload form Strapi accepts, written on the owning side only (also when the
// request comes through the derived, mappedBy side), and media by numeric file id.

const TECH = 'zltqvqf04d5e839ng102ihtk';
const SCIENCE = 'whpu1a5b21rfdxubibbra8j2';
const TRAVEL = 'kgij077343nt9lhyy1ycu5vb';
const CULTURE = 'h2sx3g1avdmoa1tsvmlh38lo';
const TURING = 'qlbzjy8ymwitxmczph8a7en0';
const HOPPER = 'sjlq8hgxw8ame5jqieu9qb6m';
const LOVELACE = 'uqx84vzsfx8n4s3jmqvmxv37';
const ZEBRA = 'opniw21e4afikr4ltb3j5uzy';
const APPLE = 'z041qrnkdex5f4439ngy6wuh';
const HELLO = 'n0rkkhkmxloujb87i7huf7if';
const TIPS = 'dwskr8keskm6eso8drwmjp4i';
const SECRET = 'xb20k8enrgeqpua1lq5cdjoh';
const EDITED = 'zuvut7z9xszedzzlwpit2luk';
const CAFE = 'thpng03diq57e9mwj3bzgoos';

let server: TestServer;
let rules: TestServer;
/** Numeric ids as the server derives them, by documentId (and media by file name). */
const ids = new Map<string, number>();

test.before(async () => {
  [server, rules] = await Promise.all([startTestServer('blog'), startTestServer('writes-rules')]);
  for (const plural of ['categories', 'authors']) {
    for (const doc of (await server.get(`/api/${plural}`)).body.data) ids.set(doc.documentId, doc.id);
  }
  for (const file of (await server.get('/api/upload/files')).body) ids.set(file.name, file.id);
});
test.after(async () => {
  await Promise.all([server.close(), rules.close()]);
});

const id = (key: string): number => {
  const value = ids.get(key);
  if (value === undefined) throw new Error(`no id for ${key}`);
  return value;
};
const file = (rel: string): Record<string, any> => JSON.parse(server.project.read(rel));
const article = (documentId: string): Record<string, any> => file(`content/articles/${documentId}.json`);

async function put(path: string, data: Record<string, unknown>) {
  return server.request('PUT', path, { body: { data } });
}

const NOT_FOUND = (key: string | number) => ({
  status: 400,
  name: 'ValidationError',
  message: `Document with id "${key}", locale "null" not found`,
  details: {},
});

type ToManyRow = { name: string; start: string[]; value: () => unknown; expected: string[] };

const toMany: ToManyRow[] = [
  { name: 'documentId strings set the list in order', start: [TECH], value: () => [SCIENCE, TRAVEL], expected: [SCIENCE, TRAVEL] },
  { name: 'numeric ids', start: [], value: () => [id(TRAVEL), id(TECH)], expected: [TRAVEL, TECH] },
  { name: 'numeric ids as strings', start: [], value: () => [String(id(CULTURE))], expected: [CULTURE] },
  { name: '{documentId} and {id} objects', start: [], value: () => [{ documentId: SCIENCE }, { id: id(TECH) }], expected: [SCIENCE, TECH] },
  { name: 'a single documentId', start: [TECH, SCIENCE], value: () => TRAVEL, expected: [TRAVEL] },
  { name: 'null clears', start: [TECH, SCIENCE], value: () => null, expected: [] },
  { name: 'an empty array clears', start: [TECH], value: () => [], expected: [] },
  { name: 'a repeated id is kept once', start: [], value: () => [TECH, TECH], expected: [TECH] },
  { name: 'set replaces', start: [TECH, SCIENCE], value: () => ({ set: [CULTURE, TRAVEL] }), expected: [CULTURE, TRAVEL] },
  { name: 'set to nothing', start: [TECH], value: () => ({ set: [] }), expected: [] },
  { name: 'connect appends', start: [TECH], value: () => ({ connect: [SCIENCE] }), expected: [TECH, SCIENCE] },
  { name: 'connect by numeric id object', start: [TECH], value: () => ({ connect: [{ id: id(SCIENCE) }] }), expected: [TECH, SCIENCE] },
  { name: 'connect of a present document keeps its place', start: [TECH, SCIENCE], value: () => ({ connect: [TECH] }), expected: [TECH, SCIENCE] },
  { name: 'disconnect removes', start: [TECH, SCIENCE, TRAVEL], value: () => ({ disconnect: [SCIENCE] }), expected: [TECH, TRAVEL] },
  { name: 'disconnect by {id}', start: [TECH, SCIENCE], value: () => ({ disconnect: [{ id: id(TECH) }] }), expected: [SCIENCE] },
  { name: 'disconnect of everything leaves []', start: [TECH], value: () => ({ disconnect: [TECH] }), expected: [] },
  { name: 'disconnect of an unknown numeric id is ignored', start: [TECH], value: () => ({ disconnect: [999999] }), expected: [TECH] },
  {
    name: 'disconnect then connect (recorded #144)',
    start: [SCIENCE, TRAVEL],
    value: () => ({ disconnect: [TRAVEL], connect: [CULTURE] }),
    expected: [SCIENCE, CULTURE],
  },
  {
    name: 'connect before',
    start: [TECH, SCIENCE, TRAVEL],
    value: () => ({ connect: [{ documentId: CULTURE, position: { before: SCIENCE } }] }),
    expected: [TECH, CULTURE, SCIENCE, TRAVEL],
  },
  {
    name: 'connect after',
    start: [TECH, SCIENCE],
    value: () => ({ connect: [{ documentId: CULTURE, position: { after: TECH } }] }),
    expected: [TECH, CULTURE, SCIENCE],
  },
  {
    name: 'connect at the start',
    start: [TECH, SCIENCE],
    value: () => ({ connect: [{ documentId: CULTURE, position: { start: true } }] }),
    expected: [CULTURE, TECH, SCIENCE],
  },
  {
    name: 'connect at the end moves a present document',
    start: [TECH, SCIENCE],
    value: () => ({ connect: [{ documentId: TECH, position: { end: true } }] }),
    expected: [SCIENCE, TECH],
  },
  {
    name: 'connects apply in order, positions seeing the earlier ones',
    start: [TECH],
    value: () => ({ connect: [{ documentId: SCIENCE }, { documentId: CULTURE, position: { before: SCIENCE } }] }),
    expected: [TECH, CULTURE, SCIENCE],
  },
  { name: 'options.strict is accepted', start: [TECH], value: () => ({ options: { strict: true }, connect: [SCIENCE] }), expected: [TECH, SCIENCE] },
];

for (const row of toMany) {
  test(`a to-many relation takes ${row.name}`, async () => {
    assert.is((await put(`/api/articles/${ZEBRA}`, { categories: row.start })).status, 200);
    const response = await server.request('PUT', `/api/articles/${ZEBRA}?populate[categories][fields][0]=name`, {
      body: { data: { categories: row.value() } },
    });
    assert.is(response.status, 200, response.text);
    assert.equal(
      response.body.data.categories.map((c: { documentId: string }) => c.documentId),
      row.expected,
    );
    assert.equal(article(ZEBRA).categories, row.expected);
    const read = await server.get(`/api/articles/${ZEBRA}?populate[categories][fields][0]=name`);
    assert.equal(
      read.body.data.categories.map((c: { documentId: string }) => c.documentId),
      row.expected,
    );
  });
}

type ToOneRow = { name: string; value: () => unknown; expected: string | null };

const toOne: ToOneRow[] = [
  { name: 'a documentId', value: () => HOPPER, expected: HOPPER },
  { name: 'a numeric id', value: () => id(LOVELACE), expected: LOVELACE },
  { name: 'a numeric id as a string', value: () => String(id(HOPPER)), expected: HOPPER },
  { name: '{documentId}', value: () => ({ documentId: LOVELACE }), expected: LOVELACE },
  { name: '{id}', value: () => ({ id: id(HOPPER) }), expected: HOPPER },
  { name: 'null', value: () => null, expected: null },
  { name: 'set', value: () => ({ set: [LOVELACE] }), expected: LOVELACE },
  { name: 'several connects: the last one sticks', value: () => ({ connect: [HOPPER, LOVELACE] }), expected: LOVELACE },
  { name: 'disconnect of the current one', value: () => ({ disconnect: [TURING] }), expected: null },
  { name: 'disconnect of another one changes nothing', value: () => ({ disconnect: [HOPPER] }), expected: TURING },
];

for (const row of toOne) {
  test(`a to-one relation takes ${row.name}`, async () => {
    assert.is((await put(`/api/articles/${ZEBRA}`, { author: TURING })).status, 200);
    const response = await server.request('PUT', `/api/articles/${ZEBRA}?populate[author][fields][0]=name`, { body: { data: { author: row.value() } } });
    assert.is(response.status, 200, response.text);
    assert.is(response.body.data.author?.documentId ?? null, row.expected);
    assert.is(article(ZEBRA).author, row.expected);
  });
}

const refused: { name: string; data: () => Record<string, unknown>; error: Record<string, unknown> }[] = [
  { name: 'an unknown documentId (recorded #131)', data: () => ({ author: 'doesnotexist000000000000' }), error: NOT_FOUND('doesnotexist000000000000') },
  { name: 'an unknown documentId in a list', data: () => ({ categories: [TECH, 'nope'] }), error: NOT_FOUND('nope') },
  { name: 'an unknown numeric id', data: () => ({ categories: [999999] }), error: NOT_FOUND(999999) },
  { name: 'an unknown id to connect', data: () => ({ categories: { connect: [{ id: 999999 }] } }), error: NOT_FOUND(999999) },
  { name: 'an unknown documentId to disconnect', data: () => ({ categories: { disconnect: ['nope'] } }), error: NOT_FOUND('nope') },
  { name: 'a document of another type', data: () => ({ author: TECH }), error: NOT_FOUND(TECH) },
  { name: 'an unknown author in a dynamic zone quote', data: () => ({ blocks: [{ __component: 'shared.quote', author: 'nope' }] }), error: NOT_FOUND('nope') },
];

for (const row of refused) {
  test(`a relation to a missing document is a 400 and writes nothing: ${row.name}`, async () => {
    const before = server.project.read(`content/articles/${APPLE}.json`);
    const response = await put(`/api/articles/${APPLE}`, row.data());
    assert.is(response.status, 400, response.text);
    assert.equal(response.body, { data: null, error: row.error });
    assert.is(server.project.read(`content/articles/${APPLE}.json`), before);
  });
}

test('the same document connected twice is a 400', async () => {
  const response = await put(`/api/articles/${APPLE}`, { categories: { connect: [TECH, { documentId: TECH }] } });
  assert.is(response.status, 400);
  assert.is(response.body.error.name, 'ValidationError');
  assert.match(response.body.error.message, TECH);
});

test('set cannot be mixed with connect or disconnect', async () => {
  const response = await put(`/api/articles/${APPLE}`, { categories: { set: [TECH], disconnect: [CULTURE] } });
  assert.is(response.status, 400);
  assert.is(response.body.error.name, 'ValidationError');
});

test('a position next to a document not in the list is a 400', async () => {
  const response = await put(`/api/articles/${APPLE}`, { categories: { connect: [{ documentId: TECH, position: { before: TRAVEL } }] } });
  assert.is(response.status, 400);
  assert.is(response.body.error.name, 'ValidationError');
});

test('a write through the derived side rewrites the owning files, and only those', async () => {
  const authorBefore = server.project.read(`content/authors/${HOPPER}.json`);
  const appleBefore = article(APPLE);
  // Hopper owns TIPS, SECRET (a draft) and APPLE; afterwards exactly APPLE and HELLO.
  const response = await server.request('PUT', `/api/authors/${HOPPER}?populate[articles][fields][0]=title`, { body: { data: { articles: [APPLE, HELLO] } } });
  assert.is(response.status, 200, response.text);
  assert.equal(response.body.data.articles.map((a: { documentId: string }) => a.documentId).sort(), [APPLE, HELLO].sort());
  assert.is(article(HELLO).author, HOPPER);
  assert.is(article(APPLE).author, HOPPER);
  assert.is(article(TIPS).author, null);
  assert.is(article(SECRET).author, null);
  // The owning side keeps its own timestamps: only the link changed.
  assert.is(article(APPLE).updatedAt, appleBefore.updatedAt);
  const author = file(`content/authors/${HOPPER}.json`);
  assert.not.ok('articles' in author, 'the derived side is never written');
  assert.is.not(server.project.read(`content/authors/${HOPPER}.json`), authorBefore);
  const read = await server.get(`/api/authors/${HOPPER}?populate[articles][fields][0]=title&populate[articles][sort]=title`);
  assert.equal(
    read.body.data.articles.map((a: { documentId: string }) => a.documentId),
    [HELLO, APPLE],
  );
});

test('connect and disconnect through the derived side', async () => {
  // Lovelace owns CAFE; HELLO belongs to Hopper, so disconnecting it from Lovelace changes nothing.
  const response = await put(`/api/authors/${LOVELACE}`, { articles: { connect: [ZEBRA], disconnect: [CAFE, HELLO] } });
  assert.is(response.status, 200, response.text);
  assert.is(article(ZEBRA).author, LOVELACE);
  assert.is(article(CAFE).author, null);
  assert.is(article(HELLO).author, HOPPER);
});

test('a derived write reaches both files of a published document with a draft', async () => {
  const response = await put(`/api/authors/${TURING}`, { articles: { connect: [EDITED] } });
  assert.is(response.status, 200, response.text);
  assert.is(article(EDITED).author, TURING);
  assert.is(file(`content/articles/${EDITED}.draft.json`).author, TURING);
});

test('a created document with a derived relation appends itself on the owning side', async () => {
  const response = await server.request('POST', '/api/categories?populate[articles][fields][0]=title', {
    body: { data: { name: 'Brand new', articles: [HELLO] } },
  });
  assert.is(response.status, 201, response.text);
  const created = response.body.data.documentId as string;
  assert.equal(
    response.body.data.articles.map((a: { documentId: string }) => a.documentId),
    [HELLO],
  );
  assert.equal(article(HELLO).categories.at(-1), created);
  assert.not.ok('articles' in file(`content/categories/${created}.json`));
});

test('a derived-side list with an unknown document is a 400 and rewrites nothing', async () => {
  const before = server.project.read(`content/articles/${APPLE}.json`);
  const response = await put(`/api/categories/${CULTURE}`, { articles: [APPLE, 'nope'] });
  assert.is(response.status, 400);
  assert.equal(response.body.error, NOT_FOUND('nope'));
  assert.is(server.project.read(`content/articles/${APPLE}.json`), before);
});

test('media are referenced by numeric file id and stored as paths', async () => {
  const red = id('red-pixel.png');
  const blue = id('blue-pixel.png');
  const response = await server.request('POST', '/api/articles?populate=*', {
    body: {
      data: {
        title: 'With media',
        cover: { id: red },
        gallery: [blue, String(red)],
        seo: { metaTitle: 'm', shareImage: blue },
        blocks: [
          { __component: 'shared.media-block', file: red },
          { __component: 'shared.quote', text: 'q', author: HOPPER },
        ],
      },
    },
  });
  assert.is(response.status, 201, response.text);
  assert.is(response.body.data.cover.id, red);
  assert.equal(
    response.body.data.gallery.map((m: { id: number }) => m.id),
    [blue, red],
  );
  const stored = article(response.body.data.documentId);
  assert.is(stored.cover, 'red_pixel_3285557a91.png');
  assert.equal(stored.gallery, ['blue_pixel_287152e86d.png', 'red_pixel_3285557a91.png']);
  assert.equal(stored.seo, { metaTitle: 'm', metaDescription: null, shareImage: 'blue_pixel_287152e86d.png' });
  assert.equal(stored.blocks, [
    { __component: 'shared.media-block', file: 'red_pixel_3285557a91.png' },
    { __component: 'shared.quote', text: 'q', author: HOPPER },
  ]);
  const cleared = await put(`/api/articles/${response.body.data.documentId}`, { cover: null, gallery: [] });
  assert.is(cleared.status, 200);
  assert.is(article(response.body.data.documentId).cover, null);
  assert.equal(article(response.body.data.documentId).gallery, []);
});

test('a type related to itself: the write and its derived side land in the same file, neither lost', async () => {
  const response = await rules.request('PUT', '/api/gadgets/existing?populate[children][fields][0]=name', {
    body: { data: { name: 'Renamed', children: ['existing', 'other'] } },
  });
  assert.is(response.status, 200, response.text);
  assert.is(response.body.data.name, 'Renamed');
  assert.equal(response.body.data.children.map((g: { documentId: string }) => g.documentId).sort(), ['existing', 'other']);
  const existing = JSON.parse(rules.project.read('content/gadgets/existing.json'));
  assert.equal({ name: existing.name, parent: existing.parent }, { name: 'Renamed', parent: 'existing' });
  assert.not.ok('children' in existing);
  assert.is(JSON.parse(rules.project.read('content/gadgets/other.json')).parent, 'existing');
  const read = await rules.get('/api/gadgets/existing?populate[parent][fields][0]=name');
  assert.is(read.body.data.name, 'Renamed');
  assert.is(read.body.data.parent.documentId, 'existing');
});

test('a type related to itself: removing itself from its derived side keeps the rest of the write', async () => {
  const response = await rules.request('PUT', '/api/gadgets/existing', { body: { data: { count: 7, children: ['other'] } } });
  assert.is(response.status, 200, response.text);
  const existing = JSON.parse(rules.project.read('content/gadgets/existing.json'));
  assert.equal({ count: existing.count, parent: existing.parent, name: existing.name }, { count: 7, parent: null, name: 'Renamed' });
});

const badMedia: { name: string; data: Record<string, unknown>; count: number }[] = [
  { name: 'an unknown id', data: { cover: 5 }, count: 1 },
  { name: 'two unknown ids', data: { gallery: [5, 6] }, count: 2 },
  { name: 'a path instead of an id', data: { cover: 'red_pixel_3285557a91.png' }, count: 1 },
  { name: 'an unknown id inside a component', data: { seo: { shareImage: 5 } }, count: 1 },
];

for (const row of badMedia) {
  test(`media that do not exist are a 400: ${row.name}`, async () => {
    const response = await put(`/api/articles/${APPLE}`, row.data);
    assert.is(response.status, 400);
    assert.equal(response.body.error, {
      status: 400,
      name: 'ValidationError',
      message: `${row.count} relation(s) of type plugin::upload.file associated with this entity do not exist`,
      details: {},
    });
  });
}

test.run();
