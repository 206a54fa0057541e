import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type DocumentRecord, compareRecords } from '../../server/content-index/entry.js';
import { sortRecords } from '../../server/content-index/sort-records.js';

/** Records with what compareRecords reads: creation times (many shared), documentIds, locales. */
function records(count: number, time: (i: number) => number): DocumentRecord[] {
  let seed = 11;
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        key: `k${i}`,
        documentId: `d${random(count)}`,
        locale: random(3) === 0 ? null : ['en', 'fr'][random(2)]!,
        createdMs: time(i),
      }) as unknown as DocumentRecord,
  );
}

function expected(list: DocumentRecord[]): string[] {
  return [...list].sort(compareRecords).map((record) => record.key);
}

test('orders records as compareRecords does: times, then documentId and locale within a time', () => {
  let seed = 3;
  const random = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  for (const spread of [5, 500, 1e9]) {
    const list = records(5_000, () => 1_700_000_000_000 + random(spread));
    const want = expected(list);
    sortRecords(list);
    assert.equal(
      list.map((record) => record.key),
      want,
      `times spread over ${spread} ms`,
    );
  }
});

test('negative, zero and minus zero times; a NaN leaves it to the comparison sort; small lists', () => {
  const times = [-5, 0, -0, 3, Infinity, -Infinity];
  const list = records(3_000, (i) => times[i % times.length]!);
  const want = expected(list);
  sortRecords(list);
  assert.equal(
    list.map((record) => record.key),
    want,
  );
  const withNaN = records(2_000, (i) => (i === 7 ? NaN : i % 50));
  const wantNaN = expected(withNaN);
  sortRecords(withNaN);
  assert.equal(
    withNaN.map((record) => record.key),
    wantNaN,
  );
  const small = records(10, (i) => 10 - i);
  const wantSmall = expected(small);
  sortRecords(small);
  assert.equal(
    small.map((record) => record.key),
    wantSmall,
  );
});

test.run();
