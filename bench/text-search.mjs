#!/usr/bin/env node
// `$containsi` over the body text of generated articles (a substring of the body's JSON text, ASCII
// letters folded: see bench/lib/text-match.mjs), three ways, each in a child process of its own:
//   (a) scan: worker threads read, parse and test every file per query (the OS page cache holds them)
//   (b) MiniSearch: a word index gives candidates, each then tested against its file (exactness)
//   (c) arena: the folded texts in one Buffer outside the heap, searched with Buffer.indexOf
// Each reports build time, heap, RSS and memory outside the heap after a full GC, and the wall
// time and CPU time (all threads) of each query; the matching documents of every query are compared across the three (a fingerprint
// of the documentId set), so that a faster way never wins by being less exact.
//
//   node bench/text-search.mjs [--counts 100000,1000000] [--workers 2] [--methods arena,scan,index] [--heap-mb 8192]
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureGeneratedProject } from './lib/generated-project.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { buildArena } from './lib/offheap-arena.mjs';
import { createScanPool } from './lib/scan-workers.mjs';
import { fixed, mb, positiveNumber, printTable } from './lib/stats.mjs';
import { fingerprint, listArticles } from './lib/text-match.mjs';
import { buildWordIndex } from './lib/word-index.mjs';

const SELF = fileURLToPath(import.meta.url);
const NEEDLES = [
  ['two words, mixed case', 'Garden Kitchen'],
  ['across a word boundary', 'river mou'],
  ['inside a word', 'ountai'],
  ['JSON text', '"text":"Music'],
  ['no match', 'zebra-crossing'],
];
const METHODS = {
  arena: '(c) off-heap arena, Buffer.indexOf',
  scan: '(a) scan, worker threads over the files',
  index: '(b) MiniSearch word index + verification',
};

/** In the child: build one method over `dir`, then run every needle; prints one JSON line. */
async function child(method, dir, workers) {
  const articles = listArticles(dir);
  globalThis.gc();
  const started = performance.now();
  let search;
  let close = async () => undefined;
  let note = '';
  if (method === 'arena') {
    const arena = buildArena(articles);
    search = async (needle) => ({ ids: arena.search(needle) });
    note = `${fixed(mb(arena.bytes), 0)} MB arena`;
  } else if (method === 'scan') {
    const pool = createScanPool(articles, workers);
    search = async (needle) => ({ ids: await pool.search(needle) });
    close = pool.close;
    note = `${workers} workers`;
  } else {
    const index = buildWordIndex(articles);
    search = async (needle) => index.search(needle);
    note = `${index.vocabulary} words`;
  }
  const buildMs = performance.now() - started;
  globalThis.gc();
  const memory = process.memoryUsage();
  const queries = [];
  for (const [, needle] of NEEDLES) {
    const at = performance.now();
    const cpu = process.cpuUsage();
    const result = await search(needle);
    const used = process.cpuUsage(cpu);
    queries.push({
      ms: performance.now() - at,
      cpuMs: (used.user + used.system) / 1000,
      matches: result.ids.length,
      fingerprint: fingerprint(result.ids),
      candidates: result.candidates,
    });
  }
  await close();
  console.log(JSON.stringify({ buildMs, note, memory, queries, documents: articles.length }));
}

/** Runs one method in a child; resolves to its figures, or to `{ failed }` when it died (out of memory …). */
function runMethod(method, dir, options) {
  const args = ['--expose-gc', `--max-old-space-size=${options.heapMb}`, SELF, '--child', method, '--dir', dir, '--workers', String(options.workers)];
  return new Promise((resolve) => {
    const process_ = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    process_.stdout.on('data', (chunk) => (out += chunk));
    process_.stderr.on('data', (chunk) => (out += chunk));
    process_.on('exit', (code, signal) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last));
      else resolve({ failed: `exit ${code} ${signal ?? ''}: ${out.trim().split('\n').slice(-2).join(' | ').slice(0, 300)}` });
    });
  });
}

function report(count, results) {
  const reference = results.find((r) => !r.failed);
  const rows = results.map((r) => {
    if (r.failed) return [METHODS[r.method], 'died', '', '', '', ...NEEDLES.map(() => ''), r.failed];
    const same = r.queries.every((q, i) => q.fingerprint === reference.queries[i].fingerprint);
    return [
      METHODS[r.method],
      fixed(r.buildMs / 1000, 1),
      fixed(mb(r.memory.heapUsed), 0),
      fixed(mb(r.memory.rss), 0),
      fixed(mb(r.memory.arrayBuffers), 0),
      ...r.queries.map((q) => `${fixed(q.ms, 0)} / ${fixed(q.cpuMs, 0)}${q.candidates === undefined ? '' : ` (${q.candidates} cand.)`}`),
      `${same ? 'same documents' : 'DIFFERENT documents'}; ${r.note}`,
    ];
  });
  console.log();
  console.log(
    `${count} articles; per query: wall ms / CPU ms of all threads (matches: ${reference ? reference.queries.map((q) => q.matches).join(' / ') : '?'})`,
  );
  printTable(['method', 'build s', 'heap MB', 'RSS MB', 'buffers MB', ...NEEDLES.map(([name]) => name), 'check'], rows);
}

async function main() {
  const { values } = parseArgs({
    options: {
      counts: { type: 'string', default: '100000,1000000' },
      dir: { type: 'string' },
      child: { type: 'string' },
      workers: { type: 'string', default: '2' },
      methods: { type: 'string', default: 'arena,scan,index' },
      'heap-mb': { type: 'string', default: '8192' },
    },
  });
  const workers = positiveNumber('workers', values.workers);
  if (values.child) return child(values.child, values.dir, workers);
  const options = { workers, heapMb: positiveNumber('heap-mb', values['heap-mb']) };
  const methods = values.methods.split(',');
  for (const method of methods) if (!(method in METHODS)) throw new Error(`--methods: expected some of ${Object.keys(METHODS).join(',')}, got ${method}`);
  console.log(machineNote());
  console.log(`needles: ${NEEDLES.map(([name, needle]) => `${name} ${JSON.stringify(needle)}`).join('; ')}`);
  for (const count of values.counts.split(',').map((c) => positiveNumber('counts', c))) {
    const { dir } = ensureGeneratedProject(count);
    const results = [];
    for (const method of methods) results.push({ method, ...(await runMethod(method, dir, options)) });
    report(count, results);
    console.log(`after ${count}: ${machineNote()}`);
  }
}

await main();
