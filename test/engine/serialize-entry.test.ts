import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import type { Status } from '../../server/content-index/entry.js';
import type { ReadContext } from '../../server/engine/read-context.js';
import { serializeEntry } from '../../server/engine/serialize-entry.js';
import { parseFields } from '../../server/query/parse-fields.js';
import { parsePopulate } from '../../server/query/parse-populate.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

// The engine only reads the fixture, so it is used in place.
const dir = path.join(FIXTURES_DIR, 'relations');
const config = loadConfig(dir, { watch: false });
const registry = loadSchemas(dir);
const index = loadTestProject(dir, config.i18n).index;

/** One document as the Content API would answer it, and the warnings reading it produced. */
function read(pluralName: string, documentId: string, query: string, status: Status = 'published'): { data: any; warnings: string[] } {
  const type = registry.byRouteName.get(pluralName)!;
  const raw = parseQueryString(query, config.limits);
  const populate = parsePopulate(raw['populate'], { registry, type, maxDepth: config.limits.populateDepth });
  const fields = parseFields(raw['fields'], type, true);
  const warnings: string[] = [];
  const context: ReadContext = { index, status, locale: undefined, defaultLocale: 'en', warn: (m) => warnings.push(m) };
  const entry = index.findEntry(type, documentId, status, null);
  if (entry === undefined) throw new Error(`${pluralName}/${documentId} has no ${status} version`);
  return { data: serializeEntry(context, type, entry, { fields, populate }), warnings };
}

/** documentIds of a populated relation value (a list, one document or null). */
function ids(value: any): unknown {
  if (value === null) return null;
  return Array.isArray(value) ? value.map((item) => item.documentId) : value.documentId;
}

const relations: [name: string, type: string, documentId: string, status: Status, query: string, key: string, expected: unknown][] = [
  ['manyToOne, owning side', 'posts', 'hello', 'published', 'populate=writer', 'writer', 'ada'],
  ['oneToMany, derived side, in creation order', 'writers', 'ada', 'published', 'populate=posts', 'posts', ['hello', 'intro']],
  ['oneToMany, derived side, reads the published version of each source', 'writers', 'grace', 'published', 'populate=posts', 'posts', ['edited']],
  ['oneToMany, derived side, in a draft read follows the drafts', 'writers', 'ada', 'draft', 'populate=posts', 'posts', ['hello', 'intro', 'edited']],
  ['oneToMany, derived side, a draft-only source in a draft read', 'writers', 'grace', 'draft', 'populate=posts', 'posts', ['draft-only']],
  ['oneToMany, derived side, empty', 'writers', 'linus', 'published', 'populate=posts', 'posts', []],
  ['oneToOne, owning side', 'writers', 'ada', 'published', 'populate=passport', 'passport', 'p-ada'],
  ['oneToOne, owning side, empty', 'writers', 'grace', 'published', 'populate=passport', 'passport', null],
  ['oneToOne, derived side', 'passports', 'p-ada', 'published', 'populate=holder', 'holder', 'ada'],
  ['oneToOne, derived side, empty', 'passports', 'p-orphan', 'published', 'populate=holder', 'holder', null],
  ['manyToMany, owning side, stored order, draft-only targets hidden', 'posts', 'hello', 'published', 'populate=tags', 'tags', ['tech', 'news']],
  ['manyToMany, owning side, a draft read sees draft-only targets', 'posts', 'hello', 'draft', 'populate=tags', 'tags', ['tech', 'secret', 'news']],
  ['manyToMany, owning side, a draft file has its own targets', 'posts', 'edited', 'draft', 'populate=tags', 'tags', ['ai', 'secret']],
  ['manyToMany, derived side', 'tags', 'news', 'published', 'populate=posts', 'posts', ['hello', 'intro']],
  ['manyToMany, derived side, draft read', 'tags', 'secret', 'draft', 'populate=posts', 'posts', ['hello', 'draft-only', 'edited']],
  ['one-way oneToOne', 'posts', 'hello', 'published', 'populate=featuredTag', 'featuredTag', 'tech'],
  ['one-way oneToOne, the published version of a document with a draft', 'posts', 'edited', 'published', 'populate=featuredTag', 'featuredTag', 'ai'],
  ['one-way oneToOne, draft file target in a draft read', 'posts', 'edited', 'draft', 'populate=featuredTag', 'featuredTag', 'secret'],
  ['one-way oneToMany to the same type, missing and draft-only targets skipped', 'posts', 'hello', 'published', 'populate=related', 'related', ['intro']],
  ['one-way oneToMany to the same type, draft read', 'posts', 'hello', 'draft', 'populate=related', 'related', ['intro', 'draft-only']],
  ['self-referencing manyToOne', 'tags', 'ai', 'published', 'populate=parent', 'parent', 'tech'],
  ['self-referencing oneToMany, derived', 'tags', 'news', 'published', 'populate=children', 'children', ['tech']],
  ['self-referencing oneToMany, derived, draft read', 'tags', 'news', 'draft', 'populate=children', 'children', ['tech', 'secret']],
  ['a relation to itself', 'writers', 'linus', 'published', 'populate=mentor', 'mentor', 'linus'],
];

