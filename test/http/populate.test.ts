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

/** `data` of a 200 answer (fails the test on any other status). */
async function data(path: string): Promise<any> {
  const response = await server.get(path);
  assert.is(response.status, 200, `${path}: ${response.text}`);
  return response.body.data;
}

const titles = (items: any[]): string[] => items.map((item) => item.title ?? item.name);

// The same population asked in each form Strapi accepts gives the same answer.
const sameAnswer: [name: string, forms: string[]][] = [
  [
    'one relation',
    [
      'populate=writer',
      'populate[0]=writer',
      'populate[writer]=true',
      'populate[writer]=t',
      'populate[writer]=1',
      'populate[writer]=*',
      'populate[writer][fields]=*',
    ],
  ],
  [
    'two attributes',
    ['populate=writer,cover', 'populate[0]=writer&populate[1]=cover', 'populate[0]=writer,cover', 'populate[writer]=true&populate[cover]=true'],
  ],
  [
    'a nested path',
    [
      'populate=hero.cta.icon',
      'populate[0]=hero.cta.icon',
      'populate[hero][populate][cta][populate][icon]=true',
      'populate[hero][populate][cta][populate]=icon',
      'populate[hero][populate]=cta.icon',
    ],
  ],
  ['the wildcard', ['populate=*', 'populate=cover,gallery,writer,tags,featuredTag,related,hero,sections']],
];

for (const [name, forms] of sameAnswer) {
  test(`forms: ${name}`, async () => {
    const [first, ...others] = await Promise.all(forms.map((form) => data(`/api/posts?fields[0]=title&${form}`)));
    assert.ok(first.length === 3 && Object.keys(first[0]).length > 3);
    for (const [i, other] of others.entries()) assert.equal(other, first, forms[i + 1]);
  });
}

test('list: every relation kind, on both sides, across files', async () => {
  const writers = await data(
    '/api/writers?fields[0]=name&populate[passport][fields][0]=number&populate[posts][fields][0]=title&populate[mentor][fields][0]=name&sort=name',
  );
  assert.equal(
    writers.map((w: any) => [w.name, w.passport?.number ?? null, titles(w.posts), w.mentor.name]),
    [
      ['Ada', 'A-1', ['Hello', 'Intro'], 'Grace'],
      ['Grace', null, ['Edited (published)'], 'Ada'],
      ['Linus', null, [], 'Linus'],
    ],
  );
  const passports = await data('/api/passports?fields[0]=number&populate[holder][fields][0]=name');
  assert.equal(
    passports.map((p: any) => [p.number, p.holder?.name ?? null]),
    [
      ['A-1', 'Ada'],
      ['X-9', null],
    ],
  );
  const tags = await data('/api/tags?fields[0]=name&populate[posts][fields][0]=title&populate[parent][fields][0]=name&populate[children][fields][0]=name');
  assert.equal(
    tags.map((t: any) => [t.name, titles(t.posts), t.parent?.name ?? null, titles(t.children)]),
    [
      ['News', ['Hello', 'Intro'], null, ['Tech']],
      ['Tech', ['Hello'], 'News', ['AI']],
      ['AI', ['Edited (published)'], 'Tech', []],
    ],
  );
});

test('status=draft: a draft parent sees draft versions and draft-only targets', async () => {
  const tags = await data('/api/tags?status=draft&fields[0]=name&populate[posts][fields][0]=title&populate[children][fields][0]=name&sort=name');
  assert.equal(
    tags.map((t: any) => [t.name, titles(t.posts), titles(t.children)]),
    [
      ['AI', ['Edited (draft)'], []],
      ['News', ['Hello', 'Intro'], ['Tech (draft)', 'Secret']],
      ['Secret', ['Hello', 'Draft only', 'Edited (draft)'], []],
      ['Tech (draft)', ['Hello', 'Draft only'], ['AI']],
    ],
  );
  const edited = await data(
    '/api/posts/edited?status=draft&fields[0]=title&populate[writer][fields][0]=name&populate[tags][fields][0]=name&populate[featuredTag][fields][0]=name',
  );
  assert.equal([edited.title, edited.writer.name, titles(edited.tags), edited.featuredTag.name], ['Edited (draft)', 'Ada', ['AI', 'Secret'], 'Secret']);
  const published = await data('/api/posts/edited?fields[0]=title&populate[writer][fields][0]=name&populate[tags][fields][0]=name');
  assert.equal([published.title, published.writer.name, titles(published.tags)], ['Edited (published)', 'Grace', ['AI']]);
});

