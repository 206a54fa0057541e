#!/usr/bin/env node
// Answers per second of the read path itself (query parse, engine, serialization, JSON text),
// without HTTP and without the answer cache, for two builds side by side: each round runs every
// case in a child process per build, alternating, and the median of the rounds is reported.
// Made to show that `localizations` and morph relations cost nothing to requests without them.
//
//   npx tsc -p . --outDir bench/data/base      # the build to compare with (e.g. from `git stash`)
//   node bench/generate.mjs --count 10000 --out /tmp/x/articles-10000
//   node bench/read-engine.mjs --dir /tmp/x/articles-10000 --dists bench/data/base,dist [--rounds 3] [--ms 3000]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultProjectDir } from './generate.mjs';
import { machineNote } from './lib/machine-note.mjs';

const CASES = [
  ['filtered + sorted page', 'filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25'],
  ['populate=*', 'populate=*'],
  ['nested populate', 'populate[author][fields][0]=name&populate[categories][sort]=name:asc&populate[seo]=true&fields[0]=title'],
  ['relation filter', 'filters[author][name][$contains]=a&pagination[pageSize]=25'],
];

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

/** In the child: load the project once with one build, then answer one query as often as `ms` allows. */
async function child() {
  const [dist, dir, query, ms] = process.argv.slice(3);
  const load = (file) => import(pathToFileURL(path.resolve(dist, file)).href);
  const { loadConfig } = await load('server/store/load-config.js');
  const { loadProject } = await load('server/runtime/load-project.js');
  const { answerRead } = await load('server/documents/answer-read.js');
  const config = loadConfig(dir, {}, {});
  const state = loadProject(config);
  const type = state.registry.byRouteName.get('articles');
  const options = { config, warn: () => {} };
  const request = { type, documentId: undefined, querystring: query };
  const snapshot = { registry: state.registry, index: state.index };
  for (let i = 0; i < 50; i++) JSON.stringify(answerRead(snapshot, request, options));
  let count = 0;
  const end = performance.now() + Number(ms);
  while (performance.now() < end) {
    JSON.stringify(answerRead(snapshot, request, options));
    count++;
  }
  process.stdout.write(String((count * 1000) / Number(ms)));
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function main() {
  const dir = path.resolve(option('dir', defaultProjectDir(10000)));
  const dists = option('dists', 'dist').split(',');
  const rounds = Number(option('rounds', '3'));
  const ms = option('ms', '3000');
  console.log(machineNote());
  console.log(`${dir}, ${rounds} rounds of ${ms} ms per case and build`);
  const self = fileURLToPath(import.meta.url);
  const rows = [];
  for (const [name, query] of CASES) {
    const figures = dists.map(() => []);
    for (let round = 0; round < rounds; round++) {
      dists.forEach((dist, i) => {
        const result = spawnSync(process.execPath, [self, '--child', dist, dir, query, ms], { encoding: 'utf8' });
        if (result.status !== 0) throw new Error(result.stderr);
        figures[i].push(Number(result.stdout));
      });
    }
    rows.push([name, ...figures.map((f) => median(f).toFixed(0))]);
  }
  const header = ['case', ...dists.map((d) => `${d} (answers/s)`)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
}

if (process.argv[2] === '--child') await child();
else main();
