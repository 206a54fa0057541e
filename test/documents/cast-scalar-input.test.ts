import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { castScalarInput } from '../../server/documents/cast-scalar-input.js';
import { ApiError } from '../../server/errors/api-error.js';
import type { ScalarAttribute } from '../../server/schema/attribute.js';
import { parseAttribute } from '../../server/schema/parse-attribute.js';

function scalar(raw: Record<string, unknown>): ScalarAttribute {
  const attribute = parseAttribute('field', raw, new Set());
  if (attribute.kind !== 'scalar') throw new Error('expected a scalar attribute');
  return attribute;
}

type Row =
  | { name: string; type: string; value: unknown; cast: unknown }
  | { name: string; type: string; value: unknown; error: string; errorValue: unknown }
  | { name: string; type: string; value: unknown; throws: string };

const rows: Row[] = [
  { name: 'null stays null', type: 'integer', value: null, cast: null },
  { name: 'a string', type: 'string', value: 'abc', cast: 'abc' },
  { name: 'an empty string', type: 'string', value: '', cast: '' },
  // yup's string schema in Strapi keeps the original value (no cast): a number is not a string.
  {
    name: 'a number for a string (Strapi: title 1234)',
    type: 'string',
    value: 1234,
    error: 'field must be a `string` type, but the final value was: `1234`.',
    errorValue: 1234,
  },
  { name: 'a boolean for a text', type: 'text', value: true, error: 'field must be a `string` type, but the final value was: `true`.', errorValue: true },
  { name: 'an object for a richtext', type: 'richtext', value: {}, error: 'field must be a `string` type, but the final value was: `{}`.', errorValue: {} },
  { name: 'a number for an email', type: 'email', value: 5, error: 'field must be a `string` type, but the final value was: `5`.', errorValue: 5 },
  { name: 'a number for a uid', type: 'uid', value: 5, error: 'field must be a `string` type, but the final value was: `5`.', errorValue: 5 },
  // The enumeration schema is a plain yup string: it casts, and the enum rule judges the result.
  { name: 'a number for an enumeration is cast', type: 'enumeration', value: 5, cast: '5' },
  { name: 'an integer', type: 'integer', value: 12, cast: 12 },
  { name: 'an integer from a numeric string', type: 'integer', value: '12', cast: 12 },
  { name: 'an integer from a padded string', type: 'integer', value: ' 7 ', cast: 7 },
  {
    name: 'an integer from text (recorded #121)',
    type: 'integer',
    value: 'abc',
    error: 'field must be a `number` type, but the final value was: `NaN` (cast from the value `"abc"`).',
    errorValue: null,
  },
  {
    name: 'an integer from an empty string',
    type: 'integer',
    value: '',
    error: 'field must be a `number` type, but the final value was: `NaN` (cast from the value `""`).',
    errorValue: null,
  },
  {
    name: 'an integer from a boolean',
    type: 'integer',
    value: true,
    error: 'field must be a `number` type, but the final value was: `NaN` (cast from the value `true`).',
    errorValue: null,
  },
  { name: 'a fraction for an integer', type: 'integer', value: 1.5, error: 'field must be an integer', errorValue: 1.5 },
  { name: 'a decimal from a string', type: 'decimal', value: '2.5', cast: 2.5 },
  { name: 'a float', type: 'float', value: 0.125, cast: 0.125 },
  { name: 'a biginteger from a number', type: 'biginteger', value: 42, cast: '42' },
  { name: 'a biginteger string beyond 2^53', type: 'biginteger', value: '9007199254740993', cast: '9007199254740993' },
  {
    name: 'a biginteger from text',
    type: 'biginteger',
    value: 'x1',
    error: 'field must be a `string` type, but the final value was: `"x1"`.',
    errorValue: 'x1',
  },
  { name: 'a boolean', type: 'boolean', value: false, cast: false },
  { name: 'a boolean from "true"', type: 'boolean', value: 'true', cast: true },
  { name: 'a boolean from "0"', type: 'boolean', value: '0', cast: false },
  { name: 'a boolean from 1', type: 'boolean', value: 1, cast: true },
  {
    name: 'a boolean from "yes" (recorded #122)',
    type: 'boolean',
    value: 'yes',
    error: 'field must be a `boolean` type, but the final value was: `"yes"`.',
    errorValue: 'yes',
  },
  { name: 'a boolean from 2', type: 'boolean', value: 2, error: 'field must be a `boolean` type, but the final value was: `2`.', errorValue: 2 },
  { name: 'a date', type: 'date', value: '2024-07-07', cast: '2024-07-07' },
  { name: 'a date from a datetime', type: 'date', value: '2024-01-02T10:00:00Z', cast: '2024-01-02' },
  { name: 'a date that is not one (recorded #125)', type: 'date', value: 'not-a-date', throws: 'Invalid format, expected yyyy-MM-dd' },
  { name: 'a date of the wrong type', type: 'date', value: 20240707, throws: 'Invalid format, expected yyyy-MM-dd' },
  { name: 'a time without seconds', type: 'time', value: '10:30', cast: '10:30:00.000' },
  { name: 'a time with milliseconds', type: 'time', value: '23:59:59.5', cast: '23:59:59.500' },
  { name: 'a time out of range', type: 'time', value: '24:00', throws: 'Invalid time format, expected HH:mm:ss.SSS' },
  { name: 'a datetime is normalized to UTC', type: 'datetime', value: '2024-01-02T10:00:00+02:00', cast: '2024-01-02T08:00:00.000Z' },
  { name: 'a datetime that is not one', type: 'datetime', value: 'soon', throws: 'Invalid format, expected an ISO compatible datetime' },
  { name: 'a timestamp from a number', type: 'timestamp', value: 1700000000000, cast: '1700000000000' },
  { name: 'blocks as an array', type: 'blocks', value: [{ type: 'paragraph', children: [] }], cast: [{ type: 'paragraph', children: [] }] },
  { name: 'blocks as text', type: 'blocks', value: 'text', error: 'field must be a `array` type, but the final value was: `"text"`.', errorValue: 'text' },
  { name: 'json keeps anything', type: 'json', value: { a: [1, 'b'] }, cast: { a: [1, 'b'] } },
];

for (const row of rows) {
  test(`castScalarInput: ${row.name}`, () => {
    const attribute = scalar(row.type === 'enumeration' ? { type: row.type, enum: ['a', '5'] } : { type: row.type });
    if ('throws' in row) {
      try {
        castScalarInput(attribute, row.value, 'field');
        assert.unreachable('should have thrown');
      } catch (error) {
        assert.instance(error, ApiError);
        assert.is((error as ApiError).message, row.throws);
        assert.equal((error as ApiError).details, {});
      }
      return;
    }
    const result = castScalarInput(attribute, row.value, 'field');
    if ('cast' in row) assert.equal(result, { ok: true, value: row.cast });
    else assert.equal(result, { ok: false, message: row.error, value: row.errorValue });
  });
}

test.run();
