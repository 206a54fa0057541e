import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatPath, printValue, typeErrorMessage } from '../../server/documents/yup-messages.js';

const printed: { name: string; value: unknown; expected: string }[] = [
  { name: 'a string is quoted', value: 'abc', expected: '"abc"' },
  { name: 'a number as written', value: 12.5, expected: '12.5' },
  { name: 'NaN', value: Number.NaN, expected: 'NaN' },
  { name: 'minus zero', value: -0, expected: '-0' },
  { name: 'null', value: null, expected: 'null' },
  { name: 'undefined', value: undefined, expected: 'undefined' },
  { name: 'a boolean', value: false, expected: 'false' },
  { name: 'an empty object', value: {}, expected: '{}' },
  // Strapi's recording #129: strings inside objects are printed quoted, then JSON-escaped.
  { name: 'an array of objects (recorded)', value: [{ title: 'x' }], expected: '[\n  {\n    "title": "\\"x\\""\n  }\n]' },
];

for (const row of printed) {
  test(`printValue prints yup's way: ${row.name}`, () => {
    assert.is(printValue(row.value), row.expected);
  });
}

const typeErrors: { name: string; args: [string, string, unknown, unknown]; expected: string }[] = [
  {
    name: 'a failed number cast names the original (recorded #121)',
    args: ['views', 'number', Number.NaN, 'abc'],
    expected: 'views must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).',
  },
  {
    name: 'no cast (recorded #122)',
    args: ['featured', 'boolean', 'yes', undefined],
    expected: 'featured must be a `boolean` type, but the final value was: `"yes"`.',
  },
  { name: 'a null', args: ['title', 'string', null, undefined], expected: 'title must be a `string` type, but the final value was: `null`.' },
  {
    name: 'an original that prints the same is not repeated',
    args: ['n', 'number', 5, 5],
    expected: 'n must be a `number` type, but the final value was: `5`.',
  },
];

for (const row of typeErrors) {
  test(`typeErrorMessage: ${row.name}`, () => {
    assert.is(typeErrorMessage(...row.args), row.expected);
  });
}

const paths: { name: string; path: string[]; expected: string }[] = [
  { name: 'one attribute', path: ['title'], expected: 'title' },
  { name: 'an item of a list', path: ['blocks', '0', '__component'], expected: 'blocks[0].__component' },
  { name: 'a nested component', path: ['seo', 'metaTitle'], expected: 'seo.metaTitle' },
  { name: 'two indexes', path: ['zone', '1', 'parts', '0'], expected: 'zone[1].parts[0]' },
  { name: 'the root', path: [], expected: 'this' },
];

for (const row of paths) {
  test(`formatPath writes yup's dotted path: ${row.name}`, () => {
    assert.is(formatPath(row.path), row.expected);
  });
}

test.run();
