import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileInfo } from '../../server/documents/upload-file-info.js';
import { expectApiError } from '../helpers/expect-api-error.js';

const NONE = { name: undefined, alternativeText: undefined, caption: undefined };

const ACCEPTED = [
  { name: 'absent', value: undefined, count: 1, multiple: false, infos: [NONE] },
  {
    name: 'JSON text',
    value: '{"name":"a.png","alternativeText":"alt"}',
    count: 1,
    multiple: false,
    infos: [{ ...NONE, name: 'a.png', alternativeText: 'alt' }],
  },
  { name: 'an object (JSON body)', value: { caption: 'cap' }, count: 1, multiple: false, infos: [{ ...NONE, caption: 'cap' }] },
  { name: 'nulls kept as null', value: { alternativeText: null }, count: 1, multiple: false, infos: [{ ...NONE, alternativeText: null }] },
  { name: 'numbers cast to text', value: { name: 42, caption: true }, count: 1, multiple: false, infos: [{ ...NONE, name: '42', caption: 'true' }] },
  {
    name: 'array of JSON texts for several files',
    value: ['{"name":"one"}', '{"name":"two"}'],
    count: 2,
    multiple: true,
    infos: [
      { ...NONE, name: 'one' },
      { ...NONE, name: 'two' },
    ],
  },
  { name: 'short array: the rest get nothing', value: ['{"name":"one"}'], count: 3, multiple: true, infos: [{ ...NONE, name: 'one' }, NONE, NONE] },
  {
    name: 'one JSON text holding an array',
    value: '[{"name":"one"},{"caption":"c"}]',
    count: 2,
    multiple: true,
    infos: [
      { ...NONE, name: 'one' },
      { ...NONE, caption: 'c' },
    ],
  },
] as const;

for (const c of ACCEPTED) {
  test(`fileInfo accepted: ${c.name}`, () => {
    assert.equal(readFileInfo(c.value, c.count, c.multiple), c.infos);
  });
}

// Messages in yup's words; yup prints values inside objects with its own printer (`1` → `"1"`).
const REFUSED = [
  {
    name: 'unknown key',
    value: { name: 'x', folder: 1, ref: 'y' },
    multiple: false,
    message: 'fileInfo field has unspecified keys: folder, ref',
    path: ['fileInfo'],
  },
  {
    name: 'not JSON',
    value: '{nope',
    multiple: false,
    message: 'fileInfo must be a `object` type, but the final value was: `null` (cast from the value `"{nope"`).',
    path: ['fileInfo'],
  },
  {
    name: 'a number',
    value: 5,
    multiple: false,
    message: 'fileInfo must be a `object` type, but the final value was: `null` (cast from the value `5`).',
    path: ['fileInfo'],
  },
  {
    name: 'an object as a name',
    value: { name: { a: 1 } },
    multiple: false,
    message: 'fileInfo.name must be a `string` type, but the final value was: `{\n  "a": "1"\n}`.',
    path: ['fileInfo', 'name'],
  },
  {
    name: 'unknown key in the second of several',
    value: ['{}', '{"x":1}'],
    multiple: true,
    message: 'fileInfo[1] field has unspecified keys: x',
    path: ['fileInfo', '1'],
  },
  {
    name: 'an object for several files',
    value: { name: 'x' },
    multiple: true,
    message: 'fileInfo must be a `array` type, but the final value was: `null` (cast from the value `{\n  "name": "\\"x\\""\n}`).',
    path: ['fileInfo'],
  },
] as const;

for (const c of REFUSED) {
  test(`fileInfo refused: ${c.name}`, () => {
    const apiError = expectApiError(() => readFileInfo(c.value, 2, c.multiple), { status: 400, name: 'ValidationError', message: c.message });
    const errors = apiError.details?.['errors'] as { path: string[] }[];
    assert.equal(errors[0]?.path, c.path);
  });
}

test('several problems are counted the way yup does', () => {
  expectApiError(() => readFileInfo(['{"a":1}', '{"b":2}'], 2, true), { message: '2 errors occurred' });
});

test.run();
