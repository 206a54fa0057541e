#!/usr/bin/env node
// What a front end's list queries cost right after an edit of the type (a type's views, sort orders,
// tables of values and filters' matches are carried over an edit instead of made again), per build:
//   - once at the start (asked first: each builds what it needs), then after each of --edits edits:
//     the filtered, sorted page of bench/query.mjs, a page found by slug, a page sorted by views, a
//     plain page (another page each time: the answer cache never answers), `_q` and a body
//     `$containsi` of two words (another pair each time);
//   - each edit replaces one article's file (a new title, written to a temporary file and renamed
//     over it, as editors and git do) and waits until a get-one shows it (the watcher's latency);
//   - then a pull: --pull articles (default 500) replaced at once, the same queries once after it.
// Edited files are put back (their original inode) after each build's run.
//
//   npm run build && node bench/generate.mjs --count 100000
//   node bench/after-edit.mjs [--dir <tmpdir>/cms-bench/articles-100000] [--baseline <other build's dist>] [--edits 5] [--pull 500]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultProjectDir } from './generate.mjs';
import { buildsToMeasure } from './lib/load-options.mjs';
import { timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { publishedIds } from './lib/published-ids.mjs';
import { serveUntilReady } from './lib/serve-until-ready.mjs';
import { fixed, median, positiveNumber, printTable } from './lib/stats.mjs';

const FILTERED = '/api/articles?filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25';
const QUERIES = [
  ['filtered, sorted page', (n) => `${FILTERED}&pagination[page]=${n}`],
  ['page by slug', (n, slug) => `/api/articles?filters[slug][$eq]=${encodeURIComponent(slug)}&pagination[page]=${n}`],
  ['sorted by views', (n) => `/api/articles?sort=views:desc&pagination[page]=${n}`],
  ['plain page', (n) => `/api/articles?pagination[page]=${n}`],
  ['`_q` of two words', (n) => `/api/articles?_q=${encodeURIComponent(twoWords(n))}&pagination[pageSize]=5`],
  ['body `$containsi` two words', (n) => `/api/articles?filters[body][$containsi]=${encodeURIComponent(twoWords(n + 7))}&pagination[pageSize]=5`],
];
const WORDS = ['garden', 'coffee', 'mountain', 'river', 'library', 'concert', 'kitchen', 'weekend', 'science', 'ocean', 'travel', 'winter'];
/** Two words of the generated text, another pair for each n below 132 (a search asked once: no kept answer or list has it). */
const twoWords = (n) => `${WORDS[n % WORDS.length]} ${WORDS[(n + 1 + Math.floor(n / WORDS.length)) % WORDS.length]}`;

function readOptions() {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, baseline: { type: 'string' }, edits: { type: 'string', default: '5' }, pull: { type: 'string', default: '500' } },
  });
  const dir = path.resolve(values.dir ?? defaultProjectDir(100_000));
  if (!fs.existsSync(path.join(dir, 'content/articles'))) throw new Error(`${dir}: no content/articles (node bench/generate.mjs --count 100000)`);
  return { dir, edits: positiveNumber('edits', values.edits), pull: positiveNumber('pull', values.pull), builds: buildsToMeasure(values.baseline) };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url) {
  const answer = await timedGet(url);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return answer;
}

/** Replaces an article's file with one whose title is changed (a temporary file renamed over it); returns how to put it back. */
function editArticle(dir, id, title) {
  const file = path.join(dir, 'content/articles', `${id}.json`);
  const kept = path.join(path.dirname(dir), `.after-edit-${id}.json`);
  fs.linkSync(file, kept);
  const data = JSON.parse(fs.readFileSync(file, 'utf8'));
  data.title = title;
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(data, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
  return () => fs.renameSync(kept, file);
}

async function measureBuild(label, cli, { dir, edits, pull }) {
  const server = await serveUntilReady(dir, { cli, watch: true });
  if (!server.ok) throw new Error(`${label}: the server ended (${server.code} ${server.signal}): ${server.output().slice(-600)}`);
  const restores = [];
  try {
    await server.waitFor(/MB per 10,000 documents|heap \d+ MB/);
    const slug = JSON.parse((await get(`${server.url}${FILTERED}`)).body).data[0].slug;
    const first = [];
    for (const [, route] of QUERIES) first.push((await get(`${server.url}${route(2, slug)}`)).ms);
    const ids = await publishedIds(server.url, Math.max(edits * 13, pull + edits * 13));
    const seen = [];
    const after = QUERIES.map(() => []);
    for (let i = 0; i < edits; i++) {
      const id = ids[i * 13];
      const title = `Edited ${i} ${Date.now()}`;
      const started = performance.now();
      restores.push(editArticle(dir, id, title));
      for (;;) {
        const answer = JSON.parse((await get(`${server.url}/api/articles/${id}`)).body);
        if (answer.data.title === title) break;
        await sleep(2);
      }
      seen.push(performance.now() - started);
      for (let q = 0; q < QUERIES.length; q++) after[q].push((await get(`${server.url}${QUERIES[q][1](3 + i, slug)}`)).ms);
    }
    // A pull: many articles replaced at once (ids not edited above), then each query once.
    const pulled = ids.slice(edits * 13, edits * 13 + pull);
    const stamp = Date.now();
    for (const id of pulled) restores.push(editArticle(dir, id, `Pulled ${stamp} ${id}`));
    for (const id of [pulled[0], pulled.at(-1)]) {
      for (;;) {
        const answer = JSON.parse((await get(`${server.url}/api/articles/${id}`)).body);
        if (answer.data.title === `Pulled ${stamp} ${id}`) break;
        await sleep(5);
      }
    }
    await sleep(200);
    const afterPull = [];
    for (let q = 0; q < QUERIES.length; q++) afterPull.push((await get(`${server.url}${QUERIES[q][1](100, slug)}`)).ms);
    return { label, first, seen, after, afterPull };
  } finally {
    await server.stop();
    for (const restore of restores.reverse()) restore();
  }
}

async function main() {
  const options = readOptions();
  console.log(machineNote());
  console.log(`${options.dir}, ${options.edits} edits per build`);
  const results = [];
  for (const [label, cli] of options.builds) results.push(await measureBuild(label, cli, options));
  const rows = [];
  for (const r of results) {
    rows.push([`${r.label}: edit seen by a get-one`, '', fixed(median(r.seen), 1), fixed(Math.max(...r.seen), 1)]);
    QUERIES.forEach(([name], q) =>
      rows.push([`${r.label}: ${name}`, fixed(r.first[q], 1), fixed(median(r.after[q]), 1), fixed(Math.max(...r.after[q]), 1), fixed(r.afterPull[q], 1)]),
    );
  }
  printTable(['query', 'first (ms)', 'after an edit, median (ms)', 'max (ms)', `after a pull of ${options.pull} (ms)`], rows);
}

await main();
