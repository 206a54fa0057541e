#!/usr/bin/env node
// Cold start on a generated project, side by side in one run, with a warm file cache:
//   (a) baseline: a bare readdir + readFileSync + JSON.parse loop over every content file
//   (b) `cms serve --no-watch`, from spawn until GET /_health answers 204
//   (c) `cms serve` (watching), the same
// then the heap held after load, per 10,000 documents (server in a child with --expose-gc).
//
//   npm run build && node bench/generate.mjs --count 100000
//   node bench/cold-start.mjs [--dir <tmpdir>/cms-bench/articles-100000] [--runs 3] [--base <another build>]
// --base: (b) again with another build (e.g. bench/data/dist-base), alternating with this one in each run.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { defaultProjectDir } from './generate.mjs';
import { BASELINE_SOURCE, runChild } from './lib/baseline-loop.mjs';
import { distFile, importDist } from './lib/dist-path.mjs';
import { HOST, startServerProcess } from './lib/server-process.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { processCpuMs } from './lib/process-cpu.mjs';
import { fixed, mb, median, positiveNumber, printTable, verdict } from './lib/stats.mjs';

const SELF = fileURLToPath(import.meta.url);
const TARGET_RATIO = 1.5;
const TARGET_MB_PER_10K = 60;

/** In the --heap-child process: load the project in-process, measure the heap after a full GC. */
async function heapChild(dir, watch) {
  const { loadConfig } = await importDist('server/store/load-config.js', 'server/config/load-config.js');
  const { startServer } = await importDist('server/runtime/start-server.js', 'server/http/start-server.js');
  // The worker that decodes files too (builds before it: the one that reads them).
  const { startPrefetch } = fs.existsSync(distFile('server/runtime/start-version-prefetch.js'))
    ? { startPrefetch: (await importDist('server/runtime/start-version-prefetch.js')).startVersionPrefetch }
    : { startPrefetch: (await importDist('server/store/content-prefetch.js')).ContentPrefetch.start };
  let warnings = 0;
  const log = { info() {}, warn: () => warnings++, error: () => warnings++ };
  globalThis.gc();
  const before = process.memoryUsage();
  const started = performance.now();
  // As `cms serve` does: a worker reads and decodes files while this thread does the same and indexes.
  const prefetch = startPrefetch(dir);
  const server = await startServer(loadConfig(dir, { port: 0, host: HOST, watch }), log, prefetch);
  prefetch.close();
  const loadMs = performance.now() - started;
  globalThis.gc();
  globalThis.gc();
  const after = process.memoryUsage();
  const documents = server.project.current.index.documentCount();
  await server.close();
  console.log(JSON.stringify({ before, after, documents, loadMs, warnings }));
}

