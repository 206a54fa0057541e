#!/usr/bin/env node
// Cached answers, A/B in one run: a baseline build and this one take turns on the same project
// (`cms serve --no-watch`, one server at a time, from the index cache when the project has one),
// each asked again and again for one get-one URL and one filtered, sorted page (both answered from
// the read cache, and in a build with http/fast-answers.ts before Koa is entered), beside a bare
// Koa app answering the get-one body (bench/lib/bare-koa-server.mjs): the ceiling. Beside req/s,
// the CPU each server process used per request during its load (from /proc: Linux only).
//
//   npm run build && node bench/cached-answers.mjs --dir <a copy of a generated project>
//     [--baseline <another build's dist folder>] [--rounds 2] [--duration 5] [--warmup 1] [--connections 10]
//     [--fold-wait 300]   (seconds to wait for text search's folded copies; 0 below 10,000 documents, which fold none)
// Use a copy of the project: serve writes .cms/index-cache.bin into it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBareServer } from './lib/bare-server-process.mjs';
import { loadTest, timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { processCpuMs } from './lib/process-cpu.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { buildsToMeasure, loadArgs, loadOf } from './lib/load-options.mjs';
import { fixed, positiveNumber, printTable } from './lib/stats.mjs';

const FILTERED = '/api/articles?filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    ...loadArgs('5', '1'),
    'fold-wait': { type: 'string', default: '300' },
  },
});
if (values.dir === undefined) throw new Error('usage: node bench/cached-answers.mjs --dir <project> [--baseline <dist folder>]');
const load = loadOf(values);
const foldWaitMs = 1000 * Number(values['fold-wait']);
const rounds = positiveNumber('rounds', values.rounds);
const builds = buildsToMeasure(values.baseline);

/** Waits (up to --fold-wait s) for the line saying text search's folded copies are made, as on a server up a while. */
async function waitForFolding(server) {
  const started = performance.now();
  while (!/text search: \d+ slabs folded/.test(server.output()) && performance.now() - started < foldWaitMs)
    await new Promise((resolve) => setTimeout(resolve, 250));
}

/**
 * A warm-up, then a load test and the CPU the process `pid` used during it, per request (less
 * sensitive to other jobs on the machine than req/s).
 */
async function measureWithCpu(pid, url) {
  if (load.warmup > 0) await loadTest(url, { ...load, duration: load.warmup, warmup: 0 });
  const before = processCpuMs(pid);
  const result = await loadTest(url, { ...load, warmup: 0 });
  return { ...result, cpuUs: ((processCpuMs(pid) - before) * 1000) / result.requests };
}

async function measureBuild(main) {
  const server = await startServerProcess(path.resolve(values.dir), { watch: false, main, timeoutMs: 600_000 });
  try {
    await waitForFolding(server);
    const first = await timedGet(`${server.url}/api/articles?pagination[pageSize]=1`);
    const id = JSON.parse(first.body).data[0].documentId;
    const one = await timedGet(`${server.url}/api/articles/${id}`);
    // Asked twice before the load: the read cache keeps an answer the second time (the first
    // filtered page of a big project takes seconds, and ten connections asking it at once would wait on each other).
    const firstPage = await timedGet(`${server.url}${FILTERED}`);
    const secondPage = await timedGet(`${server.url}${FILTERED}`);
    if (firstPage.status !== 200) throw new Error(`${FILTERED} answered ${firstPage.status}`);
    console.log(
      `${path.basename(path.dirname(path.dirname(main)))}: ready in ${fixed(server.readyMs / 1000, 1)} s; the filtered page first ${fixed(firstPage.ms, 0)} ms, then ${fixed(secondPage.ms, 0)} ms`,
    );
    return {
      readyMs: server.readyMs,
      body: one.body,
      getOne: await measureWithCpu(server.pid, `${server.url}/api/articles/${id}`),
      filtered: await measureWithCpu(server.pid, `${server.url}${FILTERED}`),
    };
  } finally {
    await server.stop();
  }
}

console.log(`autocannon: ${load.connections} connections, ${load.warmup} s warm-up then ${load.duration} s per case, ${rounds} rounds`);
console.log(machineNote());
const rows = [];
for (let round = 1; round <= rounds; round++) {
  let body;
  for (const [label, main] of builds) {
    const result = await measureBuild(main);
    body = result.body;
    rows.push({ round, label, case: 'get one, one id (cached)', ...result.getOne });
    rows.push({ round, label, case: 'filtered + sorted page (cached)', ...result.filtered });
  }
  const bare = await startBareServer(body);
  try {
    rows.push({ round, label: 'bare Koa', case: 'get-one body', ...(await measureWithCpu(bare.pid, bare.url)) });
  } finally {
    await bare.stop();
  }
}
const bareOf = (round) => rows.find((row) => row.round === round && row.label === 'bare Koa').rps;
printTable(
  ['round', 'build', 'case', 'req/s', 'p50 ms', 'p99 ms', 'KiB/resp', '% of bare', 'server CPU µs/req'],
  rows.map((row) => [
    String(row.round),
    row.label,
    row.case,
    fixed(row.rps, 0),
    fixed(row.p50, 1),
    fixed(row.p99, 1),
    fixed(row.bytesPerRequest / 1024, 1),
    `${fixed((100 * row.rps) / bareOf(row.round), 0)} %`,
    fixed(row.cpuUs, 1),
  ]),
);
console.log(`after the run: ${machineNote()}`);
