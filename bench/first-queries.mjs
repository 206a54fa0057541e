#!/usr/bin/env node
// The first answer of list queries no memo holds yet, each build beside the other in one run (one
// server at a time, started on the project, asked once its start's work is done): a filtered list
// sorted by title (bench/query.mjs (a)), then the whole list in that order, sorted by slug, by
// views, by category, newest and oldest first, and a second filter in the first order. Each is
// asked once, in this order: what one query leaves made (a sorted list) the next may use, as in a
// server's life. Each start begins without the sort orders a stopped server keeps
// (.cms/sort-orders.json); with --kept, each build's server is then started again with the ones
// the first kept, and asked again (a restart: its warm-up makes them before they are asked).
//
//   npm run build && node bench/first-queries.mjs --dir <project> [--baseline <other dist>] [--runs 1] [--kept]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildsToMeasure } from './lib/load-options.mjs';
import { timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { serveUntilReady } from './lib/serve-until-ready.mjs';
import { fixed, printTable } from './lib/stats.mjs';

const QUERIES = [
  ['filtered, sorted by title (query.mjs (a))', 'filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25'],
  ['all, sorted by title, page 3', 'sort=title:asc&pagination[page]=3'],
  ['all, sorted by slug (desc)', 'sort=slug:desc&pagination[pageSize]=10'],
  ['all, sorted by views', 'sort=views:asc&pagination[pageSize]=10'],
  ['all, sorted by category, page 2', 'sort=category:asc&pagination[page]=2'],
  ['all, newest first (publishedAt:desc)', 'sort=publishedAt:desc&pagination[pageSize]=10'],
  ['all, createdAt:desc', 'sort=createdAt:desc&pagination[pageSize]=10'],
  ['another filter, sorted by title', 'filters[views][$gt]=700&filters[category][$eq]=tech&sort=title:asc&pagination[pageSize]=25'],
];

function readOptions() {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, baseline: { type: 'string' }, runs: { type: 'string', default: '1' }, kept: { type: 'boolean', default: false } },
  });
  if (values.dir === undefined) throw new Error('--dir <generated project> is required');
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number from 1');
  return { dir: path.resolve(values.dir), builds: buildsToMeasure(values.baseline), runs, kept: values.kept };
}

async function firstAnswers(dir, cli) {
  const server = await serveUntilReady(dir, { cli });
  if (!server.ok) throw new Error(`the server ended (${server.code} ${server.signal}): ${server.output().slice(-600)}`);
  try {
    // Asked once the start's work after listening (text search's copies, the heap line's full collection) is done.
    await server.waitFor(/MB per 10,000 documents|heap \d+ MB/);
    const out = [];
    for (const [, query] of QUERIES) {
      const answer = await timedGet(`${server.url}/api/articles?${query}`);
      if (answer.status !== 200) throw new Error(`${query}: ${answer.status}`);
      out.push(answer.ms);
    }
    return out;
  } finally {
    await server.stop();
  }
}

const { dir, builds, runs, kept } = readOptions();
console.log(machineNote());
console.log(dir);
const keptFile = path.join(dir, '.cms', 'sort-orders.json');
const columns = builds.flatMap(([label, cli]) => [[label, cli, false], ...(kept ? [[`${label}, restarted`, cli, true]] : [])]);
const times = new Map(columns.map(([label]) => [label, []]));
for (let run = 0; run < runs; run++) {
  for (const [label, cli] of builds) {
    fs.rmSync(keptFile, { force: true });
    times.get(label).push(await firstAnswers(dir, cli));
    if (kept) times.get(`${label}, restarted`).push(await firstAnswers(dir, cli));
  }
}
fs.rmSync(keptFile, { force: true });
printTable(
  ['first answer (ms)', ...columns.map(([label]) => label)],
  QUERIES.map(([name], i) => [
    name,
    ...columns.map(([label]) =>
      times
        .get(label)
        .map((run) => fixed(run[i], 0))
        .join(', '),
    ),
  ]),
);
