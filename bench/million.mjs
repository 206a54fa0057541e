#!/usr/bin/env node
// Issue 18's measures at a million documents (or --count), side by side in one run:
//   start-up: the bare read-and-parse loop (baseline) and `cms serve --no-watch` (spawn → /_health
//     204), first with the page cache dropped (cold), then warm; then a restart that may use the
//     index cache (when the build has `--no-cache`, the cold and warm starts pass it);
//   heap after load (the server's own ready line), or, when the server dies, its exit and the last
//     garbage collection V8 printed;
//   on the running server: the filtered, sorted page of bench/query.mjs with a different page per
//     request (so the answer cache never answers), get-one (one id, then ids in turn) beside a bare
//     Koa route answering get-one's body (asked with one URL, and with the same URLs in turn), and
//     the first answer of `_q` and `$containsi` over the text.
//
//   npm run build && node bench/million.mjs [--count 1000000] [--duration 5] [--warmup 1] [--connections 10] [--warm]
//     [--max-old-space-size <MB>]   (a heap limit for the servers, as NODE_OPTIONS; e.g. V8's default, to see it die)
//     [--queries-only]              (one start, from the index cache when there is one, then the queries)
//     [--starts-only]               (the start-up table and heap only)
// The queries are asked once the server has made text search's folded copies (it logs when), as on
// a server that has been up a little while; the wait is printed.
// The project is generated once under <tmpdir>/cms-bench/articles-<count> (kept for later runs).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runBaselineLoop } from './lib/baseline-loop.mjs';
import { startBareServer } from './lib/bare-server-process.mjs';
import { ensureGeneratedProject } from './lib/generated-project.mjs';
import { loadTest, loadTestPaths, timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { publishedIds } from './lib/published-ids.mjs';
import { dropPageCache } from './lib/page-cache.mjs';
import { readHeapLine, readLastGc, serveAccepts, serveUntilReady } from './lib/serve-until-ready.mjs';
import { loadArgs, loadOf } from './lib/load-options.mjs';
import { fixed, positiveNumber, printTable, verdict } from './lib/stats.mjs';

const FILTERED = '/api/articles?filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25';
/**
 * Distinct URLs per load, many more than the answer cache holds (32 MB: ~580 pages of ~55 KB,
 * ~12,000 get-one answers of ~2.6 KB), asked in turn, so that no answer comes from it.
 */
const MAX_PAGES = 4_000;
const PAGE_SIZES = [24, 25, 26];
const MAX_IDS = 50_000;
const SEARCHES = [
  ['_q, a word of titles and summaries', '/api/articles?_q=mountain&pagination[pageSize]=25'],
  ['_q, two words in a row', '/api/articles?_q=river%20light&pagination[pageSize]=25'],
  ['_q, no match', '/api/articles?_q=zebra-crossing&pagination[pageSize]=25'],
  ['body $containsi, two words', '/api/articles?filters[body][$containsi]=Garden%20Kitchen&pagination[pageSize]=25'],
  ['body $containsi, no match', '/api/articles?filters[body][$containsi]=zebra-crossing&pagination[pageSize]=25'],
];
/** The environment of the servers started (NODE_OPTIONS when --max-old-space-size is given). */
let serverEnv = process.env;
const TARGETS = { ratio: 1.5, warmRestartMs: 5_000, per10k: 10, filteredRps: 1_000, filteredP99: 100, getOneShare: 0.8, searchMs: 1_000 };

function readOptions() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000000' },
      ...loadArgs('5', '1'),
      warm: { type: 'boolean', default: false },
      'queries-only': { type: 'boolean', default: false },
      'starts-only': { type: 'boolean', default: false },
      'max-old-space-size': { type: 'string' },
    },
  });
  const count = positiveNumber('count', values.count);
  const load = loadOf(values);
  // A heap limit set for the server (as a user would, in NODE_OPTIONS): the CLI keeps it, so that
  // e.g. V8's default limit shows what happens without the CLI's sizing.
  const heapMb = values['max-old-space-size'];
  const env = heapMb === undefined ? process.env : { ...process.env, NODE_OPTIONS: `--max-old-space-size=${positiveNumber('max-old-space-size', heapMb)}` };
  return { count, load, warmOnly: values.warm, queriesOnly: values['queries-only'], startsOnly: values['starts-only'], env };
}

