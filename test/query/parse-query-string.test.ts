import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { expectApiError } from '../helpers/expect-api-error.js';

const LIMITS = { queryBytes: 16 * 1024, queryDepth: 20, queryArrayLimit: 100, bodyBytes: 1024 * 1024, populateDepth: 10 } as const;
const parse = (query: string) => parseQueryString(query, LIMITS);
const items = (count: number, key = 'a[]') => Array.from({ length: count }, (_, i) => `${key}=${i}`).join('&');

const CASES: [name: string, query: string, expected: unknown][] = [
  ['a key without = is null (strictNullHandling)', 'a', { a: null }],
  ['a key with = is the empty string', 'a=', { a: '' }],
  ['brackets nest', 'filters[title][$eq]=x', { filters: { title: { $eq: 'x' } } }],
  ['dots do not nest', 'filters.title=x', { 'filters.title': 'x' }],
  ['commas are not split', 'sort=a,b', { sort: 'a,b' }],
  ['a repeated key is an array', 'sort=a&sort=b', { sort: ['a', 'b'] }],
  ['indices make an array', 'fields[0]=a&fields[1]=b', { fields: ['a', 'b'] }],
  ['percent-encoding is decoded', 'a=%C3%89mile%20x', { a: 'Émile x' }],
  ['+ is a space', 'a=b+c', { a: 'b c' }],
  ['an invalid escape is kept as it is', 'a=%E0%A4%A&b=%ZZ', { a: '%E0%A4%A', b: '%ZZ' }],
  ['an invalid UTF-8 sequence is kept as it is', 'a=%C0%AF', { a: '%C0%AF' }],
  ['__proto__ is dropped', '__proto__[x]=1&a[__proto__][y]=2&b=3', { b: '3' }],
  ['keys of Object.prototype are dropped', 'constructor=1&toString=2&a[hasOwnProperty]=3&c=4', { c: '4' }],
  ['an array of 100 items stays an array', items(100), { a: Array.from({ length: 100 }, (_, i) => String(i)) }],
  [
    'an array of 101 items becomes an object with numeric keys',
    items(101),
    { a: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [String(i), String(i)])) },
  ],
  ['an index past the limit makes an object', 'a[101]=x', { a: { 101: 'x' } }],
  ['mixed indices and names make an object', 'a[0]=x&a[b]=y', { a: { 0: 'x', b: 'y' } }],
];

for (const [name, query, expected] of CASES) {
  test(name, () => {
    assert.equal(parse(query), expected);
  });
}

test('nesting deeper than 20 levels keeps the rest of the key as one literal key', () => {
  let expected: Record<string, unknown> = { '[b][b][b][b][b]': '1' };
  for (let i = 0; i < 20; i++) expected = { b: expected };
  assert.equal(parse(`a${'[b]'.repeat(25)}=1`), { a: expected });
});

test('the result has no inherited keys to trip over', () => {
  const parsed = parse('a[b]=1') as { a: Record<string, unknown> };
  assert.is(Object.getPrototypeOf(parsed.a), Object.prototype);
  assert.equal(Object.keys(parsed.a), ['b']);
});

test('a query string up to the byte limit is parsed', () => {
  const query = `a=${'x'.repeat(LIMITS.queryBytes - 2)}`;
  assert.is((parse(query)['a'] as string).length, LIMITS.queryBytes - 2);
});

test('a query string over the byte limit is a 400 naming the limit', () => {
  expectApiError(() => parse(`a=${'é'.repeat(LIMITS.queryBytes / 2)}`), {
    status: 400,
    name: 'ValidationError',
    message: `Query string too long: at most ${LIMITS.queryBytes} bytes`,
    details: {},
  });
});

test('parameters past the 1000th are dropped', () => {
  const parsed = parse(Array.from({ length: 1005 }, (_, i) => `k${i}=1`).join('&'));
  assert.is(Object.keys(parsed).length, 1000);
  assert.is(parsed['k1004'], undefined);
});

test.run();
