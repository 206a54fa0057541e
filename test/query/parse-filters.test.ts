import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { ApiError } from '../../server/errors/api-error.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import type { ComparisonOperator, FilterNode } from '../../server/query/filter-node.js';
import { parseFilters } from '../../server/query/parse-filters.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const typesDir = path.join(FIXTURES_DIR, 'query-types');
const types = loadSchemas(typesDir);
const blog = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const limits = loadConfig(typesDir, { watch: false }).limits;

/** Parses `filters` of a query string against samples (or the blog's articles). */
function parse(query: string, registry = types, plural = 'samples'): FilterNode | undefined {
  const raw = parseQueryString(query, limits);
  return parseFilters(raw['filters'], registry, { kind: 'document', set: registry.byRouteName.get(plural)! });
}

const eq = (field: string, value: unknown, operator: ComparisonOperator = '$eq'): FilterNode => ({ kind: 'compare', field, operator, value });

const NODES: [name: string, query: string, expected: FilterNode | undefined][] = [
  ['no filters', '', undefined],
  ['an empty filters value', 'filters=', undefined],
  ['filters without a value', 'filters', undefined],
  ['a bare value is $eq, cast to the type', 'filters[count]=5', eq('count', 5)],
  ['an array is $in, each item cast', 'filters[count][0]=5&filters[count][1]=7', eq('count', [5, 7], '$in')],
  ['$in with one value is a list', 'filters[count][$in]=5', eq('count', [5], '$in')],
  ['$notIn', 'filters[count][$notIn][0]=1', eq('count', [1], '$notIn')],
  ['$between', 'filters[count][$between][0]=1&filters[count][$between][1]=9', eq('count', [1, 9], '$between')],
  ['an array on a single-value operator is kept as a list', 'filters[count][$eq][0]=1&filters[count][$eq][1]=2', eq('count', [1, 2])],
  ['a missing value is null', 'filters[count][$eq]', eq('count', null)],
  ['LIKE operators compare text and do not cast', 'filters[count][$contains]=4', eq('count', '4', '$contains')],
  ['$eqi keeps the text', 'filters[label][$eqi]=Hello', eq('label', 'Hello', '$eqi')],
  ['$null takes any value', 'filters[count][$null]=anything', eq('count', true, '$null')],
  ['$notNull=0', 'filters[count][$notNull]=0', eq('count', false, '$notNull')],
  ['booleans are cast', 'filters[flag]=t', eq('flag', true)],
  ['biginteger keeps its digits', 'filters[big][$gt]=9007199254740993', eq('big', '9007199254740993', '$gt')],
  ['datetimes are normalised', 'filters[moment][$lt]=2024-01-15', eq('moment', '2024-01-15T00:00:00.000Z', '$lt')],
  ['id is an integer', 'filters[id]=12', eq('id', 12)],
  ['documentId is text', 'filters[documentId][$in][0]=s-a', eq('documentId', ['s-a'], '$in')],
  ['two attributes are an $and', 'filters[count]=1&filters[label]=x', { kind: 'and', children: [eq('count', 1), eq('label', 'x')] }],
  [
    'two operators on one attribute are an $and',
    'filters[count][$gt]=1&filters[count][$lt]=9',
    { kind: 'and', children: [eq('count', 1, '$gt'), eq('count', 9, '$lt')] },
  ],
  ['$or', 'filters[$or][0][count]=1&filters[$or][1][label]=x', { kind: 'or', children: [eq('count', 1), eq('label', 'x')] }],
  [
    'an array inside $or is an $and',
    'filters[$or][0][0][count]=1&filters[$or][0][1][label]=x',
    { kind: 'or', children: [{ kind: 'and', children: [eq('count', 1), eq('label', 'x')] }] },
  ],
  ['$not at the root', 'filters[$not][count]=1', { kind: 'not', child: eq('count', 1) }],
  ['$not on an attribute', 'filters[count][$not][$eq]=1', { kind: 'not', child: eq('count', 1) }],
  ['$not with a bare value', 'filters[count][$not]=1', { kind: 'not', child: eq('count', 1) }],
  ['$or on an attribute', 'filters[count][$or][0][$lt]=0&filters[count][$or][1]=5', { kind: 'or', children: [eq('count', 0, '$lt'), eq('count', 5)] }],
  ['a list of filter objects is an $and', 'filters[0][count]=1&filters[1][label]=x', { kind: 'and', children: [eq('count', 1), eq('label', 'x')] }],
  ['a relation field is nested', 'filters[owner][name]=Ada', { kind: 'nested', field: 'owner', where: eq('name', 'Ada') }],
  ['a bare value on a relation compares its id', 'filters[owner]=3', { kind: 'nested', field: 'owner', where: eq('id', 3) }],
  ['an operator on a relation compares its id', 'filters[owner][$in][0]=3', { kind: 'nested', field: 'owner', where: eq('id', [3], '$in') }],
  // Strapi does not cast ids: text that is no number is compared as text (and matches no row).
  ['an id that is no number stays text', 'filters[id]=abc', eq('id', 'abc')],
  ['a related id that is no number stays text', 'filters[owner][id][$gt]=abc', { kind: 'nested', field: 'owner', where: eq('id', 'abc', '$gt') }],
  ['a bare text on a relation stays text', 'filters[owner]=abc', { kind: 'nested', field: 'owner', where: eq('id', 'abc') }],
  ['$null on a relation tests the relation itself', 'filters[owner][$null]=true', eq('owner', true, '$null')],
  [
    'a nested $and on a relation stays inside it',
    'filters[owner][$and][0][name]=A&filters[owner][$and][1][name]=B',
    { kind: 'nested', field: 'owner', where: { kind: 'and', children: [eq('name', 'A'), eq('name', 'B')] } },
  ],
];

