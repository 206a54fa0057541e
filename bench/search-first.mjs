#!/usr/bin/env node
// The first answer of each text search of bench/million.mjs, on a served project, for one build or
// several side by side (one server at a time, each started from the index cache when there is one,
// asked once its log says text search is ready: folded copies and search columns made), with the
// total each answered, which must be the same for every build.
//
//   node bench/search-first.mjs --dir <project> [--dist <dist folder>]... [--rounds 1]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DIST } from './lib/dist-path.mjs';
import { timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { serveUntilReady } from './lib/serve-until-ready.mjs';
import { fixed, printTable } from './lib/stats.mjs';

const SEARCHES = [
  '/api/articles?_q=mountain&pagination[pageSize]=25',
  '/api/articles?_q=river%20light&pagination[pageSize]=25',
  '/api/articles?_q=zebra-crossing&pagination[pageSize]=25',
  '/api/articles?filters[body][$containsi]=Garden%20Kitchen&pagination[pageSize]=25',
  '/api/articles?filters[body][$containsi]=zebra-crossing&pagination[pageSize]=25',
];

const { values } = parseArgs({
  options: { dir: { type: 'string' }, dist: { type: 'string', multiple: true }, rounds: { type: 'string', default: '1' } },
});
if (values.dir === undefined) throw new Error('--dir <project> is required');
const dists = (values.dist ?? [DIST]).map((dist) => path.resolve(dist));
console.log(machineNote());

const rows = [];
const totals = new Map();
for (let round = 0; round < Number(values.rounds); round++) {
  for (const dist of dists) {
    const server = await serveUntilReady(path.resolve(values.dir), { cli: path.join(dist, 'cli/main.js') });
    if (!server.ok) throw new Error(`${dist}: the server ended (${server.code} ${server.signal}): ${server.output().slice(-600)}`);
    try {
      const waited = performance.now();
      while (!/text search: [^\n]*folded/.test(server.output()) && performance.now() - waited < 600_000)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const line = /text search: [^\n]*/.exec(server.output())?.[0] ?? 'text search not ready within 10 min';
      console.log(`${path.basename(path.dirname(dist))}/${path.basename(dist)}: ready in ${fixed(server.readyMs / 1000, 1)} s; ${line}`);
      for (const route of SEARCHES) {
        const answer = await timedGet(`${server.url}${route}`);
        if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
        const total = JSON.parse(answer.body).meta.pagination.total;
        if (totals.has(route) && totals.get(route) !== total) throw new Error(`${route}: ${total} matches here, ${totals.get(route)} before`);
        totals.set(route, total);
        rows.push([path.basename(dist), route.replace('/api/articles?', '').replace('&pagination[pageSize]=25', ''), fixed(answer.ms, 0), String(total)]);
      }
    } finally {
      await server.stop();
    }
  }
}
printTable(['build', 'search', 'first answer ms', 'total'], rows);
