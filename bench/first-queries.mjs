#!/usr/bin/env node
// The first answer of list queries no memo holds yet, each build beside the other in one run (one
// server at a time, started on the project, asked once its start's work is done): a filtered list
// sorted by title (bench/query.mjs (a)), then the whole list in that order, sorted by slug, by
// views, by category, newest and oldest first, and a second filter in the first order. Each is
// asked once, in this order: what one query leaves made (a sorted list) the next may use, as in a
// server's life. Each start begins without the sort orders a stopped server keeps
// (.cms/sort-orders.json); with --kept, each build's server is then started again with the ones
// the first kept, and asked again (a restart: its warm-up makes them before they are asked).
// --more asks another set instead: unsorted filters, sorts through a relation, a component's
// filter, the first page found by its slug, the first list of drafts. --probe asks /_health every
// 20 ms while each query is asked and prints the longest wait: how long that query held every
// other request up (work made between requests holds none up for long).
//
//   npm run build && node bench/first-queries.mjs --dir <project> [--baseline <other dist>] [--runs 1] [--kept] [--more] [--probe]
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

const MORE_QUERIES = [
  ['a filter, no sort', 'filters[views][$lt]=100&pagination[pageSize]=10'],
  ['a text filter, no sort', 'filters[title][$containsi]=garden&pagination[pageSize]=10'],
  ['all, sorted by author.name', 'sort=author.name:asc&pagination[pageSize]=10'],
  ['a filter (1 %), sorted by author.name', 'filters[views][$gt]=990&sort=author.name:desc&pagination[pageSize]=10'],
  ['a filter (90 %), sorted by author.name', 'filters[views][$gte]=50&sort=author.name:desc&pagination[pageSize]=10'],
  ['a filter (94 %), sorted by title', 'filters[views][$gte]=10&sort=title:asc&pagination[pageSize]=10'],
  ["a component's field, no sort", 'filters[seo][metaTitle][$containsi]=garden&pagination[pageSize]=10'],
  ['a page by its slug', 'filters[slug][$eq]=no-such-slug'],
  ['the drafts', 'status=draft&pagination[pageSize]=10'],
  ['the drafts, sorted by title', 'status=draft&sort=title:desc&pagination[pageSize]=10'],
];

/** Asks /_health every 20 ms until stopped: the longest wait for an answer, in ms. */
function longestHealthWait(url) {
  let done = false;
  let longest = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${url}/_health`).catch(() => undefined);
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return async () => {
    done = true;
    await probing;
    return longest;
  };
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      baseline: { type: 'string' },
      runs: { type: 'string', default: '1' },
      kept: { type: 'boolean', default: false },
      more: { type: 'boolean', default: false },
      probe: { type: 'boolean', default: false },
    },
  });
  if (values.dir === undefined) throw new Error('--dir <generated project> is required');
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number from 1');
  const { kept, more, probe } = values;
  return { dir: path.resolve(values.dir), builds: buildsToMeasure(values.baseline), runs, kept, queries: more ? MORE_QUERIES : QUERIES, probe };
}

async function firstAnswers(dir, cli) {
  const server = await serveUntilReady(dir, { cli });
  if (!server.ok) throw new Error(`the server ended (${server.code} ${server.signal}): ${server.output().slice(-600)}`);
  try {
    // Asked once the start's work after listening (text search's copies, the heap line's full collection) is done.
    await server.waitFor(/MB per 10,000 documents|heap \d+ MB/);
    // The client's first request (its connection, its code warming up) is not the server's wait.
    if (probe) await fetch(`${server.url}/_health`);
    const out = [];
    for (const [, query] of queries) {
      const stop = probe ? longestHealthWait(server.url) : undefined;
      const answer = await timedGet(`${server.url}/api/articles?${query}`);
      const waited = await stop?.();
      if (answer.status !== 200) throw new Error(`${query}: ${answer.status}`);
      out.push({ ms: answer.ms, waited });
    }
    return out;
  } finally {
    await server.stop();
  }
}

const { dir, builds, runs, kept, queries, probe } = readOptions();
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
  [probe ? 'first answer / longest /_health wait (ms)' : 'first answer (ms)', ...columns.map(([label]) => label)],
  queries.map(([name], i) => [
    name,
    ...columns.map(([label]) =>
      times
        .get(label)
        .map((run) => (probe ? `${fixed(run[i].ms, 0)} / ${fixed(run[i].waited, 0)}` : fixed(run[i].ms, 0)))
        .join(', '),
    ),
  ]),
);