for (const [name, query, expected] of NODES) {
  test(`${name} (${query})`, () => {
    assert.equal(parse(query), expected);
  });
}

test('the mappedBy side of a relation is nested like the owning side', () => {
  assert.equal(parse('filters[samples][count]=1', types, 'people'), { kind: 'nested', field: 'samples', where: eq('count', 1) });
});

test('an $in list longer than the qs array limit still holds every value', () => {
  const query = Array.from({ length: 150 }, (_, i) => `filters[count][$in][${i}]=${i}`).join('&');
  const node = parse(query) as { value: number[] };
  assert.equal(
    node.value,
    Array.from({ length: 150 }, (_, i) => i),
  );
});

test('an $or longer than the qs array limit keeps every branch', () => {
  const query = Array.from({ length: 120 }, (_, i) => `filters[$or][${i}][count]=${i}`).join('&');
  const node = parse(query) as { kind: string; children: unknown[] };
  assert.is(node.kind, 'or');
  assert.is(node.children.length, 120);
});

const EMPTY: [name: string, value: unknown][] = [
  ['an empty object', {}],
  ['an empty attribute object', { count: {} }],
  ['an empty $and', { $and: [] }],
  ['an $or of empty objects', { $or: [{}, {}] }],
  ['an empty relation object', { owner: {} }],
  ['an empty $not', { $not: {} }],
  ['an empty list', []],
  ['a list of empty objects', [{}]],
];

for (const [name, value] of EMPTY) {
  test(`empty objects are dropped: ${name}`, () => {
    assert.is(parseFilters(value, types, { kind: 'document', set: types.byRouteName.get('samples')! }), undefined);
  });
}

const KEY = (key: string, pathValue: string | null, message = `Invalid key ${key}`) => ({
  message,
  details: { key, path: pathValue, source: 'query', param: 'filters' },
});
const VALUE = (key: string, pathValue: string, raw: string, expected: string) => ({
  message: `Invalid value ${raw} for ${pathValue}: expected ${expected}`,
  details: { key, path: pathValue, source: 'query', param: 'filters' },
});

