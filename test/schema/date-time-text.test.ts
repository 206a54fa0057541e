import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalDateTime, isCanonicalDateTime } from '../../server/schema/date-time-text.js';

test('isCanonicalDateTime accepts the written form for every real instant', () => {
  for (const value of [
    '2024-01-31T23:59:59.999Z',
    '2024-02-29T00:00:00.000Z',
    '2000-02-29T12:30:00.000Z',
    '1970-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
  ]) {
    assert.ok(isCanonicalDateTime(value), value);
    // The general check agrees: the fast one never accepts what Date.parse refuses.
    assert.is(new Date(value).toISOString(), value);
  }
});

test('isCanonicalDateTime refuses other forms and days or times that do not exist', () => {
  for (const value of [
    '2024-01-31T23:59:59Z', // no milliseconds: valid, but another form
    '2024-01-31T23:59:59.999+00:00',
    '2024-01-31 23:59:59.999Z',
    '2024-01-31T23:59:59.999z',
    '2023-02-29T00:00:00.000Z', // not a leap year
    '1900-02-29T00:00:00.000Z',
    '2024-04-31T00:00:00.000Z',
    '2024-13-01T00:00:00.000Z',
    '2024-00-10T00:00:00.000Z',
    '2024-01-00T00:00:00.000Z',
    '2024-01-01T24:00:00.000Z',
    '2024-01-01T23:60:00.000Z',
    '2024-01-01T23:59:60.000Z',
    '2024-01-01T2a:00:00.000Z',
    '2024-01-0१T00:00:00.000Z',
    '',
  ]) {
    assert.not.ok(isCanonicalDateTime(value), value);
  }
});

test('canonicalDateTime brings every ISO 8601 form to the one answers use', () => {
  const rows: [string, string | undefined][] = [
    ['2024-01-15T08:30:00.000Z', '2024-01-15T08:30:00.000Z'],
    ['2024-01-15T08:30:00Z', '2024-01-15T08:30:00.000Z'],
    ['2024-01-15T08:30Z', '2024-01-15T08:30:00.000Z'],
    ['2024-01-15T10:30:00.000+02:00', '2024-01-15T08:30:00.000Z'],
    ['2024-01-15T08:30:00.123456Z', '2024-01-15T08:30:00.123Z'],
    ['not a date', undefined],
    ['', undefined],
  ];
  for (const [input, expected] of rows) assert.is(canonicalDateTime(input), expected, input);
});

test.run();