/** One start of the server: a row of the start-up table; the server is stopped unless `keep`. */
async function startOnce(label, dir, args, keep = false) {
  const server = await serveUntilReady(dir, { args, env: serverEnv });
  // The heap is printed once the start's work after listening (text search's folded copies) is done.
  if (server.ok) await server.waitFor(/MB per 10,000 documents/);
  const heap = readHeapLine(server.output());
  const relaunch = /starting again with --max-old-space-size=\d+/.exec(server.output());
  if (relaunch) console.log(`${label}: the CLI sized the heap (${relaunch[0]})`);
  const warning = /warning: [^\n]*--max-old-space-size[^\n]*/.exec(server.output());
  if (warning) console.log(`${label}: ${warning[0]}`);
  if (!server.ok) {
    const gc = readLastGc(server.output());
    const tail = server.output().trim().split('\n').slice(-3).join(' | ');
    console.log(`${label}: the server ended after ${fixed(server.ms / 1000, 1)} s (exit code ${server.code}, signal ${server.signal})`);
    console.log(`  last heap figure: ${gc ?? (heap ? `heap ${heap.heapMb} MB` : 'none printed')}; last lines: ${tail.slice(0, 600)}`);
    return { label, server, heap, failed: true };
  }
  if (!keep) await server.stop();
  return { label, server, heap, failed: false };
}

/** Waits (up to 5 min) for the server's line saying the folded copies of text search are made. */
async function waitForFolding(server) {
  const started = performance.now();
  while (!/text search: \d+ slabs folded/.test(server.output()) && performance.now() - started < 300_000)
    await new Promise((resolve) => setTimeout(resolve, 250));
  const line = /text search: [^\n]*/.exec(server.output());
  console.log(line ? `${line[0]} (waited ${fixed((performance.now() - started) / 1000, 1)} s after ready)` : 'no folding logged within 5 min');
}

async function measureQueries(server, load) {
  await waitForFolding(server);
  const first = await timedGet(`${server.url}${FILTERED}`);
  if (first.status !== 200) throw new Error(`${FILTERED} answered ${first.status}: ${first.body.slice(0, 300)}`);
  const pageCount = JSON.parse(first.body).meta.pagination.pageCount;
  const pages = [];
  for (let page = 1; page <= Math.min(pageCount, MAX_PAGES); page++) {
    for (const size of PAGE_SIZES) pages.push(`${FILTERED.replace('pageSize]=25', `pageSize]=${size}`)}&pagination[page]=${page}`);
  }
  const filtered = await loadTestPaths(server.url, pages, load);
  const ids = await publishedIds(server.url, MAX_IDS);
  const one = await timedGet(`${server.url}/api/articles/${ids[0]}`);
  const getOne = await loadTest(`${server.url}/api/articles/${ids[0]}`, load);
  const routes = ids.map((id) => `/api/articles/${id}`);
  const getMany = await loadTestPaths(server.url, routes, load);
  const bare = await startBareServer(one.body);
  let bareResult;
  let bareMany;
  try {
    bareResult = await loadTest(bare.url, load);
    // The same URLs in turn: the client's own cost of a new URL per request is the ceiling's too.
    bareMany = await loadTestPaths(bare.url, routes, load);
  } finally {
    await bare.stop();
  }
  const searches = [];
  for (const [name, route] of SEARCHES) {
    const answer = await timedGet(`${server.url}${route}`);
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    const again = await timedGet(`${server.url}${route}`);
    searches.push({ name, ms: answer.ms, againMs: again.ms, total: JSON.parse(answer.body).meta.pagination.total });
  }
  return { firstFilteredMs: first.ms, pages: pages.length, filtered, getOne, getMany, bare: bareResult, bareMany, searches };
}

