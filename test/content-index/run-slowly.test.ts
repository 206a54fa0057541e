import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSlowly } from '../../server/content-index/run-slowly.js';

/** `count` steps of about 1 ms of work each (a slice of 0 ms takes one), each noted in `taken` (and `before` asked first). */
function* busySteps(count: number, taken: number[], before?: () => void): Generator<void, void> {
  for (let i = 0; i < count; i++) {
    before?.();
    taken.push(i);
    for (const until = performance.now() + 1; performance.now() < until;);
    yield;
  }
}

test('takes every step a slice at a time, letting other work run between slices, and says it finished', async () => {
  const taken: number[] = [];
  let between = 0;
  const ticking = setInterval(() => between++, 0);
  const finished = await new Promise<boolean>((resolve) => runSlowly(busySteps(40, taken), { done: resolve, sliceMs: 0 }));
  clearInterval(ticking);
  assert.ok(finished);
  assert.is(taken.length, 40);
  assert.ok(between > 0, 'timers ran between the slices');
});

test('stops when cancelled between slices, and says so once', async () => {
  const taken: number[] = [];
  let stop = false;
  const told: boolean[] = [];
  await new Promise<void>((resolve) => {
    const steps = busySteps(1_000, taken, () => (stop ||= taken.length === 5));
    const done = (finished: boolean): void => {
      told.push(finished);
      // Long enough for a slice that should not come.
      setTimeout(resolve, 20);
    };
    runSlowly(steps, { cancelled: () => stop, done, sliceMs: 0 });
  });
  assert.equal(told, [false]);
  assert.is(taken.length, 6);
});

test('a step that throws ends the run as not finished, once, without an uncaught error', async () => {
  const taken: number[] = [];
  const told: boolean[] = [];
  function* failing(): Generator<void, void> {
    yield* busySteps(3, taken);
    throw new Error('a step failed');
  }
  await new Promise<void>((resolve) => {
    runSlowly(failing(), {
      done: (finished) => {
        told.push(finished);
        setTimeout(resolve, 20);
      },
      sliceMs: 0,
    });
  });
  assert.equal(told, [false]);
  assert.is(taken.length, 3);
});

test.run();
