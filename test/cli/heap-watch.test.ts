import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HeapWatch, collectGarbage } from '../../cli/heap-watch.js';

// The watch keeps nothing alive (a server does): the tests hold the process open while they wait.
let alive: NodeJS.Timeout;
test.before(() => {
  alive = setInterval(() => undefined, 1_000);
});
test.after(() => clearInterval(alive));

/** Node tells observers of a collection on a later turn: one an earlier test made must not reach the next test's watch. */
const collectionsTold = () => new Promise((resolve) => setTimeout(resolve, 20));

test('a small heap is measured after a collection forced at once', async () => {
  const started = Date.now();
  const heap = await new HeapWatch().inUse(60_000);
  assert.ok(heap.collected);
  assert.ok(heap.bytes > 0 && heap.bytes <= process.memoryUsage().heapUsed + 2 ** 20);
  assert.ok(Date.now() - started < 30_000, 'not waited for');
});

test('a large heap (here: any) is measured after V8’s next full collection, without forcing one', async () => {
  await collectionsTold();
  const watch = new HeapWatch(0);
  let settled = false;
  const waiting = watch.inUse(60_000).then((heap) => ((settled = true), heap));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.not.ok(settled, 'nothing collected yet: it waits');
  // Another part of the program (V8 itself, in a server) collects.
  assert.ok(collectGarbage());
  const heap = await waiting;
  assert.ok(heap.collected);
});

test('a full collection since the watch began is the one measured; none within the wait: the heap as it is', async () => {
  await collectionsTold();
  const watch = new HeapWatch(0);
  assert.ok(collectGarbage());
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = Date.now();
  assert.ok((await watch.inUse(60_000)).collected);
  assert.ok(Date.now() - started < 30_000, 'the collection before was taken, not a later one waited for');
  const heap = await new HeapWatch(0).inUse(50);
  assert.not.ok(heap.collected);
  assert.ok(heap.bytes > 0);
});

test('a watch stopped before a full collection does not take it', async () => {
  await collectionsTold();
  const watch = new HeapWatch(0);
  watch.stop();
  assert.ok(collectGarbage());
  await collectionsTold();
  const heap = await watch.inUse(50);
  assert.not.ok(heap.collected);
});

test.run();
