#!/usr/bin/env node
// The uncached reads of issue 18 on one generated project, each build beside the others in one run
// (one server at a time): the filtered, sorted page of bench/query.mjs asked with a different page
// (and page size 24/25/26) per request, so the answer cache never answers, then the same pages again
// (more than the answer cache holds, each asked once before); a new filter (not asked
// before: a full pass over the type); get-one with one id and with ids in turn; a bare Koa route
// answering get-one's body, asked with one URL and with the same URLs in turn (the ceiling of each:
// a new URL per request costs the client too). With `--trace-gc` among the node flags, the major collections that ran
// during each load are counted.
//
//   npm run build && node bench/uncached-query.mjs --dir <project> [--baseline <other dist>]
//     [--duration 5] [--warmup 1] [--connections 10] [--node-args "--trace-gc"]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBareServer } from './lib/bare-server-process.mjs';
import { loadTest, loadTestPaths, timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { publishedIds } from './lib/published-ids.mjs';
import { serveUntilReady } from './lib/serve-until-ready.mjs';
import { buildsToMeasure, loadArgs, loadOf } from './lib/load-options.mjs';
import { fixed, printTable } from './lib/stats.mjs';

const FILTERED = '/api/articles?filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25';
const PAGE_SIZES = [24, 25, 26];
const MAX_PAGES = 4_000;
const MAX_IDS = 20_000;

function readOptions() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      baseline: { type: 'string' },
      ...loadArgs('5', '1'),
      'node-args': { type: 'string', default: '' },
    },
  });
  if (values.dir === undefined) throw new Error('--dir <generated project> is required');
  const load = loadOf(values);
  const builds = buildsToMeasure(values.baseline);
  const nodeArgs = values['node-args'].split(' ').filter(Boolean);
  return { dir: path.resolve(values.dir), load, builds, nodeArgs };
}

/** Major collections V8 printed (`--trace-gc`) in a piece of the server's output: count and total pause. */
function majorGcs(text) {
  const pauses = [...text.matchAll(/Mark-Compact[^\n]*?MB, ([\d.]+) \/ [\d.]+ ms/g)].map((m) => Number(m[1]));
  return { count: pauses.length, ms: pauses.reduce((a, b) => a + b, 0) };
}

async function during(server, measure) {
  const before = server.output().length;
  const result = await measure();
  return { ...result, gc: majorGcs(server.output().slice(before)) };
}

async function measureBuild(label, cli, { dir, load, nodeArgs }) {
  const server = await serveUntilReady(dir, { cli, nodeArgs });
  if (!server.ok) throw new Error(`${label}: the server ended (${server.code} ${server.signal}): ${server.output().slice(-600)}`);
  try {
    // Measured once the start's work after listening (text search's copies, the heap line's full
    // collection) is done: a build that prints its heap in the ready line has none.
    await server.waitFor(/MB per 10,000 documents|heap \d+ MB/);
    const first = await timedGet(`${server.url}${FILTERED}`);
    if (first.status !== 200) throw new Error(`${FILTERED} answered ${first.status}: ${first.body.slice(0, 300)}`);
    const pageCount = JSON.parse(first.body).meta.pagination.pageCount;
    const newFilters = [];
    for (const views of [501, 502, 503]) {
      const route = FILTERED.replace('[$gt]=500', `[$gt]=${views}`);
      newFilters.push((await timedGet(`${server.url}${route}`)).ms);
    }
    const pages = [];
    for (let page = 1; page <= Math.min(pageCount, MAX_PAGES); page++) {
      for (const size of PAGE_SIZES) pages.push(`${FILTERED.replace('pageSize]=25', `pageSize]=${size}`)}&pagination[page]=${page}`);
    }
    const filtered = await during(server, () => loadTestPaths(server.url, pages, load));
    // The same pages with every relation, medium and component populated (what many front ends ask).
    const populated = await during(server, () =>
      loadTestPaths(
        server.url,
        pages.map((page) => `${page}&populate=*`),
        load,
      ),
    );
    // The same pages again: each was asked once already, so the answer cache keeps what it has room for.
    const filteredAgain = await during(server, () => loadTestPaths(server.url, pages, load));
    const ids = await publishedIds(server.url, MAX_IDS);
    const one = await timedGet(`${server.url}/api/articles/${ids[0]}`);
    const getOne = await during(server, () => loadTest(`${server.url}/api/articles/${ids[0]}`, load));
    const routes = ids.map((id) => `/api/articles/${id}`);
    const getMany = await during(server, () => loadTestPaths(server.url, routes, load));
    return { label, firstMs: first.ms, newFilters, filtered, populated, filteredAgain, getOne, getMany, body: one.body, routes };
  } finally {
    await server.stop();
  }
}

async function main() {
  const options = readOptions();
  console.log(machineNote());
  const results = [];
  for (const [label, cli] of options.builds) results.push(await measureBuild(label, cli, options));
  const bare = await startBareServer(results.at(-1).body);
  let bareResult;
  let bareMany;
  try {
    bareResult = await loadTest(bare.url, options.load);
    // The same URLs in turn: the client's own cost of a new URL per request is the ceiling's too.
    bareMany = await loadTestPaths(bare.url, results.at(-1).routes, options.load);
  } finally {
    await bare.stop();
  }
  const row = (name, r, base = bareResult) => [
    name,
    fixed(r.rps, 0),
    fixed(r.p50, 1),
    fixed(r.p99, 1),
    `${fixed((100 * r.rps) / base.rps, 0)} %`,
    r.gc ? `${r.gc.count} / ${fixed(r.gc.ms, 0)} ms` : '',
  ];
  const rows = [];
  for (const r of results) {
    rows.push(row(`${r.label}: filtered page, pages in turn`, r.filtered));
    rows.push(row(`${r.label}: the same pages again`, r.filteredAgain));
    rows.push(row(`${r.label}: those pages with populate=*`, r.populated));
    rows.push(row(`${r.label}: get one, one id`, r.getOne));
    rows.push(row(`${r.label}: get one, ids in turn`, r.getMany, bareMany));
  }
  rows.push(row('bare Koa, get-one body', bareResult));
  rows.push(row('bare Koa, the same body, ids in turn', bareMany, bareMany));
  console.log();
  printTable(['query', 'req/s', 'p50 ms', 'p99 ms', '% of bare', 'major GCs / pause'], rows);
  console.log();
  for (const r of results) {
    console.log(`${r.label}: first filtered page ${fixed(r.firstMs, 0)} ms; a new filter ${r.newFilters.map((ms) => fixed(ms, 0)).join(' / ')} ms`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
