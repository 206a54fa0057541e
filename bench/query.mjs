#!/usr/bin/env node
// Query throughput of the real server (`cms serve --no-watch` in a child process) with autocannon
// (10 connections), on generated projects of 100,000 and 10,000 articles:
//   (a) filtered + sorted page: ?filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25
//   (b) unfiltered sorted list: ?sort=title:asc
//   (c) get one: /api/articles/<documentId>
//   (d) a bare Koa route answering a precomputed body the size of (a)'s answer (the ceiling)
// Targets: at 100k, (a) ≥ 300 req/s and p99 ≤ 50 ms; at 10k, (a) ≥ 10% of (d), (c) ≥ 80% of (d).
//
//   npm run build && node bench/generate.mjs --count 100000 && node bench/generate.mjs --count 10000
//   node bench/query.mjs [--counts 100000,10000] [--duration 10] [--warmup 2] [--connections 10]
import { defaultProjectDir } from './generate.mjs';
import { startBareServer } from './lib/bare-server-process.mjs';
import { loadTest, timedGet } from './lib/load-test.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { readLoadOptions } from './lib/load-options.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { fixed, printTable, verdict } from './lib/stats.mjs';

const FILTERED = '/api/articles?filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25';
const SORTED = '/api/articles?sort=title:asc';

async function benchProject(dir, options) {
  // No index cache: a server writing one between requests would be measured with it.
  const server = await startServerProcess(dir, { watch: false, cache: false });
  let bare;
  try {
    // A server of 10,000 documents or more makes text search's folded copies in slices once it
    // listens (a second or so at 100,000); measured after that, as a server that has been up a while.
    const waiting = performance.now();
    while (!/text search: \d+ slabs folded/.test(server.output()) && performance.now() - waiting < 30_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const folded = /text search: [^\n]*/.exec(server.output());
    if (folded) console.log(`${folded[0]} (waited ${fixed(performance.now() - waiting, 0)} ms after ready)`);
    const first = await timedGet(`${server.url}/api/articles?pagination[pageSize]=1`);
    const documentId = JSON.parse(first.body).data[0].documentId;
    const cases = [
      ['(a) filtered + sorted page', FILTERED],
      ['(b) sorted list', SORTED],
      ['(c) get one', `/api/articles/${documentId}`],
    ];
    // The first answer of each query, before any cache holds it.
    const cold = {};
    for (const [name, route] of cases) {
      const answer = await timedGet(`${server.url}${route}`);
      if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      cold[name] = { ms: answer.ms, bytes: Buffer.byteLength(answer.body), body: answer.body };
    }
    bare = await startBareServer(cold[cases[0][0]].body);
    const results = [];
    for (const [name, route] of cases) results.push({ name, route, cold: cold[name], ...(await loadTest(`${server.url}${route}`, options)) });
    results.push({ name: '(d) bare Koa, same body as (a)', route: '/', cold: undefined, ...(await loadTest(bare.url, options)) });
    return results;
  } finally {
    await bare?.stop();
    await server.stop();
  }
}

async function main() {
  const { options, counts } = readLoadOptions('100000,10000');
  for (const count of counts) {
    const results = await benchProject(defaultProjectDir(count), options);
    const bare = results.at(-1);
    const [filtered, , one] = results;
    const rows = results.map((result) => [
      result.name,
      fixed(result.rps, 0),
      fixed(result.p50, 1),
      fixed(result.p99, 1),
      fixed(result.bytesPerRequest / 1024, 1),
      result.cold ? fixed(result.cold.ms, 1) : '',
      fixed((100 * result.rps) / bare.rps, 0),
    ]);
    console.log();
    console.log(`${count} articles`);
    printTable(['case', 'req/s', 'p50 ms', 'p99 ms', 'KiB/resp', 'first ms', '% of bare'], rows);
    console.log(`after the run: ${machineNote()}`);
    if (count === 100_000) {
      console.log(`targets at 100k: (a) ≥ 300 req/s: ${verdict(filtered.rps >= 300)}; (a) p99 ≤ 50 ms: ${verdict(filtered.p99 <= 50)}`);
    }
    if (count === 10_000) {
      console.log(
        `targets at 10k: (a) ≥ 10% of bare: ${verdict(filtered.rps >= 0.1 * bare.rps)}; (c) get one ≥ 80% of bare: ${verdict(one.rps >= 0.8 * bare.rps)}`,
      );
    }
  }
}

await main();
