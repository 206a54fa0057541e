import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Entry } from '../../server/content-index/entry.js';
import { madeSortOrder, sortOrder, sortOrderMade } from '../../server/engine/list-columns.js';

// A request that needs a list's new sort order waits for it as it is made between requests
// (sortOrderMade): other work gets its turns meanwhile, every waiter is woken once it is made, and
// a run given up wakes them too (they then make the rest at once).

/** A list: sortOrderMade only keys its columns by the array. */
const aList = (): readonly Entry[] => [] as Entry[];

/** Steps of `ms` of work each (a slice between requests takes steps for 8 ms, then lets others in); `log` notes when it begins and ends. */
function* slowSteps(count: number, ms: number, made: string, calls: { count: number }, log?: string[]): Generator<void, string> {
  calls.count++;
  log?.push(`${made} begins`);
  for (let i = 0; i < count; i++) {
    const until = performance.now() + ms;
    while (performance.now() < until);
    yield;
  }
  log?.push(`${made} ends`);
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

test('at most two orders are made at once for waiting requests: a third waits its turn', async () => {
  const rows = aList();
  const calls = { count: 0 };
  const log: string[] = [];
  await Promise.all(['a', 'b', 'c'].map((key) => sortOrderMade(rows, key, () => slowSteps(6, 3, key, calls, log))));
  assert.is(calls.count, 3);
  assert.ok(log.indexOf('c begins') > Math.min(log.indexOf('a ends'), log.indexOf('b ends')), log.join(', '));
  assert.equal(
    ['a', 'b', 'c'].map((key) => madeSortOrder(rows, key)),
    ['a', 'b', 'c'],
  );
});

test('an order a request makes at once while others wait for it wakes them, and the next waits are not held up', async () => {
  const rows = aList();
  const calls = { count: 0 };
  const build = (): Generator<void, string> => slowSteps(20, 3, 'by title', calls);
  const waiting = [sortOrderMade(rows, 'x', () => slowSteps(20, 3, 'x', calls)), sortOrderMade(rows, 'y', () => slowSteps(20, 3, 'y', calls))];
  // Queued behind x and y; then a request that cannot wait makes it at once.
  const queued = sortOrderMade(rows, 'title', build);
  assert.is(sortOrder(rows, 'title', build, { wait: true }), 'by title');
  await queued;
  await Promise.all(waiting);
  await sortOrderMade(rows, 'z', () => slowSteps(2, 1, 'z', calls));
  assert.is(madeSortOrder(rows, 'z'), 'z');
});

test.run();