test('a non-D&P parent follows the status of the request for D&P targets', async () => {
  const ada = await data('/api/writers/ada?fields[0]=name&populate[posts][fields][0]=title');
  assert.equal(titles(ada.posts), ['Hello', 'Intro']);
  const draft = await data('/api/writers/ada?status=draft&fields[0]=name&populate[posts][fields][0]=title');
  assert.equal(titles(draft.posts), ['Hello', 'Intro', 'Edited (draft)']);
});

test('one-way relations, to the same type, keep the stored order and skip what is not there', async () => {
  const hello = await data('/api/posts/hello?fields[0]=title&populate[related][fields][0]=title&populate[featuredTag][fields][0]=name');
  assert.equal(titles(hello.related), ['Intro']);
  assert.is(hello.featuredTag.name, 'Tech');
  const draft = await data('/api/posts/hello?status=draft&fields[0]=title&populate[related][fields][0]=title');
  assert.equal(titles(draft.related), ['Intro', 'Draft only']);
  assert.ok(server.logs.includes('warn: content/posts/hello.json: relation to posts/ghost-post, which does not exist'), server.logs.join('\n'));
});

test('a self-referencing relation populated deep ends where the query ends', async () => {
  const linus = await data(`/api/writers/linus?fields[0]=name&populate=${Array.from({ length: 10 }, () => 'mentor').join('.')}`);
  let depth = 0;
  for (let level = linus; level.mentor !== undefined; level = level.mentor) depth++;
  assert.is(depth, 10);
  const loop = await data('/api/writers/ada?fields[0]=name&populate[mentor][populate][mentor][populate][mentor][fields][0]=name');
  assert.equal([loop.mentor.documentId, loop.mentor.mentor.documentId, loop.mentor.mentor.mentor.name], ['grace', 'ada', 'Grace']);
  assert.not.ok('mentor' in loop.mentor.mentor.mentor);
});

test('media: single is an object or null, multiple a list', async () => {
  const posts = await data('/api/posts?fields[0]=title&populate[cover][fields][0]=name&populate[gallery][fields][0]=name');
  assert.equal(
    posts.map((p: any) => [p.title, p.cover?.name ?? null, p.gallery.map((m: any) => m.name)]),
    [
      ['Hello', 'red-pixel.png', ['blue-pixel.png', 'red-pixel.png']],
      ['Intro', null, []],
      ['Edited (published)', null, ['red-pixel.png']],
    ],
  );
  const full = await data('/api/writers/ada?populate=photo');
  assert.is(full.photo.url, '/uploads/red_pixel_3285557a91.png');
  assert.is(full.photo.mime, 'image/png');
});

test('components: nested components with media and relations, each level with what it asked', async () => {
  const hello = await data(
    '/api/posts/hello?fields[0]=title&populate[hero][populate][image][fields][0]=url&populate[hero][populate][author][fields][0]=name&populate[hero][populate][cta][populate][icon][fields][0]=name&populate[hero][populate][cta][populate][target][fields][0]=title',
  );
  const { hero } = hello;
  assert.equal(hero, {
    id: hero.id,
    heading: 'Welcome',
    image: { id: hero.image.id, documentId: 'vj1v5wofp95rte23qukt9ijk', url: '/uploads/blue_pixel_287152e86d.png' },
    author: { id: hero.author.id, documentId: 'grace', name: 'Grace' },
    cta: {
      id: hero.cta.id,
      label: 'Read intro',
      icon: { id: hero.cta.icon.id, documentId: 'c204icfjn5vdpgzahsrokfd2', name: 'red-pixel.png' },
      target: { id: hero.cta.target.id, documentId: 'intro', title: 'Intro' },
    },
  });
});