for (const [name, type, documentId, status, query, key, expected] of relations) {
  test(`relation: ${name}`, () => {
    assert.equal(ids(read(type, documentId, query, status).data[key]), expected);
  });
}

test('relation: a populated document carries its scalars and system fields, nothing unpopulated', () => {
  const { data } = read('posts', 'hello', 'fields[0]=title&populate=writer');
  assert.equal(Object.keys(data), ['id', 'documentId', 'title', 'writer']);
  assert.equal(Object.keys(data.writer), ['id', 'documentId', 'name', 'createdAt', 'updatedAt', 'publishedAt']);
  assert.is(typeof data.writer.id, 'number');
});

test('relation: a draft read shows the draft version of a related document', () => {
  const { data } = read('tags', 'ai', 'populate[parent][fields][0]=name&populate[posts][fields][0]=title', 'draft');
  assert.equal(data.parent, { id: data.parent.id, documentId: 'tech', name: 'Tech (draft)' });
  assert.equal(
    data.posts.map((p: any) => p.title),
    ['Edited (draft)'],
  );
});

test('relation: a missing target is skipped and reported, naming the file', () => {
  const { data, warnings } = read('posts', 'hello', 'populate=related');
  assert.equal(ids(data.related), ['intro']);
  assert.equal(warnings, ['content/posts/hello.json: relation to posts/ghost-post, which does not exist']);
});

test('relation: count answers {count} on both sides, filtered as asked', () => {
  assert.equal(read('posts', 'hello', 'populate[tags][count]=true').data.tags, { count: 2 });
  assert.equal(read('posts', 'hello', 'populate[tags][count]=true', 'draft').data.tags, { count: 3 });
  assert.equal(read('writers', 'ada', 'populate[posts][count]=true').data.posts, { count: 2 });
  assert.equal(read('writers', 'ada', 'populate[posts][count]=true&populate[posts][filters][title][$startsWith]=Hel').data.posts, { count: 1 });
  assert.equal(read('posts', 'intro', 'populate[featuredTag][count]=true').data.featuredTag, { count: 0 });
});

test('relation: nested filters, sort and fields apply to the related items only', () => {
  const { data } = read(
    'posts',
    'hello',
    'fields[0]=title&populate[tags][filters][documentId][$ne]=tech&populate[tags][fields][0]=name&populate[related][sort]=title:desc&populate[related][fields][0]=title',
    'draft',
  );
  assert.equal(
    data.tags.map((t: any) => t.name),
    ['Secret', 'News'],
  );
  assert.equal(Object.keys(data.tags[0]), ['id', 'documentId', 'name']);
  assert.equal(
    data.related.map((p: any) => p.title),
    ['Intro', 'Draft only'],
  );
});

test('relation: a to-one relation filtered away is null', () => {
  assert.is(read('posts', 'hello', 'populate[writer][filters][name]=Grace').data.writer, null);
  assert.is(read('posts', 'hello', 'populate[writer][filters][name]=Ada').data.writer.documentId, 'ada');
});

