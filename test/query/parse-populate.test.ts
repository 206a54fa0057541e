import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { ApiError } from '../../server/errors/api-error.js';
import type { PopulateMap } from '../../server/query/document-query.js';
import { parsePopulate } from '../../server/query/parse-populate.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import type { ContentType } from '../../server/schema/content-type.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const dir = path.join(FIXTURES_DIR, 'relations');
const registry = loadSchemas(dir);
const limits = loadConfig(dir, { watch: false }).limits;

function typeOf(pluralName: string): ContentType {
  const type = registry.byRouteName.get(pluralName);
  if (type === undefined) throw new Error(`no type ${pluralName}`);
  return type;
}

/** Parses the `populate` of a query string against a type, as the routes do. */
function parse(query: string, pluralName = 'posts', maxDepth = limits.populateDepth): PopulateMap {
  const type = typeOf(pluralName);
  return parsePopulate(parseQueryString(query, limits)['populate'], { registry, type, maxDepth });
}

/** A populate tree as plain data: only what differs from the defaults of a node. */
function shape(map: PopulateMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, node] of map) {
    const item: Record<string, unknown> = {};
    if (node.fields !== undefined) item['fields'] = node.fields;
    if (node.filters !== undefined) item['filters'] = node.filters;
    if (node.sort.length > 0) item['sort'] = node.sort.map((s) => `${s.path.join('.')}:${s.order}`);
    if (node.count) item['count'] = true;
    if (node.on !== undefined) item['on'] = shape(node.on);
    if (node.populate.size > 0) item['populate'] = shape(node.populate);
    out[key] = item;
  }
  return out;
}

const POST_ALL = { cover: {}, gallery: {}, writer: {}, tags: {}, featuredTag: {}, related: {}, hero: {}, sections: {} };

const forms: [name: string, query: string, expected: Record<string, unknown>][] = [
  ['nothing', '', {}],
  ['* is every relation, media, component and zone, one level', 'populate=*', POST_ALL],
  ['a comma list', 'populate=writer,tags', { writer: {}, tags: {} }],
  ['a comma list with spaces and a trailing comma', 'populate= writer , tags,', { writer: {}, tags: {} }],
  ['an indexed array', 'populate[0]=writer&populate[1]=cover', { writer: {}, cover: {} }],
  ['an array of comma lists', 'populate[0]=writer,tags&populate[1]=cover', { writer: {}, tags: {}, cover: {} }],
  ['[a]=true', 'populate[writer]=true', { writer: {} }],
  ['[a]=t and [b]=1', 'populate[writer]=t&populate[tags]=1', { writer: {}, tags: {} }],
  ['[a]=* is [a]=true', 'populate[writer]=*', { writer: {} }],
  ['[a]=false, f and 0 leave it out', 'populate[writer]=false&populate[tags]=f&populate[cover]=0&populate[gallery]=true', { gallery: {} }],
  ['[a] without a value leaves it out', 'populate[writer]', {}],
  ['a dotted path populates each step', 'populate=hero.cta.icon', { hero: { populate: { cta: { populate: { icon: {} } } } } }],
  [
    'dotted paths sharing a head merge',
    'populate=hero.image,hero.cta.target,hero.cta.icon',
    { hero: { populate: { image: {}, cta: { populate: { target: {}, icon: {} } } } } },
  ],
  ['a dotted path through a relation', 'populate[0]=writer.posts.tags', { writer: { populate: { posts: { populate: { tags: {} } } } } }],
  ['a dotted path into a zone reaches the components that have the attribute', 'populate=sections.author', { sections: { populate: { author: {} } } }],
  ['a dotted path through a zone and a component', 'populate=sections.cta.target', { sections: { populate: { cta: { populate: { target: {} } } } } }],
  [
    '[a][populate]=* is the target level, without private attributes',
    'populate[writer][populate]=*',
    { writer: { populate: { photo: {}, passport: {}, posts: {}, mentor: {} } } },
  ],
  ['[a][populate] takes a comma list', 'populate[writer][populate]=photo,mentor', { writer: { populate: { photo: {}, mentor: {} } } }],
  [
    'nested objects with fields, sort and count, at any depth',
    'populate[writer][fields][0]=name&populate[writer][populate][posts][fields][0]=title&populate[writer][populate][posts][sort]=title:desc&populate[writer][populate][posts][populate][tags][count]=true',
    { writer: { fields: ['name'], populate: { posts: { fields: ['title'], sort: ['title:desc'], populate: { tags: { count: true } } } } } },
  ],
  [
    'nested filters become a filter tree',
    'populate[tags][filters][name][$eq]=News',
    { tags: { filters: { kind: 'compare', field: 'name', operator: '$eq', value: 'News' } } },
  ],
  ['count=false is no count', 'populate[tags][count]=false', { tags: {} }],
  [
    'components take fields and populate',
    'populate[hero][fields][0]=heading&populate[hero][populate][cta][populate]=icon',
    { hero: { fields: ['heading'], populate: { cta: { populate: { icon: {} } } } } },
  ],
  [
    'media take fields, sort and count',
    'populate[gallery][fields][0]=name&populate[gallery][sort]=size:desc&populate[cover][count]=true',
    { gallery: { fields: ['name'], sort: ['size:desc'] }, cover: { count: true } },
  ],
  ['media fields=* is every field', 'populate[cover][fields]=*', { cover: {} }],
  [
    'a zone with fragments',
    'populate[sections][on][content.text]=true&populate[sections][on][layout.hero][populate]=author',
    { sections: { on: { 'content.text': {}, 'layout.hero': { populate: { author: {} } } } } },
  ],
  [
    'a false fragment is left out',
    'populate[sections][on][content.text]=false&populate[sections][on][layout.hero]=true',
    { sections: { on: { 'layout.hero': {} } } },
  ],
  ['a fragment for a component outside the zone is accepted', 'populate[sections][on][layout.cta]=true', { sections: { on: { 'layout.cta': {} } } }],
  [
    'a zone with populate=* reaches the first level of every component',
    'populate[sections][populate]=*',
    { sections: { populate: { images: {}, people: {}, image: {}, author: {}, cta: {} } } },
  ],
  ['a zone with count keeps it', 'populate[sections][count]=true', { sections: { count: true } }],
  ['a string under a relation checks the names but populates the relation alone', 'populate[writer]=mentor.photo', { writer: {} }],
  ['boolean-like keys are ignored, as Strapi does', 'populate[writer]=true&populate[true]=x', { writer: {} }],
  ['qs objects with numeric keys are lists', 'populate[200]=writer&populate[201]=tags', { writer: {}, tags: {} }],
];