test('dynamic zones: all entries, fragments, and populate=*', async () => {
  const all = await data('/api/posts/hello?fields[0]=title&populate=sections');
  assert.equal(
    all.sections.map((s: any) => s.__component),
    ['content.text', 'content.gallery-block', 'layout.hero', 'content.text'],
  );
  assert.ok(all.sections.every((s: any) => typeof s.id === 'number'));
  const fragments = await data(
    '/api/posts/hello?fields[0]=title&populate[sections][on][layout.hero][populate][author][fields][0]=name&populate[sections][on][layout.hero][populate][cta][populate][target][fields][0]=title&populate[sections][on][content.text]=true',
  );
  assert.equal(
    fragments.sections.map((s: any) => s.__component),
    ['content.text', 'layout.hero', 'content.text'],
  );
  const hero = fragments.sections[1];
  assert.equal([hero.author.name, hero.cta.label, hero.cta.target.title], ['Ada', 'Back home', 'Hello']);
  assert.not.ok('image' in hero);
  const star = await data('/api/posts/hello?fields[0]=title&populate[sections][populate]=*');
  const gallery = star.sections[1];
  assert.equal(
    gallery.images.map((m: any) => m.name),
    ['blue-pixel.png', 'red-pixel.png'],
  );
  assert.equal(
    gallery.people.map((w: any) => w.name),
    ['Grace', 'Ada'],
  );
  assert.equal(Object.keys(star.sections[2].cta), ['id', 'label']);
});

test('count answers {count} for relations and media', async () => {
  const posts = await data('/api/posts?fields[0]=title&populate[tags][count]=true&populate[related][count]=true&populate[gallery][count]=true');
  assert.equal(
    posts.map((p: any) => [p.title, p.tags, p.related, p.gallery]),
    [
      ['Hello', { count: 2 }, { count: 1 }, { count: 2 }],
      ['Intro', { count: 1 }, { count: 1 }, { count: 0 }],
      ['Edited (published)', { count: 1 }, { count: 0 }, { count: 1 }],
    ],
  );
  const writers = await data('/api/writers?fields[0]=name&populate[posts][count]=true&status=draft&sort=name');
  assert.equal(
    writers.map((w: any) => w.posts.count),
    [3, 1, 0],
  );
});

test('nested filters, sort and fields', async () => {
  const news = await data(
    '/api/tags/news?fields[0]=name&populate[posts][filters][views][$gt]=5&populate[posts][fields][0]=title&populate[posts][fields][1]=views',
  );
  assert.equal(
    news.posts.map((p: any) => Object.keys(p)),
    [['id', 'documentId', 'title', 'views']],
  );
  assert.equal(titles(news.posts), ['Hello']);
  const sorted = await data('/api/writers/ada?status=draft&populate[posts][sort]=views:desc&populate[posts][fields][0]=title');
  assert.equal(titles(sorted.posts), ['Hello', 'Edited (draft)', 'Intro']);
  const deep = await data(
    '/api/posts/hello?fields[0]=title&populate[writer][populate][posts][filters][title][$ne]=Hello&populate[writer][populate][posts][fields][0]=title',
  );
  assert.equal(titles(deep.writer.posts), ['Intro']);
  const media = await data(
    '/api/posts/hello?fields[0]=title&populate[gallery][sort]=name:desc&populate[gallery][filters][mime][$eq]=image/png&populate[gallery][fields][0]=name',
  );
  assert.equal(
    media.gallery.map((m: any) => m.name),
    ['red-pixel.png', 'blue-pixel.png'],
  );
});

test('populate combines with root fields, filters, sort and pagination', async () => {
  const response = await server.get(
    '/api/posts?fields[0]=title&filters[writer][name][$eq]=Ada&sort=title:desc&pagination[pageSize]=1&pagination[page]=1&populate[writer][fields][0]=name&populate[tags][fields][0]=name',
  );
  assert.is(response.status, 200);
  assert.equal(response.body.meta.pagination, { page: 1, pageSize: 1, pageCount: 2, total: 2 });
  const [intro] = response.body.data;
  assert.equal([intro.title, intro.writer.name, titles(intro.tags)], ['Intro', 'Ada', ['News']]);
  assert.equal(Object.keys(intro), ['id', 'documentId', 'title', 'writer', 'tags']);
});

test('single type: relations and media populate, published targets only', async () => {
  const site = await data('/api/site?populate[pinned][fields][0]=title&populate[logo][fields][0]=name');
  assert.equal(titles(site.pinned), ['Edited (published)', 'Hello']);
  assert.is(site.logo.name, 'blue-pixel.png');
});

