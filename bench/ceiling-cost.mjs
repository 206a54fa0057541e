#!/usr/bin/env node
// What a request's own work costs against the bare Koa ceiling on this machine: the bare Koa app of
// the other benchmarks (answering one get-one body, asked with URLs in turn as `uncached-query.mjs`
// asks get-ones) made to do a fixed amount of busy work per request before it answers, 0, 5, 10 …
// microseconds. Beside req/s and its share of the ceiling (0 µs), the server's CPU per request
// (/proc): where the server becomes the slower side, each answer wakes a waiting client, and that
// costs the server more than the work itself.
//
//   node bench/ceiling-cost.mjs [--dir <generated project>] [--busy 0,5,10,15,20,30] [--duration 5] [--warmup 1]
// --dir: the body is a real get-one answer of that project (else ~3 KB of JSON like one).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBareServer } from './lib/bare-server-process.mjs';
import { loadArgs, loadOf } from './lib/load-options.mjs';
import { loadTestPaths } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { processCpuMs } from './lib/process-cpu.mjs';
import { publishedIds } from './lib/published-ids.mjs';
import { serveUntilReady } from './lib/serve-until-ready.mjs';
import { fixed, printTable } from './lib/stats.mjs';

/** As many URLs as uncached-query.mjs asks get-ones with. */
const PATHS = 20_000;

function readOptions() {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, busy: { type: 'string', default: '0,5,10,15,20,30' }, ...loadArgs('5', '1') } });
  const busy = values.busy.split(',').map(Number);
  if (busy.some((micros) => !Number.isFinite(micros) || micros < 0)) throw new Error('--busy: microseconds, comma-separated');
  return { dir: values.dir && path.resolve(values.dir), busy, load: loadOf(values) };
}

/** A get-one answer of the project, or one of about its size. */
async function bodyFor(dir) {
  if (dir === undefined) {
    const text = 'Plain words of a generated body paragraph. '.repeat(60);
    return JSON.stringify({
      data: { id: 1, documentId: 'a'.repeat(24), title: 'A title', body: [{ type: 'paragraph', children: [{ type: 'text', text }] }] },
      meta: {},
    });
  }
  const server = await serveUntilReady(dir);
  try {
    const [id] = await publishedIds(server.url, 1);
    return await (await fetch(`${server.url}/api/articles/${id}`)).text();
  } finally {
    await server.stop();
  }
}

async function measure(body, busy, load) {
  const bare = await startBareServer(body, busy);
  try {
    const paths = Array.from({ length: PATHS }, (_, i) => `/api/articles/${i.toString(36).padStart(24, 'a')}`);
    const before = processCpuMs(bare.pid);
    const client = process.cpuUsage();
    const result = await loadTestPaths(bare.url, paths, load);
    const requests = result.rps * (load.duration + load.warmup);
    const used = process.cpuUsage(client);
    const clientMs = (used.user + used.system) / 1000;
    return { rps: result.rps, serverMicros: ((processCpuMs(bare.pid) - before) * 1000) / requests, clientMicros: (clientMs * 1000) / requests };
  } finally {
    await bare.stop();
  }
}

const { dir, busy, load } = readOptions();
console.log(machineNote());
const body = await bodyFor(dir);
const rows = [];
for (const micros of busy) rows.push({ micros, ...(await measure(body, micros, load)) });
const ceiling = rows.find((row) => row.micros === 0)?.rps;
console.log(`\nbare Koa answering a ${body.length}-byte body, ${PATHS} URLs in turn, ${load.connections} connections:\n`);
printTable(
  ['busy work per request', 'req/s', '% of 0 µs', 'server CPU µs/req', 'client CPU µs/req'],
  rows.map((row) => [
    `${row.micros} µs`,
    String(Math.round(row.rps)),
    ceiling === undefined ? '' : `${Math.round((100 * row.rps) / ceiling)} %`,
    fixed(row.serverMicros, 1),
    fixed(row.clientMicros, 1),
  ]),
);