for (const [name, query, expected] of forms) {
  test(`form: ${name}`, () => {
    assert.equal(shape(parse(query)), expected);
  });
}

test('populate[dz][on] empty leaves the zone out', () => {
  const type = typeOf('posts');
  assert.equal(shape(parsePopulate({ sections: { on: {} } }, { registry, type, maxDepth: 10 })), {});
});

test('the wildcard on a type with a private relation leaves it out', () => {
  assert.equal(shape(parse('populate=*', 'writers')), { photo: {}, passport: {}, posts: {}, mentor: {} });
});

const query = (key: string, path: string | null) => ({ key, path, source: 'query', param: 'populate' });
const INVALID_POPULATE = 'Invalid populate parameter. Expected a string, an array of strings, a populate object';
const ZONE_POPULATE =
  "Invalid nested population query detected. When using 'populate' within polymorphic structures, its value must be '*' to indicate all second level links. " +
  'Specific field targeting is not supported here. Consider using the fragment API for more granular population control.';

const errors: [name: string, query: string, message: string, details: Record<string, unknown>, type?: string][] = [
  ['an unknown key in an object', 'populate[nope]=true', 'Invalid key nope', query('nope', null)],
  ['an unknown name in a list', 'populate=writer,nope', 'Invalid key nope', query('nope', 'nope')],
  ['a scalar in an object', 'populate[title]=true', 'Invalid key title', query('title', 'title')],
  ['a scalar in a list', 'populate=title', 'Invalid key title', query('title', 'title')],
  ['**', 'populate=**', 'Invalid key **', query('**', '**')],
  ['* inside a list', 'populate=*,writer', 'Invalid key *', query('*', '*')],
  ['* as an array item', 'populate[0]=*', 'Invalid key *', query('*', '*')],
  ['an unknown step of a dotted path', 'populate=writer.nope', 'Invalid key nope at writer.nope', query('nope', 'writer.nope')],
  ['a scalar step of a dotted path', 'populate=hero.heading', 'Invalid key heading at hero.heading', query('heading', 'hero.heading')],
  ['a dotted path past a media', 'populate=cover.url', 'Invalid key cover', query('cover', 'cover')],
  ['a dotted path into a zone no component has', 'populate=sections.nope', 'Invalid key nope at sections.nope', query('nope', 'sections.nope')],
  ['a dotted path restarts inside a nested populate', 'populate[writer][populate]=nope', 'Invalid key nope', query('nope', 'nope')],
  ['an unknown key nested in an object', 'populate[writer][populate][nope]=true', 'Invalid key nope at writer', query('nope', 'writer')],
  ['a scalar nested in an object', 'populate[writer][populate][name]=true', 'Invalid key name at writer.populate.name', query('name', 'writer.populate.name')],
  ['an unknown option', 'populate[writer][nope]=1', 'Invalid key nope at writer', query('nope', 'writer')],
  ['an unknown name in a string under a relation', 'populate[writer]=yes', 'Invalid key yes at writer', query('yes', 'writer')],
  ['a scalar in a string under a relation', 'populate[writer]=name', 'Invalid key name at writer.name', query('name', 'writer.name')],
  ['a name in a string under a media', 'populate[cover]=yes', 'Invalid key yes at cover', query('yes', 'cover')],
  ['a name past a media in a string under a relation', 'populate[writer]=photo.yes', 'Invalid key yes at writer.photo', query('yes', 'writer.photo')],
  ['a private relation at the root', 'populate[manager]=true', 'Invalid key manager', query('manager', 'manager'), 'writers'],
  ['a private relation in a list', 'populate=photo,manager', 'Invalid key manager', query('manager', 'manager'), 'writers'],
  ['a private relation nested', 'populate[writer][populate][manager]=true', 'Invalid key manager at writer.manager', query('manager', 'writer.manager')],
  ['count that is not a boolean', 'populate[tags][count]=maybe', 'Invalid key count at tags', query('count', 'tags')],
  ['fragments on a relation', 'populate[writer][on][api::writer.writer]=true', 'Using fragments is not permitted to populate "writer" in "api::post.post"', {}],
  ['fragments on a media', 'populate[cover][on][layout.cta]=true', 'Using fragments is not permitted to populate "cover" in "api::post.post"', {}],
  ['fragments on a component', 'populate[hero][on][layout.cta]=true', 'Using fragments is not permitted to populate "hero" in "api::post.post"', {}],
  [
    'a fragment for an unknown uid',
    'populate[sections][on][shared.nope]=true',
    'Invalid key shared.nope at sections.on.shared.nope',
    query('shared.nope', 'sections.on.shared.nope'),
  ],
  ['fragments on a relation with an unknown uid', 'populate[writer][on][nope]=true', 'Invalid key nope at writer.on.nope', query('nope', 'writer.on.nope')],
  ['on that is not an object', 'populate[sections][on]=x', 'Invalid key on at sections.on', query('on', 'sections.on')],
  [
    'a zone with options other than on, populate and count',
    'populate[sections][fields][0]=body',
    'Invalid nested populate for post.sections (api::post.post). Expected a fragment ("on") or "count" but found {"fields":["body"]}',
    {},
  ],
  ['a zone with a nested populate other than *', 'populate[sections][populate]=author', ZONE_POPULATE, {}],
  ['an unknown key inside a fragment', 'populate[sections][on][layout.hero][populate][nope]=true', 'Invalid key nope at sections', query('nope', 'sections')],
  [
    'a scalar inside a fragment',
    'populate[sections][on][layout.hero][populate][heading]=true',
    'Invalid key heading at sections.on[layout.hero].populate.heading',
    query('heading', 'sections.on[layout.hero].populate.heading'),
  ],
  ['an array holding an object', 'populate[0][writer]=true', INVALID_POPULATE, {}],
  ['nested filters name their param as populate', 'populate[writer][filters][nope]=1', 'Invalid key nope', query('nope', null)],
  ['nested fields name their param as populate', 'populate[writer][fields][0]=nope', 'Invalid key nope', query('nope', null)],
  ['nested sort names its param as populate', 'populate[writer][sort]=nope', 'Invalid key nope', query('nope', null)],
  ['a relation field inside nested fields', 'populate[writer][fields][0]=mentor', 'Invalid key mentor', query('mentor', 'mentor')],
  ['an unknown media field', 'populate[cover][fields][0]=nope', 'Invalid key nope', query('nope', null)],
  ['an unknown media filter', 'populate[gallery][filters][nope]=x', 'Invalid key nope', query('nope', null)],
  ['an unknown media sort', 'populate[gallery][sort]=nope', 'Invalid key nope', query('nope', null)],
  ['a nested populate under a media', 'populate[cover][populate]=related', 'Invalid key related', query('related', 'related')],
];