test('relation: nested populate goes only as deep as asked, through cycles', () => {
  const { data } = read(
    'writers',
    'ada',
    'fields[0]=name&populate[mentor][fields][0]=name&populate[mentor][populate][mentor][fields][0]=name&populate[mentor][populate][mentor][populate][mentor][fields][0]=name',
  );
  assert.equal(data, {
    id: data.id,
    documentId: 'ada',
    name: 'Ada',
    mentor: {
      id: data.mentor.id,
      documentId: 'grace',
      name: 'Grace',
      mentor: { id: data.id, documentId: 'ada', name: 'Ada', mentor: { id: data.mentor.id, documentId: 'grace', name: 'Grace' } },
    },
  });
});

test('relation: a document related to itself, populated ten levels deep, ends at the tenth', () => {
  const { data } = read('writers', 'linus', `fields[0]=name&populate=${Array.from({ length: 10 }, () => 'mentor').join('.')}`);
  let level = data;
  let depth = 0;
  while (level.mentor !== undefined) {
    assert.is(level.mentor.documentId, 'linus');
    level = level.mentor;
    depth++;
  }
  assert.is(depth, 10);
});

test('media: a single media is an object or null, a multiple one a list in stored order', () => {
  const hello = read('posts', 'hello', 'populate=cover,gallery').data;
  assert.is(hello.cover.url, '/uploads/red_pixel_3285557a91.png');
  assert.equal(hello.cover, {
    id: hello.cover.id,
    documentId: 'c204icfjn5vdpgzahsrokfd2',
    name: 'red-pixel.png',
    alternativeText: 'A tiny red image',
    caption: 'Red 4x3',
    focalPoint: null,
    width: 4,
    height: 3,
    formats: null,
    hash: 'red_pixel_3285557a91',
    ext: '.png',
    mime: 'image/png',
    size: 0.14,
    url: '/uploads/red_pixel_3285557a91.png',
    previewUrl: null,
    provider: 'local',
    provider_metadata: null,
    createdAt: '2026-11-22T04:49:29.713Z',
    updatedAt: '2026-11-22T04:49:29.713Z',
    publishedAt: '2026-11-22T04:49:29.714Z',
  });
  assert.equal(
    hello.gallery.map((m: any) => m.name),
    ['blue-pixel.png', 'red-pixel.png'],
  );
  const intro = read('posts', 'intro', 'populate=cover,gallery').data;
  assert.is(intro.cover, null);
  assert.equal(intro.gallery, []);
});

test('media: fields, filters, sort and count', () => {
  const fields = read('posts', 'hello', 'populate[cover][fields][0]=url').data.cover;
  assert.equal(fields, { id: fields.id, documentId: 'c204icfjn5vdpgzahsrokfd2', url: '/uploads/red_pixel_3285557a91.png' });
  assert.equal(
    read('posts', 'hello', 'populate[gallery][sort]=name:asc&populate[gallery][fields][0]=name').data.gallery.map((m: any) => m.name),
    ['blue-pixel.png', 'red-pixel.png'],
  );
  assert.equal(
    read('posts', 'hello', 'populate[gallery][sort]=size:desc&populate[gallery][fields][0]=name').data.gallery.map((m: any) => m.name),
    ['red-pixel.png', 'blue-pixel.png'],
  );
  assert.equal(
    read('posts', 'hello', 'populate[gallery][filters][width][$gt]=2&populate[gallery][fields][0]=name').data.gallery.map((m: any) => m.name),
    ['red-pixel.png'],
  );
  assert.is(read('posts', 'hello', 'populate[cover][filters][name][$contains]=blue').data.cover, null);
  assert.equal(read('posts', 'hello', 'populate[gallery][count]=true').data.gallery, { count: 2 });
});

