import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createProgressLine, describeProgress } from '../../cli/progress-line.js';
import type { LoadStep } from '../../server/runtime/load-project.js';

/** One call of `progress`: at a time (ms after the first), with a step, done and total. */
type Call = [number, LoadStep, number, number];

/** What a progress line writes for the calls, then for two clears. */
function written(isTTY: boolean, calls: readonly Call[]): string[] {
  const out: string[] = [];
  let time = 1_000_000;
  const line = createProgressLine({ isTTY, write: (text: string) => out.push(text) }, () => time);
  for (const [ms, step, done, total] of calls) {
    time = 1_000_000 + ms;
    line.progress(step, done, total);
  }
  line.clear();
  line.clear();
  return out;
}

test('describeProgress names the step, the size or count, and the share done', () => {
  const cases: [LoadStep, number, number, string][] = [
    ['cache', 1_200_000_000, 2_412_897_548, 'cms: reading the index cache, 49% of 2.4 GB'],
    ['cache', 10, 52_000_000, 'cms: reading the index cache, 0% of 52 MB'],
    ['cache', 300, 300, 'cms: reading the index cache, 100% of 1 MB'],
    ['check', 250_000, 1_010_020, 'cms: checking 1,010,020 content files against the index cache, 24%'],
    ['read', 0, 0, 'cms: reading 0 content files, 100%'],
    ['read', 99_999, 100_000, 'cms: reading 100,000 content files, 99%'],
  ];
  for (const [step, done, total, text] of cases) assert.is(describeProgress(step, done, total), text, `${step} ${done}/${total}`);
});

test('a load shorter than a second shows nothing on a terminal, and clear writes nothing', () => {
  const calls: Call[] = [
    [0, 'cache', 0, 100],
    [500, 'cache', 50, 100],
    [900, 'check', 10, 20],
  ];
  assert.equal(written(true, calls), []);
});

test('on a terminal the line is rewritten in place at most every 100 ms, a new step at once, and cleared before other output', () => {
  const calls: Call[] = [
    [0, 'cache', 0, 1e9],
    [1_000, 'cache', 0.4e9, 1e9],
    [1_050, 'cache', 0.5e9, 1e9],
    [1_100, 'cache', 0.6e9, 1e9],
    [1_120, 'check', 0, 4_096],
    // The same text is not written again.
    [1_300, 'check', 1, 4_096],
    [1_400, 'check', 4_096, 4_096],
  ];
  assert.equal(written(true, calls), [
    '\rcms: reading the index cache, 40% of 1.0 GB\x1b[K',
    '\rcms: reading the index cache, 60% of 1.0 GB\x1b[K',
    '\rcms: checking 4,096 content files against the index cache, 0%\x1b[K',
    '\rcms: checking 4,096 content files against the index cache, 100%\x1b[K',
    '\r\x1b[K',
  ]);
});

test('without a terminal a line is written after 5 s, then one every 10 s, and nothing is cleared', () => {
  const calls: Call[] = [0, 4_999, 5_000, 9_000, 14_000, 15_000].map((ms, i) => [ms, 'read', 100 * i, 1_000]);
  assert.equal(written(false, calls), ['cms: reading 1,000 content files, 20%\n', 'cms: reading 1,000 content files, 50%\n']);
});

test.run();
