import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../server/errors/api-error.js';
import { type FilterValueType, castFilterValue, castNullFlag } from '../../server/query/cast-filter-value.js';

const CASTS: [name: string, type: FilterValueType, raw: unknown, expected: unknown][] = [
  ['null stays null', 'integer', null, null],
  ['integer', 'integer', '42', 42],
  ['negative integer', 'integer', '-3', -3],
  ['integer with spaces', 'integer', ' 7 ', 7],
  ['biginteger past 2^53 stays exact', 'biginteger', '9007199254740993', '9007199254740993'],
  ['biginteger in canonical form', 'biginteger', '-0012', '-12'],
  ['float', 'float', '1.5', 1.5],
  ['float in exponent form', 'float', '1e2', 100],
  ['decimal', 'decimal', '-0.25', -0.25],
  ['boolean true', 'boolean', 'true', true],
  ['boolean t', 'boolean', 't', true],
  ['boolean 1', 'boolean', '1', true],
  ['boolean false', 'boolean', 'false', false],
  ['boolean f', 'boolean', 'f', false],
  ['boolean 0', 'boolean', '0', false],
  ['date', 'date', '2024-02-29', '2024-02-29'],
  ['date from a date-time', 'date', '2024-01-15T23:00:00Z', '2024-01-15'],
  ['time with seconds', 'time', '08:30:15', '08:30:15.000'],
  ['time without seconds', 'time', '08:30', '08:30:00.000'],
  ['time with milliseconds', 'time', '23:59:59.9', '23:59:59.900'],
  ['datetime normalised to UTC with milliseconds', 'datetime', '2024-01-15T09:30:00+01:00', '2024-01-15T08:30:00.000Z'],
  ['datetime from a date', 'datetime', '2024-01-15', '2024-01-15T00:00:00.000Z'],
  ['datetime from epoch milliseconds', 'datetime', '1705307400000', '2024-01-15T08:30:00.000Z'],
  ['timestamp from epoch milliseconds', 'timestamp', '1705307400000', 1705307400000],
  ['timestamp from an ISO date-time', 'timestamp', '2024-01-15T08:30:00.000Z', 1705307400000],
  ['string keeps the text', 'string', ' Hello ', ' Hello '],
  ['enumeration keeps the text', 'enumeration', 'bogus', 'bogus'],
  ['json keeps the text', 'json', '[]', '[]'],
];

for (const [name, type, raw, expected] of CASTS) {
  test(`cast: ${name}`, () => {
    assert.equal(castFilterValue(type, raw, 'field', 'path.field'), expected);
  });
}

const FAILURES: [name: string, type: FilterValueType, raw: unknown, message: string][] = [
  ['integer from letters', 'integer', 'abc', 'Invalid value abc for path.field: expected an integer'],
  ['integer from a fraction', 'integer', '1.5', 'Invalid value 1.5 for path.field: expected an integer'],
  ['integer from nothing', 'integer', '', 'Invalid value  for path.field: expected an integer'],
  ['biginteger from letters', 'biginteger', '12x', 'Invalid value 12x for path.field: expected an integer'],
  ['float from letters', 'float', 'NaN', 'Invalid value NaN for path.field: expected a number'],
  ['float from Infinity', 'float', 'Infinity', 'Invalid value Infinity for path.field: expected a number'],
  ['decimal from nothing', 'decimal', ' ', 'Invalid value   for path.field: expected a number'],
  ['boolean from yes', 'boolean', 'yes', 'Invalid value yes for path.field: expected a boolean'],
  ['date from letters', 'date', 'yesterday', 'Invalid value yesterday for path.field: expected a date'],
  ['date that is not on the calendar', 'date', '2023-02-29', 'Invalid value 2023-02-29 for path.field: expected a date'],
  ['date with month 13', 'date', '2024-13-01', 'Invalid value 2024-13-01 for path.field: expected a date'],
  ['time past 23h', 'time', '24:00', 'Invalid value 24:00 for path.field: expected a time'],
  ['time with 60 minutes', 'time', '10:60:00', 'Invalid value 10:60:00 for path.field: expected a time'],
  ['datetime in words', 'datetime', 'March 7, 2024', 'Invalid value March 7, 2024 for path.field: expected a date-time'],
  ['datetime Date.parse would guess', 'datetime', 'abc 1', 'Invalid value abc 1 for path.field: expected a date-time'],
  ['datetime beyond the range of a date', 'datetime', '99999999999999999999', 'Invalid value 99999999999999999999 for path.field: expected a date-time'],
  ['datetime on a day that does not exist', 'datetime', '2024-02-30T10:00:00Z', 'Invalid value 2024-02-30T10:00:00Z for path.field: expected a date-time'],
  ['timestamp beyond the range of a date', 'timestamp', '9'.repeat(30), `Invalid value ${'9'.repeat(30)} for path.field: expected a timestamp`],
  ['an object', 'integer', { $x: '1' }, 'Invalid value {"$x":"1"} for path.field: expected an integer'],
  ['an object for a string', 'string', { a: '1' }, 'Invalid value {"a":"1"} for path.field: expected a string'],
  ['an array', 'boolean', ['true'], 'Invalid value ["true"] for path.field: expected a boolean'],
];

for (const [name, type, raw, message] of FAILURES) {
  test(`400: ${name}`, () => {
    try {
      castFilterValue(type, raw, 'field', 'path.field');
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, ApiError);
      const apiError = error as ApiError;
      assert.is(apiError.status, 400);
      assert.is(apiError.name, 'ValidationError');
      assert.is(apiError.message, message);
      assert.equal(apiError.details, { key: 'field', path: 'path.field', source: 'query', param: 'filters' });
    }
  });
}

const FLAGS: [raw: unknown, expected: boolean][] = [
  [true, true],
  ['true', true],
  ['t', true],
  ['1', true],
  ['anything', true],
  [{ a: '1' }, true],
  [false, false],
  ['false', false],
  ['f', false],
  ['0', false],
  ['', false],
  [null, false],
  [undefined, false],
];

for (const [raw, expected] of FLAGS) {
  test(`$null flag: ${JSON.stringify(raw)} is ${expected}`, () => {
    assert.is(castNullFlag(raw), expected);
  });
}

test.run();
