import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { generateJsonSchema, jsonSchemaFileMatch } from '../../server/types/generate-json-schema.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { validateJsonSchema } from './validate-json-schema.js';

const MISTAKES = path.join(FIXTURES_DIR, 'check-mistakes');
const BLOG = path.join(FIXTURES_DIR, 'blog');

function schemaOf(projectDir: string, singularName: string): { [key: string]: unknown } {
  const registry = loadSchemas(projectDir);
  return generateJsonSchema(registry, registry.contentTypes.get(`api::${singularName}.${singularName}`)!);
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

for (const [fixture, least] of [
  ['blog', 20],
  ['morph', 8],
] as const) {
  test(`every JSON content file of the ${fixture} fixture fits its type's schema`, () => {
    assert.ok(checkedFiles(path.join(FIXTURES_DIR, fixture)) >= least);
  });
}

test('a morph value of the wrong shape, and a stored morphMany, do not fit', () => {
  const registry = loadSchemas(path.join(FIXTURES_DIR, 'morph'));
  const shelf = generateJsonSchema(registry, registry.contentTypes.get('api::shelf.shelf')!);
  assert.equal(validateJsonSchema(shelf, { name: 'x', items: ['hello'] }), ['$.items[0]: type']);
  const post = generateJsonSchema(registry, registry.contentTypes.get('api::post.post')!);
  assert.equal(validateJsonSchema(post, { headline: 'x', comments: [] }), ['$.comments: type']);
});

/** Checks every JSON content file of a fixture against its type's schema; how many it checked. */
function checkedFiles(BLOG: string): number {
  const registry = loadSchemas(BLOG);
  let checked = 0;
  for (const type of registry.contentTypes.values()) {
    const schema = generateJsonSchema(registry, type);
    const folder = type.kind === 'singleType' ? path.join(BLOG, 'content') : path.join(BLOG, 'content', type.pluralName);
    for (const name of fs.readdirSync(folder)) {
      if (!name.endsWith('.json') || (type.kind === 'singleType' && !name.startsWith(`${type.singularName}.`))) continue;
      assert.equal(validateJsonSchema(schema, readJson(path.join(folder, name))), [], name);
      checked++;
    }
  }
  return checked;
}

/** Files of the check-mistakes fixture: the schema agrees with `cms check` on what is wrong in them. */
const FILES: [file: string, type: string, errors: string[]][] = [
  ['articles/good.json', 'article', []],
  ['articles/draft-rules.json', 'article', []],
  ['articles/too-short.json', 'article', ['$.title: minLength']],
  ['articles/missing-title.json', 'article', ['$: required title']],
  ['articles/unknown-key.json', 'article', ['$: additionalProperties subtitle']],
  ['articles/wrong-shape.json', 'article', ['$.views: type']],
  ['articles/bad-enum.json', 'article', ['$.format: enum']],
  ['articles/bad-email.json', 'article', ['$.contact: pattern']],
  ['articles/nested-required.json', 'article', ['$.blocks[1].text: type']],
  ['articles/media-outside.json', 'article', ['$.cover: pattern']],
  ['authors/stores-derived.json', 'author', ['$.articles: type']],
  ['authors/ada.json', 'author', []],
];

for (const [file, type, errors] of FILES) {
  test(`the ${type} schema finds ${errors.length === 0 ? 'nothing wrong' : errors.join(', ')} in ${file}`, () => {
    assert.equal(validateJsonSchema(schemaOf(MISTAKES, type), readJson(path.join(MISTAKES, 'content', file))), errors);
  });
}

/** Changes to a valid published article, and what the schema says. */
const MUTATIONS: [name: string, change: (doc: Record<string, unknown>) => void, errors: string[]][] = [
  ['a relation written as an object', (doc) => (doc['author'] = { documentId: 'ada' }), ['$.author: type']],
  ['a relation id with a capital letter', (doc) => (doc['related'] = ['Nope']), ['$.related[0]: pattern']],
  ['a media path starting with a slash', (doc) => (doc['cover'] = '/pixel.png'), ['$.cover: pattern']],
  ['a media path into a hidden folder', (doc) => (doc['cover'] = 'a/.b/c.png'), ['$.cover: pattern']],
  ['the numeric id, which files do not hold', (doc) => (doc['id'] = 3), ['$: additionalProperties id']],
  ['a dynamic-zone item of another component', (doc) => (doc['blocks'] = [{ __component: 'shared.seo', metaTitle: 'x' }]), ['$.blocks[0].__component: enum']],
  ['an unknown key inside a component', (doc) => (doc['seo'] = { metaTitle: 'x', oops: 1 }), ['$.seo: additionalProperties oops']],
  ['a missing required attribute of a component', (doc) => (doc['seo'] = {}), ['$.seo: required metaTitle']],
  ['a createdAt that is not a date-time', (doc) => (doc['createdAt'] = 'yesterday'), ['$.createdAt: pattern']],
  [
    'null for attributes that are not required',
    (doc) => Object.assign(doc, { slug: null, views: null, format: null, cover: null, related: null, seo: null, blocks: null }),
    [],
  ],
  ['a draft without its required title', (doc) => Object.assign(doc, { title: undefined, publishedAt: null }), []],
];

for (const [name, change, errors] of MUTATIONS) {
  test(`the article schema with ${name}: ${errors.length === 0 ? 'valid' : errors.join(', ')}`, () => {
    const doc = readJson(path.join(MISTAKES, 'content', 'articles', 'good.json')) as Record<string, unknown>;
    change(doc);
    const json = JSON.parse(JSON.stringify(doc)) as unknown;
    assert.equal(validateJsonSchema(schemaOf(MISTAKES, 'article'), json), errors);
  });
}

test('schemas name the files they apply to', () => {
  const registry = loadSchemas(BLOG);
  assert.equal(jsonSchemaFileMatch(registry.contentTypes.get('api::article.article')!), ['content/articles/*.json']);
  assert.equal(jsonSchemaFileMatch(registry.contentTypes.get('api::homepage.homepage')!), ['content/homepage.json', 'content/homepage.*.json']);
});

test('the same schemas give the same JSON Schema text', () => {
  assert.is(JSON.stringify(schemaOf(BLOG, 'article')), JSON.stringify(schemaOf(BLOG, 'article')));
});

test.run();