async function main() {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', default: defaultProjectDir(100_000) },
      runs: { type: 'string', default: '3' },
      'heap-child': { type: 'boolean', default: false },
      watch: { type: 'boolean', default: false },
      base: { type: 'string' },
    },
  });
  const dir = path.resolve(values.dir);
  if (!fs.existsSync(path.join(dir, 'content'))) throw new Error(`${dir} has no content/: run node bench/generate.mjs first`);
  if (values['heap-child']) return heapChild(dir, values.watch);
  const runs = positiveNumber('runs', values.runs);

  console.log(`cold start on ${dir}, ${runs} runs each, median shown`);
  console.log(machineNote());
  // Warm the file cache once so that every contender reads from memory.
  const warm = await runChild(['-e', BASELINE_SOURCE, dir]);
  console.log(`${warm.result.files} content files; cache warmed`);

  const samples = {
    ...{ baselineWall: [], baselineLoop: [], baselineCpu: [], serve: [], serveWatch: [], serveLog: [], serveWatchLog: [] },
    ...{ serveCpu: [], serveWatchCpu: [], baseServe: [], baseServeLog: [], baseServeCpu: [] },
  };
  const baseMain = values.base === undefined ? undefined : path.resolve(values.base, 'cli/main.js');
  for (let run = 0; run < runs; run++) {
    const baseline = await runChild(['-e', BASELINE_SOURCE, dir]);
    samples.baselineWall.push(baseline.wallMs);
    samples.baselineLoop.push(baseline.result.loopMs);
    samples.baselineCpu.push(baseline.result.cpuMs);
    const thisBuild = async () => {
      for (const watch of [false, true]) {
        // A cold start: no index cache from an earlier run (bench/index-cache.mjs measures warm starts).
        dropIndexCache(dir);
        const server = await startServerProcess(dir, { watch });
        const logged = /ready in (\d+) ms/.exec(server.output());
        (watch ? samples.serveWatchCpu : samples.serveCpu).push(processCpuMs(server.pid));
        await server.stop();
        (watch ? samples.serveWatch : samples.serve).push(server.readyMs);
        (watch ? samples.serveWatchLog : samples.serveLog).push(logged ? Number(logged[1]) : NaN);
      }
    };
    const baseBuild = async () => {
      if (baseMain === undefined) return;
      dropIndexCache(dir);
      const server = await startServerProcess(dir, { main: baseMain });
      const logged = /ready in (\d+) ms/.exec(server.output());
      samples.baseServeCpu.push(processCpuMs(server.pid));
      await server.stop();
      samples.baseServe.push(server.readyMs);
      samples.baseServeLog.push(logged ? Number(logged[1]) : NaN);
    };
    // With --base, the two builds take turns going first: on a shared machine the load drifts.
    if (run % 2 === 0) {
      await thisBuild();
      await baseBuild();
    } else {
      await baseBuild();
      await thisBuild();
    }
  }

  const baseline = median(samples.baselineWall);
  const rows = [
    ['(a) baseline loop (spawn → exit)', fixed(baseline, 0), fixed(median(samples.baselineLoop), 0), fixed(median(samples.baselineCpu), 0), '1.00', ''],
    [
      '(b) cms serve --no-watch (spawn → 204)',
      fixed(median(samples.serve), 0),
      fixed(median(samples.serveLog), 0),
      fixed(median(samples.serveCpu), 0),
      fixed(median(samples.serve) / baseline, 2),
      verdict(median(samples.serve) / baseline <= TARGET_RATIO),
    ],
    [
      '(c) cms serve, watching (spawn → 204)',
      fixed(median(samples.serveWatch), 0),
      fixed(median(samples.serveWatchLog), 0),
      fixed(median(samples.serveWatchCpu), 0),
      fixed(median(samples.serveWatch) / baseline, 2),
      verdict(median(samples.serveWatch) / baseline <= TARGET_RATIO),
    ],
  ];
  if (baseMain !== undefined) {
    rows.push([
      `(b) with build ${values.base}`,
      fixed(median(samples.baseServe), 0),
      fixed(median(samples.baseServeLog), 0),
      fixed(median(samples.baseServeCpu), 0),
      fixed(median(samples.baseServe) / baseline, 2),
      verdict(median(samples.baseServe) / baseline <= TARGET_RATIO),
    ]);
  }
  console.log();
  printTable(['contender', 'wall ms', 'inner ms', 'CPU ms', 'ratio', `≤ ${TARGET_RATIO}x`], rows);
  console.log('inner ms: the loop alone for (a); the server\'s own "ready in" log line for (b)/(c)');
  console.log('CPU ms: user + system of the whole process (every thread) at exit (a) or at ready (b)/(c): what a loaded machine distorts least');
  console.log(`all samples (ms): ${JSON.stringify(Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.map((x) => Math.round(x))])))}`);

  console.log();
  const heap = await runChild(['--expose-gc', SELF, '--heap-child', '--dir', dir]);
  const heapWatch = await runChild(['--expose-gc', SELF, '--heap-child', '--watch', '--dir', dir]);
  const parsed = await runChild(['--expose-gc', '-e', BASELINE_SOURCE, dir, 'keep']);
  const per10k = (bytes, documents) => (mb(bytes) * 10_000) / documents;
  const { documents } = heap.result;
  const heapRows = [
    [
      'server --no-watch: heap after load',
      fixed(mb(heap.result.after.heapUsed), 0),
      fixed(per10k(heap.result.after.heapUsed, documents), 1),
      fixed(mb(heap.result.after.rss), 0),
      verdict(per10k(heap.result.after.heapUsed, documents) < TARGET_MB_PER_10K),
    ],
    [
      'server --no-watch: heap added by load',
      fixed(mb(heap.result.after.heapUsed - heap.result.before.heapUsed), 0),
      fixed(per10k(heap.result.after.heapUsed - heap.result.before.heapUsed, documents), 1),
      '',
      '',
    ],
    [
      'server watching: heap after load',
      fixed(mb(heapWatch.result.after.heapUsed), 0),
      fixed(per10k(heapWatch.result.after.heapUsed, documents), 1),
      fixed(mb(heapWatch.result.after.rss), 0),
      verdict(per10k(heapWatch.result.after.heapUsed, documents) < TARGET_MB_PER_10K),
    ],
    [
      'baseline: every parsed file kept',
      fixed(mb(parsed.result.heapUsed), 0),
      fixed(per10k(parsed.result.heapUsed, parsed.result.files), 1),
      fixed(mb(parsed.result.rss), 0),
      '',
    ],
  ];
  console.log(`heap after load (full GC), ${documents} documents indexed, ${heap.result.warnings} warnings`);
  console.log(
    `load times in these runs: startServer in-process ${fixed(heap.result.loadMs, 0)} ms (watching: ${fixed(heapWatch.result.loadMs, 0)} ms); ` +
      `baseline loop keeping every parsed file ${fixed(parsed.result.loopMs, 0)} ms (the GC cost of holding the data)`,
  );
  printTable(['measure', 'heap MB', 'MB / 10k docs', 'rss MB', `< ${TARGET_MB_PER_10K}`], heapRows);
}

await main();

function dropIndexCache(dir) {
  fs.rmSync(path.join(dir, '.cms', 'index-cache.bin'), { force: true });
}
