import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readStoredField } from '../../server/content-index/compact-entry.js';
import type { Entry } from '../../server/content-index/entry.js';
import { rowPositions } from '../../server/engine/row-positions.js';
import { finishSteps } from '../../server/engine/sort-steps.js';
import { storedColumn } from '../../server/engine/list-columns.js';
import { articleEntry } from '../helpers/blog-article-entries.js';

const rows = [articleEntry({ title: 'A', views: 3 }, 'sc'), articleEntry({ title: 'B' }, 'sc'), articleEntry({ title: 'C', views: null }, 'sc')];

const MADE_ONLY = { wait: false, madeOnly: true };
const ASK = { wait: false };
const NOW = { wait: true };

test('a column of stored values is made on the second ask for a list and attribute (at once with wait), in row order, and kept', () => {
  assert.is(storedColumn(rows, 'views', MADE_ONLY), undefined, 'not made');
  assert.is(storedColumn(rows, 'views', MADE_ONLY), undefined, 'a look at what is made is no ask');
  assert.is(storedColumn(rows, 'views', ASK), undefined, 'the first ask: tested entry by entry');
  assert.is(storedColumn(rows, 'views', MADE_ONLY), undefined);
  const views = storedColumn(rows, 'views', ASK)!;
  assert.equal(
    views,
    rows.map((entry) => readStoredField(entry, 'views')),
  );
  assert.equal(views, [3, undefined, null]);
  assert.is(storedColumn(rows, 'views', ASK), views, 'kept');
  assert.is(storedColumn(rows, 'views', MADE_ONLY), views);
  assert.equal(storedColumn(rows, 'title', NOW), ['A', 'B', 'C']);
  // Another list (an edit makes one) has its own.
  const edited = [rows[0]!, articleEntry({ title: 'B', views: 9 }, 'sc'), rows[2]!];
  assert.is(storedColumn(edited, 'views', ASK), undefined);
  assert.equal(storedColumn(edited, 'views', ASK), [3, 9, null]);
  assert.equal(storedColumn(rows, 'views', ASK), [3, undefined, null]);
});

const positionsOf = (rows: readonly Entry[], ordered: readonly Entry[]): Int32Array => finishSteps(rowPositions(rows, ordered));

test('the positions of a reordered list in its list are made once per pair', () => {
  const ordered = [rows[2]!, rows[0]!, rows[1]!];
  const positions = positionsOf(rows, ordered);
  assert.equal([...positions], [2, 0, 1]);
  assert.is(positionsOf(rows, ordered), positions, 'kept');
  const other = [rows[1]!, articleEntry({ title: 'D' }, 'sc')];
  // Against another list: made anew; an entry it does not hold is -1.
  assert.equal([...positionsOf(other, ordered)], [-1, -1, 0]);
});

test.run();