for (const [name, q, message, details, type] of errors) {
  test(`error: ${name}`, () => {
    try {
      parse(q, type);
      assert.unreachable('expected a 400');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      assert.is(error.status, 400);
      assert.is(error.name, 'ValidationError');
      assert.is(error.message, message);
      assert.equal(error.details, details);
    }
  });
}

const mentors = (n: number): string => Array.from({ length: n }, () => 'mentor').join('.');

test('the populate depth is limited, in dotted and object form', () => {
  assert.is(parse(`populate=${mentors(10)}`, 'writers').size, 1);
  assert.throws(
    () => parse(`populate=${mentors(11)}`, 'writers'),
    (e: unknown) => e instanceof ApiError && e.status === 400 && /deeper than 10/.test(e.message),
  );
  assert.is(parse('populate[mentor][populate][mentor][populate]=mentor', 'writers', 3).size, 1);
  assert.throws(
    () => parse('populate[mentor][populate][mentor][populate][mentor][populate]=mentor', 'writers', 3),
    (e: unknown) => e instanceof ApiError && e.status === 400,
  );
});

test('a self-referencing relation nests only as deep as the query asks', () => {
  let node = parse(`populate=${mentors(4)}`, 'writers').get('mentor');
  let depth = 0;
  while (node !== undefined) {
    depth++;
    node = node.populate.get('mentor');
  }
  assert.is(depth, 4);
});

test.run();
