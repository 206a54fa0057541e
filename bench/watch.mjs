#!/usr/bin/env node
// The file watcher on a generated project (100,000 articles in one folder), measured in-process:
//   - ready time: LiveProject.watch() on an already loaded server (target < 1 s)
//   - memory attributable to watching: heap and RSS after watch() minus before, per 10,000 files (target < 5 MB)
//   - 50 isolated edits (rewrite one article's title): latency from writeFileSync to the index
//     holding the new title (LiveProject.onChange), and to GET /api/articles/<id> returning it
//     (target median < 50 ms), and the CPU the process spent per edit (target < 5 ms); then 5 more
//     edits (of --edits 55), each followed by a timed list query (an edit drops the type's caches)
//   - optionally, chokidar on the same folder for comparison (--chokidar), in its own process
//
//   npm run build && node bench/generate.mjs --count 100000
//   node bench/watch.mjs [--dir <tmpdir>/cms-bench/articles-100000] [--edits 55] [--chokidar] [--chokidar-edits 3]
//
// Edited files are restored to their original bytes after each measurement.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { defaultProjectDir } from './generate.mjs';
import { importDist } from './lib/dist-path.mjs';
import { HOST } from './lib/server-process.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { fixed, mb, median, percentile, positiveNumber, printTable, verdict } from './lib/stats.mjs';

const SELF = fileURLToPath(import.meta.url);
const ARTICLES = 'content/articles';
const SETTLE_MS = 150;
const LIST_PROBES = 5;
const LIST_QUERY = '/api/articles?filters[views][$gt]=500&filters[category][$eq]=news&sort=title:asc&pagination[pageSize]=25';
const TARGETS = { readyMs: 1000, medianMs: 50, cpuMs: 5, mbPer10k: 5 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const cpuMs = (usage) => (usage.user + usage.system) / 1000;
/** CPU milliseconds between two process.cpuUsage() readings. */
const cpuBetween = (from, to) => (to.user - from.user + to.system - from.system) / 1000;

function fullGc() {
  globalThis.gc();
  globalThis.gc();
}

function getJson(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(body) }));
      })
      .on('error', reject);
  });
}

/** Published articles spread evenly over the folder, so that the edits touch different files. */
function pickArticles(dir, count) {
  const names = fs
    .readdirSync(path.join(dir, ARTICLES))
    .filter((name) => /^[a-z0-9]+\.json$/.test(name))
    .sort();
  const picked = [];
  const step = Math.max(1, Math.floor(names.length / (count * 2)));
  for (let i = 0; i < names.length && picked.length < count; i += step) {
    const file = path.join(dir, ARTICLES, names[i]);
    const text = fs.readFileSync(file, 'utf8');
    if (JSON.parse(text).publishedAt) picked.push({ documentId: names[i].slice(0, -5), file, text });
  }
  return { picked, files: names.length };
}

