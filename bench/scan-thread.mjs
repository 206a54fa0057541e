#!/usr/bin/env node
// `$containsi` on the body through its search column (content-index/long-column.ts), the main thread
// alone against the main thread with the scan thread (slab-scan-thread.ts) claiming slabs beside it,
// alternating in one process over one loaded project (the `dist` build); the median wall time and
// process CPU time (both threads) of each way, and the rows found, which must be the same.
//
//   node bench/scan-thread.mjs [--dir <tmpdir>/cms-bench/articles-100000] [--rounds 5]
import { loadDist, loadPublishedArticles, option } from './lib/articles-in-process.mjs';
import { fixed, printTable } from './lib/stats.mjs';

const { longColumn } = await loadDist('server/engine/list-columns.js');
const { setScanThread } = await loadDist('server/content-index/long-column.js');
const { JSON_KIND, foldNeedle } = await loadDist('server/content-index/text-arena.js');

const rounds = Number(option('rounds', '5'));
const { entries } = await loadPublishedArticles();
let started = performance.now();
const column = longColumn(entries, 'body', JSON_KIND, { wait: true });
console.log(`body column of ${entries.length} articles built in ${fixed(performance.now() - started, 0)} ms (and the folded copies)`);

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const rows = [];
for (const text of ['Garden Kitchen', 'mountain', 'zebra-crossing']) {
  const needle = foldNeedle(text).bytes;
  const times = { false: { wall: [], cpu: [] }, true: { wall: [], cpu: [] } };
  const counts = new Set();
  for (let round = 0; round < rounds; round++) {
    for (const use of [false, true]) {
      setScanThread(use);
      const cpu = process.cpuUsage();
      started = performance.now();
      counts.add(column.search(needle).length);
      times[use].wall.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      times[use].cpu.push((used.user + used.system) / 1000);
    }
  }
  if (counts.size !== 1) throw new Error(`${text}: the two ways found ${[...counts].join(' and ')} rows`);
  const [alone, split] = [times.false, times.true];
  rows.push([
    text,
    String([...counts][0]),
    fixed(median(alone.wall), 0),
    fixed(median(split.wall), 0),
    fixed(median(alone.cpu), 0),
    fixed(median(split.cpu), 0),
  ]);
}
printTable(['needle', 'rows', 'wall ms, main alone', 'with scan thread', 'CPU ms, main alone', 'with scan thread'], rows);
