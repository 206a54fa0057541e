import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { ApiError } from '../../server/errors/api-error.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import { parseFields } from '../../server/query/parse-fields.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const typesDir = path.join(FIXTURES_DIR, 'query-types');
const types = loadSchemas(typesDir);
const blog = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const limits = loadConfig(typesDir, { watch: false }).limits;

function parse(query: string, registry = types, plural = 'samples'): readonly string[] | undefined {
  return parseFields(parseQueryString(query, limits)['fields'], registry.byRouteName.get(plural)!, true);
}

const FORMS: [name: string, query: string, expected: string[] | undefined][] = [
  ['no fields: all of them', '', undefined],
  ['fields without a value', 'fields', undefined],
  ['an empty value', 'fields=', undefined],
  ['one field', 'fields=label', ['label']],
  ['a comma list', 'fields=label,count', ['label', 'count']],
  ['spaces and empty items', 'fields= label ,,count,', ['label', 'count']],
  ['an array', 'fields[0]=label&fields[1]=count', ['label', 'count']],
  ['an array item with commas', 'fields[0]=label,count&fields[1]=flag', ['label', 'count', 'flag']],
  ['* is all', 'fields=*', undefined],
  ['* with others is all', 'fields[0]=*&fields[1]=label', undefined],
  ['id and documentId are always there, so not listed', 'fields=id,documentId,label', ['label']],
  ['only id: no attribute', 'fields=id', []],
  ['duplicates once', 'fields=label,label', ['label']],
  ['timestamps', 'fields=createdAt,updatedAt,publishedAt', ['createdAt', 'updatedAt', 'publishedAt']],
  [
    'every scalar type',
    'fields=note,body,code,mail,kind,big,ratio,price,day,clock,moment,stamp,meta,doc,quiet',
    ['note', 'body', 'code', 'mail', 'kind', 'big', 'ratio', 'price', 'day', 'clock', 'moment', 'stamp', 'meta', 'doc', 'quiet'],
  ],
];

for (const [name, query, expected] of FORMS) {
  test(`${name} (${query})`, () => {
    assert.equal(parse(query), expected);
  });
}

test('a component keeps id only among system fields', () => {
  const seo = blog.components.get('shared.seo')!;
  assert.equal(parseFields('id,metaTitle', seo, false), ['metaTitle']);
  assert.throws(
    () => parseFields('documentId', seo, false),
    (error: ApiError) => error.message === 'Invalid key documentId',
  );
});

const KEY = (key: string, pathValue: string | null) => ({ message: `Invalid key ${key}`, details: { key, path: pathValue, source: 'query', param: 'fields' } });

const ERRORS: [name: string, query: string, expected: { message: string; details: Record<string, unknown> }, registry?: 'blog'][] = [
  ['an unknown field (recorded case 141)', 'fields[0]=nope', KEY('nope', null)],
  ['names are case-sensitive', 'fields=Label', KEY('Label', null)],
  ['a relation is named with its path', 'fields=owner', KEY('owner', 'owner')],
  ['a private field', 'fields=label,secret', KEY('secret', 'secret')],
  ['a password, even with *', 'fields[0]=*&fields[1]=pass', KEY('pass', 'pass')],
  ['a component', 'fields=seo', KEY('seo', 'seo'), 'blog'],
  ['a media field', 'fields=title,cover', KEY('cover', 'cover'), 'blog'],
  ['a dynamic zone', 'fields=blocks', KEY('blocks', 'blocks'), 'blog'],
  ['a dotted path', 'fields=owner.name', KEY('owner.name', null)],
];

for (const [name, query, expected, registry] of ERRORS) {
  test(`400: ${name} (${query})`, () => {
    expectApiError(() => parse(query, registry === 'blog' ? blog : types, registry === 'blog' ? 'articles' : 'samples'), { status: 400, ...expected });
  });
}

test('400: fields as an object', () => {
  try {
    parse('fields[a][b]=1');
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.is((error as ApiError).message, 'Invalid fields parameter. Expected a string or an array of strings');
    assert.equal((error as ApiError).details, {});
  }
});

test.run();