/** Resolves when `predicate()` holds after a change batch, with the time it did; fails after 10 s. */
function nextChangeWhere(project, predicate, what) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the index did not see ${what} within 10 s`));
    }, 10_000);
    const stop = project.onChange(() => {
      if (!predicate()) return;
      stop();
      clearTimeout(timer);
      resolve({ at: performance.now(), cpu: process.cpuUsage() });
    });
  });
}

/** Our watcher, in this process (started with --expose-gc). */
async function measureOurs(dir, editCount) {
  const { loadConfig } = await importDist('server/store/load-config.js', 'server/config/load-config.js');
  const { startServer } = await importDist('server/runtime/start-server.js', 'server/http/start-server.js');
  // A server of 10,000 documents or more makes text search's folded copies once it listens: the
  // watcher is measured after that (their memory and CPU are not the watcher's).
  let folded;
  const foldedLine = new Promise((resolve) => (folded = resolve));
  const info = (message) => (String(message).startsWith('text search:') ? folded() : undefined);
  const log = { info, warn: (message) => console.warn(`  server warning: ${message}`), error: (message) => console.warn(`  server error: ${message}`) };
  const server = await startServer(loadConfig(dir, { port: 0, host: HOST, watch: false }), log);
  await Promise.race([foldedLine, sleep(30_000)]);
  const { project } = server;
  const type = project.current.registry.byRouteName.get('articles');
  const titleOf = (documentId) => project.current.index.findEntry(type, documentId, 'published', null)?.data.title;
  const { picked, files } = pickArticles(dir, editCount);

  fullGc();
  await sleep(200);
  fullGc();
  const before = process.memoryUsage();
  const readyC0 = process.cpuUsage();
  const started = performance.now();
  await project.watch();
  const readyMs = performance.now() - started;
  const readyCpu = cpuMs(process.cpuUsage(readyC0));
  await sleep(500);
  fullGc();
  const after = process.memoryUsage();

  // CPU the idle process spends in SETTLE_MS anyway (timers, the uploads/schemas watcher).
  const idle = [];
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    await sleep(SETTLE_MS);
    idle.push(cpuMs(process.cpuUsage(c0)));
  }
  const idleCpu = median(idle);

  let batches = 0;
  project.onChange(() => batches++);
  const samples = [];
  for (const [i, article] of picked.entries()) {
    const data = JSON.parse(article.text);
    const title = `${data.title} (edit ${i})`;
    const edited = `${JSON.stringify({ ...data, title }, null, 2)}\n`;
    const indexed = nextChangeWhere(project, () => titleOf(article.documentId) === title, `the edit of ${article.file}`);
    batches = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fs.writeFileSync(article.file, edited);
    const seen = await indexed;
    const api = await getJson(`${server.url}/api/articles/${article.documentId}`);
    const t2 = performance.now();
    if (api.body?.data?.title !== title) throw new Error(`the API did not show the edit of ${article.documentId}: ${JSON.stringify(api.body).slice(0, 200)}`);
    // Events that come after the first batch (a second 'change' of the same write) count too.
    const c2 = process.cpuUsage();
    await sleep(SETTLE_MS);
    const late = cpuMs(process.cpuUsage(c2));
    // An edit drops the type's cached views and sort orders: the next list query pays for them.
    // Only the last few edits ask (its garbage would otherwise land in the next edits' CPU time).
    let listMs;
    if (i >= picked.length - LIST_PROBES) {
      const t3 = performance.now();
      const list = await getJson(`${server.url}${LIST_QUERY}`);
      listMs = performance.now() - t3;
      if (list.status !== 200) throw new Error(`${LIST_QUERY} answered ${list.status}`);
    }
    samples.push({
      indexMs: seen.at - t0,
      apiMs: t2 - t0,
      cpuMs: cpuBetween(c0, seen.cpu) + Math.max(0, late - idleCpu),
      batches,
      listMs,
    });
    // Put the file back and let the index follow before the next, isolated, edit.
    const restored = nextChangeWhere(project, () => titleOf(article.documentId) === data.title, `the restore of ${article.file}`);
    fs.writeFileSync(article.file, article.text);
    await restored;
    await sleep(20);
  }
  await server.close();
  return { files, readyMs, readyCpu, before, after, idleCpu, samples };
}

/** chokidar on the articles folder, in this process (started with --expose-gc). */
async function measureChokidar(dir, editCount) {
  const { watch } = await import('chokidar');
  const { picked, files } = pickArticles(dir, editCount);
  fullGc();
  const before = process.memoryUsage();
  const c0 = process.cpuUsage();
  const started = performance.now();
  const watcher = watch(path.join(dir, ARTICLES), { ignoreInitial: true, persistent: true });
  await new Promise((resolve) => watcher.once('ready', resolve));
  const readyMs = performance.now() - started;
  const readyCpu = cpuMs(process.cpuUsage(c0));
  await sleep(500);
  fullGc();
  const after = process.memoryUsage();
  const samples = [];
  for (const [i, article] of picked.entries()) {
    const changed = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`chokidar did not report ${article.file} within 30 s`)), 30_000);
      const on = (_event, file) => {
        if (path.resolve(file) !== path.resolve(article.file)) return;
        watcher.off('all', on);
        clearTimeout(timer);
        resolve({ at: performance.now(), cpu: process.cpuUsage() });
      };
      watcher.on('all', on);
    });
    const c1 = process.cpuUsage();
    const t0 = performance.now();
    fs.writeFileSync(article.file, article.text.replace('"title": "', `"title": "(edit ${i}) `));
    const seen = await changed;
    await sleep(500);
    samples.push({ eventMs: seen.at - t0, cpuToEventMs: cpuBetween(c1, seen.cpu), cpuMs: cpuMs(process.cpuUsage(c1)) });
    fs.writeFileSync(article.file, article.text);
    await sleep(1000);
  }
  await watcher.close();
  return { files, readyMs, readyCpu, before, after, samples };
}

/** Runs this script again in a child with --expose-gc for one measurement; resolves to its JSON. */
function runChild(mode, dir, edits) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', SELF, '--child', mode, '--dir', dir, '--edits', String(edits)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout.trim().split('\n').at(-1))) : reject(new Error(`${mode} child exited with ${code}`))));
  });
}

