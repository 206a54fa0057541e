import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FixedWindowCounter } from '../../server/http/fixed-window-counter.js';

// The rate limiter's memory: fixed windows per key, forgetting old keys.

test('hits count per key within a window, and a new window starts after it ends', () => {
  const counter = new FixedWindowCounter();
  assert.equal(counter.hit('a', 1000, 100), { count: 1, endsAt: 1100 });
  assert.equal(counter.hit('a', 1050, 100), { count: 2, endsAt: 1100 });
  assert.equal(counter.hit('b', 1060, 100), { count: 1, endsAt: 1160 });
  assert.equal(counter.hit('a', 1100, 100), { count: 1, endsAt: 1200 });
});

test('keys whose window ended are forgotten as new hits come', () => {
  const counter = new FixedWindowCounter();
  for (let i = 0; i < 1000; i++) counter.hit(`key-${i}`, 0, 10);
  assert.is(counter.size, 1000);
  counter.hit('late', 10, 10);
  assert.is(counter.size, 1);
});

test('past the cap the oldest windows go first, so memory stays bounded', () => {
  const counter = new FixedWindowCounter(3);
  for (const key of ['a', 'b', 'c', 'd']) counter.hit(key, 0, 1000);
  assert.is(counter.size, 3);
  assert.equal(counter.hit('a', 1, 1000), { count: 1, endsAt: 1001 });
  assert.equal(counter.hit('d', 1, 1000), { count: 2, endsAt: 1000 });
});

test.run();
