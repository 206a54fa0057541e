#!/usr/bin/env node
// What HTTP caching costs on cached answers: the same requests against the build before ETags
// (`--base`, compiled from an older commit) and this build, both serving at once, alternating:
//   (a) list: /api/articles?sort=title:asc&pagination[pageSize]=25
//   (b) get one: /api/articles/<documentId>
// and, for this build only, the same requests with a matching If-None-Match (304, no body).
//
//   npm run build && node bench/generate.mjs --count 10000
//   git archive <commit before ETags> cli server tsconfig.json | tar -x -C bench/data/base-src   (tsconfig: include cli, server)
//   npx tsc -p bench/data/base-src/tsconfig.json --outDir bench/data/dist-base
//   node bench/etag.mjs --base bench/data/dist-base [--dir DIR] [--rounds 2] [--duration 10]
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { defaultProjectDir } from './generate.mjs';
import { distFile } from './lib/dist-path.mjs';
import { loadTest, timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { fixed, positiveNumber, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    dir: { type: 'string', default: defaultProjectDir(10_000) },
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
  },
});
if (values.base === undefined) throw new Error('--base <folder of the build before ETags> is required');
const options = {
  duration: positiveNumber('duration', values.duration),
  warmup: Number(values.warmup),
  connections: positiveNumber('connections', values.connections),
};
const builds = [
  ['before (no ETag)', path.resolve(values.base, 'cli/main.js')],
  ['with ETag', distFile('cli/main.js')],
];
const LIST = '/api/articles?sort=title:asc&pagination[pageSize]=25';

/** autocannon with If-None-Match: every answer is a 304. */
function notModified(url, etag) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: options.connections, duration: options.duration, headers: { 'if-none-match': etag } }, (error, result) => {
      if (error) return reject(error);
      if (result.errors > 0 || result['3xx'] !== result.requests.total)
        return reject(new Error(`${url}: ${result.errors} errors, ${result['3xx']} of ${result.requests.total} 3xx`));
      resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
    });
  });
}

/** Both builds serve at once; each round measures every case on each, alternating which goes first. */
async function main() {
  const servers = [];
  try {
    for (const [name, main] of builds) servers.push({ name, server: await startServerProcess(values.dir, { main }) });
    const first = await timedGet(`${servers[0].server.url}/api/articles?pagination[pageSize]=1`);
    const one = `/api/articles/${JSON.parse(first.body).data[0].documentId}`;
    const runs = new Map();
    const note = (key, figures) => runs.set(key, [...(runs.get(key) ?? []), figures]);
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [kind, route] of [
        ['list', LIST],
        ['get one', one],
      ]) {
        for (const { name, server } of round % 2 === 0 ? servers : [...servers].reverse())
          note(`${kind} — ${name}`, await loadTest(`${server.url}${route}`, options));
        const current = servers[1].server.url;
        const etag = (await fetch(`${current}${route}`)).headers.get('etag');
        note(`${kind}, 304 — with ETag`, await notModified(`${current}${route}`, etag));
      }
    }
    return runs;
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

console.log(`autocannon: ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s per case; ${values.dir}`);
console.log(machineNote());
const runs = await main();
const rows = [...runs]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([key, list]) => [
    key,
    list.map((r) => fixed(r.rps, 0)).join(' / '),
    fixed(list.reduce((s, r) => s + r.rps, 0) / list.length, 0),
    fixed(Math.max(...list.map((r) => r.p99)), 1),
  ]);
printTable(['case — build', 'req/s per round', 'mean req/s', 'worst p99 ms'], rows);
console.log(`after the run: ${machineNote()}`);