function memoryRows(label, result) {
  const per10k = (bytes) => (mb(bytes) * 10_000) / result.files;
  const heap = result.after.heapUsed - result.before.heapUsed;
  const rss = result.after.rss - result.before.rss;
  const external = result.after.external - result.before.external;
  return [
    [`${label}: heap added by watching`, fixed(mb(heap), 1), fixed(per10k(heap), 2), verdict(per10k(heap) < TARGETS.mbPer10k)],
    [`${label}: external added by watching`, fixed(mb(external), 1), fixed(per10k(external), 2), ''],
    [`${label}: RSS added by watching`, fixed(mb(rss), 1), fixed(per10k(rss), 2), verdict(per10k(rss) < TARGETS.mbPer10k)],
  ];
}

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: defaultProjectDir(100_000) },
      edits: { type: 'string', default: '55' },
      chokidar: { type: 'boolean', default: false },
      'chokidar-edits': { type: 'string', default: '3' },
      child: { type: 'string' },
    },
  });
  const dir = path.resolve(values.dir);
  if (!fs.existsSync(path.join(dir, ARTICLES))) throw new Error(`${dir} has no ${ARTICLES}/: run node bench/generate.mjs first`);
  const edits = positiveNumber('edits', values.edits);
  if (values.child === 'ours') return console.log(JSON.stringify(await measureOurs(dir, edits)));
  if (values.child === 'chokidar') return console.log(JSON.stringify(await measureChokidar(dir, edits)));

  console.log(`watching ${dir}`);
  console.log(machineNote());
  const ours = await runChild('ours', dir, edits);
  const { samples } = ours;
  // The figures of the watcher come from the edits before the list probes.
  const column = (key) =>
    samples.filter((sample) => (key === 'listMs' ? sample.listMs !== undefined : sample.listMs === undefined)).map((sample) => sample[key]);
  console.log(
    `${ours.files} files in ${ARTICLES}, ${column('indexMs').length} isolated edits, then ${column('listMs').length} more each followed by a list query (idle CPU per ${SETTLE_MS} ms window: ${fixed(ours.idleCpu, 2)} ms, subtracted)`,
  );
  console.log();
  printTable(
    ['our watcher (fs.watch per folder)', 'median', 'p95', 'max', 'target'],
    [
      ['ready (ms)', fixed(ours.readyMs, 1), '', '', `${verdict(ours.readyMs < TARGETS.readyMs)} < ${TARGETS.readyMs}`],
      ['CPU to get ready (ms)', fixed(ours.readyCpu, 1), '', '', ''],
      [
        'write → index updated (ms)',
        fixed(median(column('indexMs')), 1),
        fixed(percentile(column('indexMs'), 95), 1),
        fixed(Math.max(...column('indexMs')), 1),
        `${verdict(median(column('indexMs')) < TARGETS.medianMs)} < ${TARGETS.medianMs}`,
      ],
      [
        'write → GET shows it (ms)',
        fixed(median(column('apiMs')), 1),
        fixed(percentile(column('apiMs'), 95), 1),
        fixed(Math.max(...column('apiMs')), 1),
        `${verdict(median(column('apiMs')) < TARGETS.medianMs)} < ${TARGETS.medianMs}`,
      ],
      [
        'CPU per edit (ms)',
        fixed(median(column('cpuMs')), 2),
        fixed(percentile(column('cpuMs'), 95), 2),
        fixed(Math.max(...column('cpuMs')), 2),
        `${verdict(median(column('cpuMs')) < TARGETS.cpuMs)} < ${TARGETS.cpuMs}`,
      ],
      [
        `first list query after an edit (ms, ${LIST_PROBES} edits)`,
        fixed(median(column('listMs')), 1),
        fixed(percentile(column('listMs'), 95), 1),
        fixed(Math.max(...column('listMs')), 1),
        '',
      ],
      [
        'change batches per edit',
        fixed(median(column('batches')), 0),
        fixed(percentile(column('batches'), 95), 0),
        fixed(Math.max(...column('batches')), 0),
        '',
      ],
    ],
  );
  console.log();
  const memory = memoryRows('ours', ours);

  if (values.chokidar) {
    const chokidarEdits = positiveNumber('chokidar-edits', values['chokidar-edits']);
    console.log(`chokidar on the same folder (${chokidarEdits} edit${chokidarEdits === 1 ? '' : 's'}) …`);
    const other = await runChild('chokidar', dir, chokidarEdits);
    const col = (key) => other.samples.map((sample) => sample[key]);
    printTable(
      ['chokidar (same folder)', 'median', 'max'],
      [
        ['ready (ms)', fixed(other.readyMs, 0), ''],
        ['CPU to get ready (ms)', fixed(other.readyCpu, 0), ''],
        ['write → change event (ms)', fixed(median(col('eventMs')), 1), fixed(Math.max(...col('eventMs')), 1)],
        ['CPU write → event (ms)', fixed(median(col('cpuToEventMs')), 1), fixed(Math.max(...col('cpuToEventMs')), 1)],
        ['CPU per edit incl. 500 ms after (ms)', fixed(median(col('cpuMs')), 1), fixed(Math.max(...col('cpuMs')), 1)],
      ],
    );
    console.log();
    memory.push(...memoryRows('chokidar', other));
  }
  printTable(['memory', 'MB', `MB / 10k files`, `< ${TARGETS.mbPer10k}`], memory);
}

await main();
