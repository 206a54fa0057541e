import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_SORT_ORDERS, SORT_ORDERS_FILE, type SortOrderNote, readSortOrders, writeSortOrders } from '../../server/store/sort-orders-file.js';

let dir: string;
test.before.each(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-sort-orders-'));
});
test.after.each(() => fs.rmSync(dir, { recursive: true, force: true }));

const note = (sort: string, locale: string | null = null): SortOrderNote => ({ type: 'api::article.article', status: 'published', locale, sort });

test('notes written are read back, at most MAX_SORT_ORDERS, in .cms/ kept out of git', () => {
  assert.equal(readSortOrders(dir), [], 'none yet');
  const notes = Array.from({ length: MAX_SORT_ORDERS + 5 }, (_, i) => note(`field${i}:asc`, i % 2 === 0 ? null : 'fr'));
  writeSortOrders(dir, notes);
  assert.equal(readSortOrders(dir), notes.slice(0, MAX_SORT_ORDERS));
  assert.match(fs.readFileSync(path.join(dir, '.cms', '.gitignore'), 'utf8'), /\*/);
});

test('a file not as written gives no notes, and a note not as written is left out', () => {
  const file = path.join(dir, SORT_ORDERS_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const text of ['{', '{"type":"x"}', 'null', '"title:asc"']) {
    fs.writeFileSync(file, text);
    assert.equal(readSortOrders(dir), [], text);
  }
  const good = note('title:asc');
  fs.writeFileSync(
    file,
    JSON.stringify([
      good,
      { ...good, status: 'archived' },
      { ...good, locale: 7 },
      { ...good, sort: '' },
      { ...good, sort: 'x'.repeat(501) },
      { ...good, type: undefined },
      'title:asc',
      null,
    ]),
  );
  assert.equal(readSortOrders(dir), [good]);
});

test('a linked .cms/ is neither read nor written through', () => {
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-sort-orders-elsewhere-'));
  try {
    fs.writeFileSync(path.join(elsewhere, 'sort-orders.json'), JSON.stringify([note('title:asc')]));
    fs.symlinkSync(elsewhere, path.join(dir, '.cms'));
    assert.equal(readSortOrders(dir), []);
    writeSortOrders(dir, [note('views:desc')]);
    assert.equal(JSON.parse(fs.readFileSync(path.join(elsewhere, 'sort-orders.json'), 'utf8')), [note('title:asc')], 'not written through the link');
  } finally {
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test.run();
