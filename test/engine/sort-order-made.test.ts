import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Entry } from '../../server/content-index/entry.js';
import { madeSortOrder, sortOrderMade } from '../../server/engine/list-columns.js';

// A request that needs a list's new sort order waits for it as it is made between requests
// (sortOrderMade): other work gets its turns meanwhile, every waiter is woken once it is made, and
// a run given up wakes them too (they then make the rest at once).

/** A list: sortOrderMade only keys its columns by the array. */
const aList = (): readonly Entry[] => [] as Entry[];

/** Steps of `ms` of work each (a slice between requests takes steps for 8 ms, then lets others in). */
function* slowSteps(count: number, ms: number, made: string, calls: { count: number }): Generator<void, string> {
  calls.count++;
  for (let i = 0; i < count; i++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    yield;
  }
  return made;
}

/** How many turns of the event loop other work got before `promise` settled. */
async function turnsWhile(promise: Promise<void>): Promise<number> {
  let settled = false;
  let turns = 0;
  const tick = (): void => {
    if (settled) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await promise.then(() => (settled = true));
  return turns;
}

test('a sort order not made yet is made between requests: others get turns, then the waiter finds it made', async () => {
  const rows = aList();
  const calls = { count: 0 };
  const made = sortOrderMade(rows, 'title:asc', () => slowSteps(8, 3, 'by title', calls));
  assert.is(madeSortOrder(rows, 'title:asc'), undefined, 'not made at once');
  assert.ok((await turnsWhile(made)) >= 1, 'other work ran while it was made');
  assert.is(madeSortOrder(rows, 'title:asc'), 'by title');
  assert.is(calls.count, 1);
});

test('requests waiting for the same sort order share one run, and one made already is not made again', async () => {
  const rows = aList();
  const calls = { count: 0 };
  const build = (): Generator<void, string> => slowSteps(4, 3, 'by views', calls);
  await Promise.all([sortOrderMade(rows, 'views:desc', build), sortOrderMade(rows, 'views:desc', build), sortOrderMade(rows, 'views:desc', build)]);
  assert.is(calls.count, 1);
  assert.is(await turnsWhile(sortOrderMade(rows, 'views:desc', build)), 0, 'made already: settled before any other work');
  assert.is(calls.count, 1);
});

test('a run given up (its list replaced) wakes its waiters with the order not made', async () => {
  const rows = aList();
  const calls = { count: 0 };
  let replaced = false;
  const waiting = sortOrderMade(
    rows,
    'slug:asc',
    () => slowSteps(50, 3, 'by slug', calls),
    () => replaced,
  );
  setImmediate(() => (replaced = true));
  await waiting;
  assert.is(madeSortOrder(rows, 'slug:asc'), undefined);
});

test.run();