function printStarts(rows, baselines, warmWhy) {
  const table = rows.map((row) => {
    const base = row.cold ? baselines.cold : baselines.warm;
    if (row.skipped) return [row.label, '', '', row.skipped];
    if (row.failed) return [row.label, 'died', '', `exit ${row.server.code} ${row.server.signal ?? ''}`];
    const ratio = row.server.readyMs / base.wallMs;
    const target = row.restart ? `< 5 s: ${verdict(row.server.readyMs < TARGETS.warmRestartMs)}` : `≤ ${TARGETS.ratio}x: ${verdict(ratio <= TARGETS.ratio)}`;
    return [row.label, fixed(row.server.readyMs / 1000, 2), fixed(ratio, 2), target];
  });
  const cache = warmWhy === undefined ? 'page cache dropped' : `warm page cache (${warmWhy})`;
  console.log();
  printTable(
    ['start-up', 's', 'vs baseline', 'target'],
    [
      [`(a) baseline loop, ${cache}`, fixed(baselines.cold.wallMs / 1000, 2), '1.00', `loop ${fixed(baselines.cold.result.loopMs / 1000, 2)} s`],
      ['(a) baseline loop, warm page cache', fixed(baselines.warm.wallMs / 1000, 2), '1.00', `loop ${fixed(baselines.warm.result.loopMs / 1000, 2)} s`],
      ...table,
    ],
  );
}

function printQueries(q, count) {
  const share = (result, bare = q.bare) => `${fixed((100 * result.rps) / bare.rps, 0)} %`;
  console.log();
  printTable(
    ['query', 'req/s', 'p50 ms', 'p99 ms', 'KiB/resp', '% of bare', 'target'],
    [
      [
        `filtered + sorted page, ${q.pages} URLs in turn (uncached)`,
        fixed(q.filtered.rps, 0),
        fixed(q.filtered.p50, 1),
        fixed(q.filtered.p99, 1),
        fixed(q.filtered.bytesPerRequest / 1024, 1),
        share(q.filtered),
        `≥ ${TARGETS.filteredRps}, p99 < ${TARGETS.filteredP99}: ${verdict(q.filtered.rps >= TARGETS.filteredRps && q.filtered.p99 < TARGETS.filteredP99)}`,
      ],
      [
        'get one, one id (cached)',
        fixed(q.getOne.rps, 0),
        fixed(q.getOne.p50, 1),
        fixed(q.getOne.p99, 1),
        fixed(q.getOne.bytesPerRequest / 1024, 1),
        share(q.getOne),
        `≥ 80 %: ${verdict(q.getOne.rps >= TARGETS.getOneShare * q.bare.rps)}`,
      ],
      [
        'get one, ids in turn (uncached)',
        fixed(q.getMany.rps, 0),
        fixed(q.getMany.p50, 1),
        fixed(q.getMany.p99, 1),
        fixed(q.getMany.bytesPerRequest / 1024, 1),
        `${share(q.getMany, q.bareMany)} (of bare, ids in turn)`,
        `≥ 80 %: ${verdict(q.getMany.rps >= TARGETS.getOneShare * q.bareMany.rps)}`,
      ],
      ['bare Koa, get-one body', fixed(q.bare.rps, 0), fixed(q.bare.p50, 1), fixed(q.bare.p99, 1), fixed(q.bare.bytesPerRequest / 1024, 1), '100 %', ''],
      [
        'bare Koa, the same body, ids in turn',
        fixed(q.bareMany.rps, 0),
        fixed(q.bareMany.p50, 1),
        fixed(q.bareMany.p99, 1),
        fixed(q.bareMany.bytesPerRequest / 1024, 1),
        '100 %',
        '',
      ],
    ],
  );
  console.log(`the first filtered page (nothing cached yet): ${fixed(q.firstFilteredMs, 0)} ms`);
  console.log();
  printTable(
    [`text search over ${count} articles`, 'first ms', 'again ms', 'matches', `< ${TARGETS.searchMs} ms`],
    q.searches.map((s) => [s.name, fixed(s.ms, 0), fixed(s.againMs, 0), String(s.total), verdict(s.ms < TARGETS.searchMs)]),
  );
}