test('components: {id, scalars}, nested media, relations and components only when asked', () => {
  const plain = read('posts', 'hello', 'fields[0]=title&populate=hero').data.hero;
  assert.equal(plain, { id: plain.id, heading: 'Welcome' });
  const deep = read(
    'posts',
    'hello',
    'populate[hero][populate][image][fields][0]=name&populate[hero][populate][author][fields][0]=name&populate[hero][populate][cta][populate][icon][fields][0]=name&populate[hero][populate][cta][populate][target][fields][0]=title',
  ).data.hero;
  assert.equal(deep, {
    id: deep.id,
    heading: 'Welcome',
    image: { id: deep.image.id, documentId: 'vj1v5wofp95rte23qukt9ijk', name: 'blue-pixel.png' },
    author: { id: deep.author.id, documentId: 'grace', name: 'Grace' },
    cta: {
      id: deep.cta.id,
      label: 'Read intro',
      icon: { id: deep.cta.icon.id, documentId: 'c204icfjn5vdpgzahsrokfd2', name: 'red-pixel.png' },
      target: { id: deep.cta.target.id, documentId: 'intro', title: 'Intro' },
    },
  });
  assert.not.ok('documentId' in deep);
  assert.is(read('posts', 'intro', 'populate=hero').data.hero, null);
});

test('components: fields select the scalars of a component', () => {
  const hero = read('posts', 'hello', 'populate[hero][fields][0]=id&populate[hero][populate]=cta').data.hero;
  assert.equal(hero, { id: hero.id, cta: { id: hero.cta.id, label: 'Read intro' } });
});

test('dynamic zone: every entry with {id, __component} and its scalars', () => {
  const { sections } = read('posts', 'hello', 'populate=sections').data;
  assert.equal(
    sections.map(({ id, ...rest }: any) => (assert.is(typeof id, 'number'), rest)),
    [
      { body: 'First *section*.', __component: 'content.text' },
      { caption: 'Pixels', __component: 'content.gallery-block' },
      { heading: 'Inline hero', __component: 'layout.hero' },
      { body: 'Last section.', __component: 'content.text' },
    ],
  );
  assert.equal(read('posts', 'intro', 'populate=sections').data.sections, []);
});

test('dynamic zone: fragments keep only their components, each with its own options', () => {
  const { sections } = read(
    'posts',
    'hello',
    'populate[sections][on][content.gallery-block][populate][images][fields][0]=name&populate[sections][on][content.gallery-block][populate][people][fields][0]=name&populate[sections][on][layout.hero][fields][0]=heading&populate[sections][on][layout.hero][populate][cta][populate]=target',
  ).data;
  assert.equal(
    sections.map((s: any) => s.__component),
    ['content.gallery-block', 'layout.hero'],
  );
  assert.equal(
    sections[0].images.map((m: any) => m.name),
    ['blue-pixel.png', 'red-pixel.png'],
  );
  assert.equal(
    sections[0].people.map((w: any) => w.name),
    ['Grace', 'Ada'],
  );
  assert.equal(Object.keys(sections[1]), ['id', 'heading', 'cta', '__component']);
  assert.is(sections[1].cta.target.documentId, 'hello');
  assert.not.ok('author' in sections[1]);
});

test('dynamic zone: populate=* reaches each component one level', () => {
  const { sections } = read('posts', 'hello', 'populate[sections][populate]=*').data;
  const hero = sections[2];
  assert.is(hero.image.name, 'red-pixel.png');
  assert.is(hero.author.documentId, 'ada');
  assert.equal(hero.cta, { id: hero.cta.id, label: 'Back home' });
  assert.equal(
    sections[1].people.map((w: any) => w.documentId),
    ['grace', 'ada'],
  );
  assert.equal(Object.keys(sections[0]), ['id', 'body', '__component']);
});

test('dynamic zone: a dotted path populates the attribute in the components that have it', () => {
  const { sections } = read('posts', 'hello', 'populate=sections.author').data;
  assert.is(sections[2].author.documentId, 'ada');
  assert.not.ok('people' in sections[1]);
});

test('dynamic zone: a fragment for a component outside the zone matches nothing', () => {
  assert.equal(read('posts', 'hello', 'populate[sections][on][layout.cta]=true').data.sections, []);
});

test('populate=* goes exactly one level', () => {
  const { data } = read('posts', 'hello', 'populate=*');
  assert.equal(Object.keys(data).slice(-8), ['cover', 'gallery', 'writer', 'tags', 'featuredTag', 'related', 'hero', 'sections']);
  assert.not.ok('posts' in data.writer || 'photo' in data.writer);
  assert.not.ok('cta' in data.hero || 'image' in data.hero);
  assert.not.ok('author' in data.sections[2]);
});

test.run();