const ERRORS: [name: string, query: string, expected: { message: string; details: Record<string, unknown> }, registry?: 'blog'][] = [
  ['an unknown attribute (recorded case 55)', 'filters[nope][$eq]=x', KEY('nope', null), 'blog'],
  ['attribute names are case-sensitive', 'filters[ID]=1', KEY('ID', null)],
  ['operators are case-sensitive', 'filters[label][$STARTSWITH]=x', KEY('$STARTSWITH', 'label', 'Invalid key $STARTSWITH at label')],
  ['an unknown operator at the root', 'filters[$foo]=1', KEY('$foo', null)],
  ['a comparison operator at the root', 'filters[$eq]=1', KEY('$eq', null)],
  ['an unknown key inside $and', 'filters[$and][0][nope]=x', KEY('nope', null)],
  ['a private attribute is named with its path', 'filters[secret]=x', KEY('secret', 'secret')],
  ['a password attribute', 'filters[pass][$null]=true', KEY('pass', 'pass')],
  ['a private relation', 'filters[reviewer][name]=x', KEY('reviewer', 'reviewer')],
  ['a private attribute through a relation', 'filters[owner][secret]=x', KEY('secret', 'owner.secret', 'Invalid key secret at owner.secret')],
  ['an unknown key through a relation', 'filters[owner][nope]=x', KEY('nope', 'owner', 'Invalid key nope at owner')],
  ['a wrong-case operator through a relation', 'filters[owner][name][$Eq]=x', KEY('$Eq', 'owner.name', 'Invalid key $Eq at owner.name')],
  ['a dynamic zone', 'filters[blocks][$null]=true', KEY('blocks', 'blocks'), 'blog'],
  ['an unknown key in a component', 'filters[seo][nope]=x', KEY('nope', 'seo', 'Invalid key nope at seo'), 'blog'],
  ['an unknown key of a media file', 'filters[cover][nope]=x', KEY('nope', 'cover', 'Invalid key nope at cover'), 'blog'],
  ['a private field of a media file', 'filters[cover][folderPath]=x', KEY('folderPath', 'cover', 'Invalid key folderPath at cover'), 'blog'],
  ['$not with a value', 'filters[$not]=x', KEY('$not', null)],
  ['an integer (deviation 58)', 'filters[views][$gt]=abc', VALUE('views', 'views', 'abc', 'an integer'), 'blog'],
  ['an integer', 'filters[count][$gt]=abc', VALUE('count', 'count', 'abc', 'an integer')],
  ['a biginteger', 'filters[big]=abc', VALUE('big', 'big', 'abc', 'an integer')],
  ['a float', 'filters[ratio][$lt]=abc', VALUE('ratio', 'ratio', 'abc', 'a number')],
  ['a decimal', 'filters[price][$in][0]=1&filters[price][$in][1]=abc', VALUE('price', 'price', 'abc', 'a number')],
  ['a boolean', 'filters[flag]=yes', VALUE('flag', 'flag', 'yes', 'a boolean')],
  ['a date', 'filters[day][$gte]=abc', VALUE('day', 'day', 'abc', 'a date')],
  ['a time', 'filters[clock][$ne]=abc', VALUE('clock', 'clock', 'abc', 'a time')],
  ['a datetime', 'filters[moment][$between][0]=abc&filters[moment][$between][1]=2024-01-01', VALUE('moment', 'moment', 'abc', 'a date-time')],
  ['a timestamp', 'filters[stamp]=abc', VALUE('stamp', 'stamp', 'abc', 'a timestamp')],
  ['a system datetime', 'filters[createdAt][$gt]=abc', VALUE('createdAt', 'createdAt', 'abc', 'a date-time')],
  ['inside $or', 'filters[$or][0][count]=abc', VALUE('count', 'count', 'abc', 'an integer')],
  ['under $not', 'filters[count][$not][$eq]=abc', VALUE('count', 'count', 'abc', 'an integer')],
  ['an object where a value belongs', 'filters[count][$eq][x]=1', VALUE('count', 'count', '{"x":"1"}', 'an integer')],
];

for (const [name, query, expected, registry] of ERRORS) {
  test(`400: ${name} (${query})`, () => {
    expectApiError(() => parse(query, registry === 'blog' ? blog : types, registry === 'blog' ? 'articles' : 'samples'), {
      status: 400,
      name: 'ValidationError',
      ...expected,
    });
  });
}

const SHAPE_ERRORS: [name: string, query: string, message: string][] = [
  ['filters as text', 'filters=abc', 'The filters parameter must be an object or an array'],
  ['$and with a value', 'filters[$and]=x', 'Invalid filters parameter: $and expects an array'],
  ['$or with text items', 'filters[$or][0]=x', 'Invalid filters parameter: $and and $or expect an array of filter objects'],
  ['$between with one value', 'filters[count][$between]=1', 'Invalid value for count.$between: expected an array of two values'],
];

for (const [name, query, message] of SHAPE_ERRORS) {
  test(`400: ${name} (${query})`, () => {
    try {
      parse(query);
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, ApiError);
      assert.is((error as ApiError).status, 400);
      assert.is((error as ApiError).message, message);
      assert.equal((error as ApiError).details, {});
    }
  });
}

test.run();
