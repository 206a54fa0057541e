#!/usr/bin/env node
// Start time and heap with and without the index cache (.cms/index-cache.bin), side by side:
//   (a) optionally a baseline build (--baseline <dist folder>), a cold start
//   (b) `cms serve --no-cache --no-watch`: every file read (cold)
//   (c) `cms serve --no-watch` with no cache yet: reads every file, writes the cache on stop
//   (d) `cms serve --no-watch` again: warm, from the cache
// Each: spawn until GET /_health answers 204, and the heap per 10,000 documents the server prints.
//
//   npm run build && node bench/generate.mjs --count 100000
//   node bench/index-cache.mjs [--dir <tmpdir>/cms-bench/articles-100000] [--runs 3] [--baseline <dist>]
//   node bench/index-cache.mjs --dir <project with a cache> --warm-only   # (d) alone, from the cache there (e.g. at 1,000,000)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultProjectDir } from './generate.mjs';
import { distFile } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { processCpuMs } from './lib/process-cpu.mjs';
import { fixed, median, printTable } from './lib/stats.mjs';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, runs: { type: 'string', default: '3' }, baseline: { type: 'string' }, 'warm-only': { type: 'boolean', default: false } },
});
const dir = path.resolve(values.dir ?? defaultProjectDir(100_000));
const runs = Number(values.runs);
const cacheFile = path.join(dir, '.cms', 'index-cache.bin');

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function health(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/_health' }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', () => resolve(0));
  });
}

/** Starts `cms serve` from a build, waits for /_health, stops it (SIGTERM) and waits for its exit. */
async function start(main, extra) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [main, 'serve', '--dir', dir, '--port', String(port), '--host', '127.0.0.1', '--no-watch', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  while ((await health(port)) !== 204) {
    if (child.exitCode !== null) throw new Error(`cms serve exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  const cpuMs = processCpuMs(child.pid);
  // Give the line with the heap a moment to arrive, then stop cleanly (the cache is written on stop).
  while (!/MB per 10,000/.test(output) && child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 5));
  child.kill('SIGTERM');
  await exited;
  const perTenThousand = Number(/([\d.]+) MB per 10,000/.exec(output)?.[1] ?? NaN);
  return { readyMs, cpuMs, perTenThousand };
}

const main = distFile('cli/main.js');
const rows = { baseline: [], noCache: [], firstCached: [], warm: [] };
const warmOnly = values['warm-only'];
if (warmOnly && !fs.existsSync(cacheFile)) throw new Error(`${cacheFile} is missing: start \`cms serve\` there once and stop it when the cache is written`);
for (let run = 0; run < runs && warmOnly; run++) rows.warm.push(await start(main, []));
for (let run = 0; run < runs && !warmOnly; run++) {
  fs.rmSync(cacheFile, { force: true });
  if (values.baseline) rows.baseline.push(await start(path.join(path.resolve(values.baseline), 'cli/main.js'), []));
  rows.noCache.push(await start(main, ['--no-cache']));
  rows.firstCached.push(await start(main, []));
  if (!fs.existsSync(cacheFile)) throw new Error('no index cache was written');
  rows.warm.push(await start(main, []));
}
const cacheMb = fs.statSync(cacheFile).size / 1e6;
const line = (name, list) => [
  name,
  `${fixed(median(list.map((r) => r.readyMs)) / 1000, 2)} s`,
  `${fixed(median(list.map((r) => r.cpuMs)) / 1000, 2)} s`,
  `${fixed(median(list.map((r) => r.perTenThousand)), 1)} MB`,
];
const table = [];
if (values.baseline) table.push(line('baseline build, cold', rows.baseline));
if (!warmOnly) table.push(line('--no-cache (cold)', rows.noCache), line('no cache yet (cold, writes it)', rows.firstCached));
table.push(line('warm, from the cache', rows.warm));
console.log(`${dir}: median of ${runs} run(s); cache file ${fixed(cacheMb, 0)} MB. ${machineNote()}`);
printTable(['start', 'to /_health 204', 'CPU at ready', 'heap per 10,000 documents'], table);
console.log('CPU at ready: user + system of the server process (every thread), from /proc: what a loaded machine distorts least');