async function main() {
  const { count, load, warmOnly, queriesOnly, startsOnly, env } = readOptions();
  serverEnv = env;
  console.log(machineNote());
  const project = ensureGeneratedProject(count);
  const { dir } = project;
  const genNote = project.seconds === undefined ? 'generation time not recorded' : `generated in ${fixed(project.seconds, 0)} s`;
  console.log(`${dir}: ${count} articles, ${project.generatedNow ? genNote : `found (${genNote})`}`);
  const noCache = serveAccepts('--no-cache');
  const readAll = noCache ? ['--no-cache'] : [];
  console.log(
    noCache
      ? 'this build has --no-cache: cold and warm starts read every file'
      : 'this build has no --no-cache (no index cache): the restart reads every file too',
  );

  if (queriesOnly) {
    const one = await startOnce('one start (from the index cache when there is one)', dir, [], true);
    if (one.failed) return;
    console.log(
      `ready in ${fixed(one.server.readyMs / 1000, 2)} s; ${one.heap ? `heap ${one.heap.heapMb} MB, ${one.heap.per10k} MB per 10,000 documents` : ''}`,
    );
    try {
      printQueries(await measureQueries(one.server, load), count);
    } finally {
      await one.server.stop();
    }
    return;
  }
  const dropped = !warmOnly && dropPageCache();
  const why = warmOnly ? '--warm' : 'dropping it was not permitted';
  const baselines = { cold: await runBaselineLoop(dir) };
  const rows = [];
  // Dropped again: the loop just read every file into it.
  if (dropped) dropPageCache();
  const cold = { ...(await startOnce(dropped ? '(b) cms serve, page cache dropped' : '(b) cms serve, warm page cache', dir, readAll)), cold: true };
  rows.push(cold);
  // The server read every file: the page cache holds them for the warm loop and start.
  baselines.warm = await runBaselineLoop(dir);
  let running;
  if (cold.failed) {
    rows.push({ label: '(c) cms serve, warm page cache', skipped: 'not run: the first start died' });
  } else {
    const warm = await startOnce('(c) cms serve, warm page cache', dir, readAll, !noCache);
    rows.push(warm);
    if (noCache && !warm.failed) {
      await startOnce('writing the index cache', dir, []);
      // The cache just written (gigabytes at this size) goes to disk first, as it has long before any real restart.
      const flushed = performance.now();
      spawnSync('sync');
      console.log(`the index cache written, flushed to disk in ${fixed((performance.now() - flushed) / 1000, 1)} s`);
      const restart = { ...(await startOnce('(d) restart with the index cache', dir, [], true)), restart: true };
      rows.push(restart);
      if (!restart.failed) running = restart;
    } else if (!warm.failed) running = warm;
  }
  printStarts(rows, baselines, dropped ? undefined : why);
  const heaps = rows.filter((row) => row.heap?.per10k !== undefined);
  for (const row of heaps) {
    console.log(
      `heap after load, ${row.label.slice(4)}: ${row.heap.heapMb} MB, ${row.heap.per10k} MB per 10,000 documents (< ${TARGETS.per10k}: ${verdict(row.heap.per10k < TARGETS.per10k)})`,
    );
  }
  if (startsOnly && running !== undefined) {
    await running.server.stop();
    return;
  }
  if (running === undefined) {
    console.log('queries not measured: no server came up');
    process.exitCode = 1;
    return;
  }
  try {
    printQueries(await measureQueries(running.server, load), count);
  } finally {
    await running.server.stop();
  }
  console.log();
  console.log(`after the run: ${machineNote()}`);
}

await main();