test('populate[dz][on] for a component outside the zone answers an empty zone', async () => {
  const hello = await data('/api/posts/hello?fields[0]=title&populate[sections][on][layout.cta]=true');
  assert.equal(hello.sections, []);
});

const badRequests: [name: string, query: string, message: string, details: Record<string, unknown>][] = [
  ['an unknown key', 'populate[nope]=true', 'Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'populate' }],
  ['a scalar', 'populate=title', 'Invalid key title', { key: 'title', path: 'title', source: 'query', param: 'populate' }],
  ['**', 'populate=**', 'Invalid key **', { key: '**', path: '**', source: 'query', param: 'populate' }],
  [
    'a nested unknown key',
    'populate[writer][populate][nope]=true',
    'Invalid key nope at writer',
    { key: 'nope', path: 'writer', source: 'query', param: 'populate' },
  ],
  ['fragments on a relation', 'populate[writer][on][api::writer.writer]=true', 'Using fragments is not permitted to populate "writer" in "api::post.post"', {}],
  [
    'an unknown fragment',
    'populate[sections][on][content.nope]=true',
    'Invalid key content.nope at sections.on.content.nope',
    { key: 'content.nope', path: 'sections.on.content.nope', source: 'query', param: 'populate' },
  ],
  [
    'a zone with fields',
    'populate[sections][fields][0]=body',
    'Invalid nested populate for post.sections (api::post.post). Expected a fragment ("on") or "count" but found {"fields":["body"]}',
    {},
  ],
  ['an array holding objects', 'populate[0][writer]=true', 'Invalid populate parameter. Expected a string, an array of strings, a populate object', {}],
  ['a nested filter', 'populate[writer][filters][nope]=1', 'Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'populate' }],
  ['eleven levels', `populate=${Array.from({ length: 11 }, () => 'related').join('.')}`, 'Invalid populate: nesting deeper than 10 levels', {}],
];

for (const [name, query, message, details] of badRequests) {
  test(`400: ${name}`, async () => {
    const response = await server.get(`/api/posts?${query}`);
    assert.is(response.status, 400);
    assert.equal(response.body, { data: null, error: { status: 400, name: 'ValidationError', message, details } });
  });
}

test('a dangling to-one relation is null, and reported once naming the file', async () => {
  const other = await startTestServer('relations', {
    prepare: (project) => {
      const intro = JSON.parse(project.read('content/posts/intro.json'));
      project.write('content/posts/intro.json', { ...intro, writer: 'nobody' });
    },
  });
  try {
    for (let i = 0; i < 2; i++) {
      const response = await other.get('/api/posts/intro?fields[0]=title&populate=writer');
      assert.is(response.status, 200);
      assert.is(response.body.data.writer, null);
    }
    assert.equal(
      other.logs.filter((line) => line.includes('nobody')),
      ['warn: content/posts/intro.json: relation to writers/nobody, which does not exist'],
    );
  } finally {
    await other.close();
  }
});

test('the populate depth limit comes from limits.populateDepth', async () => {
  const other = await startTestServer('relations', {
    prepare: (project) => {
      const config = JSON.parse(project.read('cms.config.json'));
      project.write('cms.config.json', { ...config, limits: { populateDepth: 2 } });
    },
  });
  try {
    assert.is((await other.get('/api/writers?populate=mentor.mentor')).status, 200);
    assert.is((await other.get('/api/writers?populate[mentor][populate][mentor]=true')).status, 200);
    const deep = await other.get('/api/writers?populate=mentor.mentor.mentor');
    assert.is(deep.status, 400);
    assert.is(deep.body.error.message, 'Invalid populate: nesting deeper than 2 levels');
    assert.is((await other.get('/api/writers?populate[mentor][populate][mentor][populate]=mentor')).status, 400);
  } finally {
    await other.close();
  }
});

test('a private relation cannot be populated', async () => {
  const response = await server.get('/api/writers?populate[manager]=true');
  assert.is(response.status, 400);
  assert.is(response.body.error.message, 'Invalid key manager');
  const all = await data('/api/writers/ada?populate=*');
  assert.not.ok('manager' in all);
});

test.run();
