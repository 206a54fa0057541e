import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isoText, packTime, unpackTime } from '../../server/content-index/packed-time.js';

const CASES: [string, number][] = [
  ['the epoch', 0],
  ['a leap day', Date.parse('2024-02-29T23:59:59.999Z')],
  ['the day after a leap day', Date.parse('2024-03-01T00:00:00.000Z')],
  ['a century that is not a leap year', Date.parse('2100-02-28T12:34:56.007Z')],
  ['a 400th year', Date.parse('2000-02-29T01:02:03.040Z')],
  ['the last day of a year', Date.parse('1999-12-31T23:59:59.999Z')],
  ['the last millisecond written by hand', Date.parse('9999-12-31T23:59:59.999Z')],
  ['past year 9999 (toISOString)', Date.parse('+010000-01-01T00:00:00.000Z')],
  ['before 1970 (toISOString)', Date.parse('1969-12-31T23:59:59.999Z')],
  ['year 0 (toISOString)', Date.parse('0000-01-01T00:00:00.000Z')],
  ['a fraction of a millisecond (toISOString)', 1.5],
];

for (const [name, ms] of CASES) {
  test(`isoText writes what toISOString writes: ${name}`, () => {
    assert.is(isoText(ms), new Date(ms).toISOString());
  });
}

test('isoText writes what toISOString writes for times spread over years 1970–9999', () => {
  // A fixed walk of steps that are not multiples of a day, a month or a year, so every field varies.
  for (let ms = 0, i = 0; ms <= 253_402_300_799_999; ms += 7_919_593_411 + (i++ % 997)) {
    if (isoText(ms) !== new Date(ms).toISOString()) assert.unreachable(`${ms}: ${isoText(ms)} against ${new Date(ms).toISOString()}`);
  }
});

test('a packed time unpacks to its text', () => {
  for (const text of ['2026-01-10T09:00:00.000Z', '1970-01-01T00:00:00.000Z', '2024-02-29T12:00:00.500Z']) assert.is(unpackTime(packTime(text)), text);
  assert.is(unpackTime(packTime('2026-01-10T09:00:00Z')), '2026-01-10T09:00:00Z', 'a text toISOString would write otherwise stays as it is');
  assert.is(unpackTime(null), null);
});

test('packTime reads back every time toISOString writes in four digits, and nothing else', () => {
  // Years 0–99 included (Date.UTC would read them as 1900–1999), before 1970 and up to 9999.
  for (let ms = -62_167_219_200_000, i = 0; ms <= 253_402_300_799_999; ms += 7_919_593_411 + (i++ % 997)) {
    const text = new Date(ms).toISOString();
    if (packTime(text) !== ms) assert.unreachable(`${text}: ${String(packTime(text))} against ${ms}`);
  }
  for (const text of ['0050-06-15T10:20:30.040Z', '0000-01-01T00:00:00.000Z', '0099-12-31T23:59:59.999Z']) assert.is(packTime(text), Date.parse(text));
  for (const text of [
    '2023-02-29T00:00:00.000Z',
    '2024-04-31T00:00:00.000Z',
    '2024-13-01T00:00:00.000Z',
    '2024-01-01T24:00:00.000Z',
    '2024-01-01T00:60:00.000Z',
    '2024-01-01T00:00:60.000Z',
    '2024-01-01T00:00:00.00aZ',
    '2024-01-01 00:00:00.000Z',
    '2024-01-01T00:00:00.000+',
    '+02024-01-01T00:00:00.00Z',
  ])
    assert.is(packTime(text), text, text);
});

test.run();
