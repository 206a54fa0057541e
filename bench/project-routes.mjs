#!/usr/bin/env node
// What a project's code costs, side by side in one run, on copies of the sample site:
// - start-up (spawn until /_health answers 204, median of --runs) of the sample without src/ (no
//   loader is loaded), of the same with a route file and a route middleware, and, with
//   `--base <dist>`, of the sample without src/ on another build (the build before project/ existed);
// - throughput (autocannon) of `GET /api/articles?populate[author]=true&populate[categories]=true&populate[cover]=true`
//   on the core route, beside `GET /api/articles` on a project route whose middleware sets the same
//   `ctx.query.populate` (LaunchPad's pattern). Target: the middleware costs under 10 %.
//
//   npm run build && node bench/project-routes.mjs [--runs 5] [--rounds 6] [--duration 10] [--base bench/data/base-dist]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, importDist } from './lib/dist-path.mjs';
import { loadTest, timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { fixed, median, printTable, verdict } from './lib/stats.mjs';

const POPULATE = 'populate[author]=true&populate[categories]=true&populate[cover]=true';
const ROUTE_FILE = `import { factories } from '@strapi/strapi';
export default factories.createCoreRouter('api::article.article', {
  config: { find: { middlewares: ['api::article.article-populate'] } },
});
`;
const MIDDLEWARE_FILE = `export default (config, { strapi }) => async (ctx, next) => {
  ctx.query.populate = { author: true, categories: true, cover: true };
  await next();
};
`;

function copySample(withCode) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-code-'));
  for (const entry of ['content', 'schemas', 'uploads', 'cms.config.json']) fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  if (withCode) {
    fs.mkdirSync(path.join(dir, 'src/api/article/routes'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'src/api/article/middlewares'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src/api/article/routes/article.ts'), ROUTE_FILE);
    fs.writeFileSync(path.join(dir, 'src/api/article/middlewares/article-populate.ts'), MIDDLEWARE_FILE);
  }
  return dir;
}

/** Start-up with another build: the same spawn, with CMS_DIST pointing at it. */
async function startWith(dist, dir) {
  if (dist === undefined) return startServerProcess(dir);
  const previous = process.env['CMS_DIST'];
  process.env['CMS_DIST'] = dist;
  try {
    const { startServerProcess: start } = await import(`./lib/server-process.mjs?dist=${encodeURIComponent(dist)}`);
    return await start(dir);
  } finally {
    if (previous === undefined) delete process.env['CMS_DIST'];
    else process.env['CMS_DIST'] = previous;
  }
}

/**
 * CPU time per request, server and client in this process, both servers side by side, alternating
 * rounds of 300 sequential requests: on a loaded machine CPU time varies far less than throughput.
 */
async function measureCpu(plain, coded, rounds) {
  const { startServer } = await importDist('server/runtime/start-server.js');
  const { loadConfig } = await importDist('server/store/load-config.js');
  const log = { info() {}, warn() {}, error() {} };
  const core = await startServer(loadConfig(plain, { port: 0, host: '127.0.0.1', watch: false }), log);
  const project = await startServer(loadConfig(coded, { port: 0, host: '127.0.0.1', watch: false }), log);
  const cpuPerRequest = async (url, n) => {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await (await fetch(url)).text();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / n;
  };
  try {
    const coreMs = [];
    const projectMs = [];
    for (let round = 0; round < rounds + 2; round++) {
      const a = await cpuPerRequest(`${core.url}/api/articles?${POPULATE}`, 300);
      const b = await cpuPerRequest(`${project.url}/api/articles`, 300);
      // The first two rounds warm up the JIT and the caches.
      if (round >= 2) {
        coreMs.push(a);
        projectMs.push(b);
      }
    }
    const cost = 100 * (median(projectMs) / median(coreMs) - 1);
    console.log(`\nCPU time per request (client and server in one process), median of ${rounds} alternating rounds of 300`);
    printTable(
      ['case', 'CPU ms/request', 'each round'],
      [
        ['core route, populate in the query', fixed(median(coreMs), 3), coreMs.map((v) => fixed(v, 2)).join(' ')],
        ['project route, middleware sets populate', fixed(median(projectMs), 3), projectMs.map((v) => fixed(v, 2)).join(' ')],
      ],
    );
    console.log(`the middleware route costs ${fixed(cost, 1)} % more CPU per request: target < 10 %: ${verdict(cost < 10)}`);
  } finally {
    await core.close();
    await project.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      rounds: { type: 'string', default: '6' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      base: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const rounds = Number(values.rounds);
  const options = { duration: Number(values.duration), warmup: Number(values.warmup), connections: 10 };
  console.log(machineNote());
  const plain = copySample(false);
  const coded = copySample(true);
  try {
    const cases = [
      ['sample, no src/', undefined, plain],
      ['sample + route file + route middleware', undefined, coded],
      ...(values.base ? [[`sample, no src/, build ${values.base}`, path.resolve(values.base), plain]] : []),
    ];
    const times = cases.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [i, [, dist, dir]] of cases.entries()) {
        const server = await startWith(dist, dir);
        times[i].push(server.readyMs);
        await server.stop();
      }
    }
    console.log(`\nstart-up, spawn to /_health 204, median of ${runs} (alternating)`);
    printTable(
      ['case', 'median ms', 'min ms'],
      cases.map(([name], i) => [name, fixed(median(times[i]), 0), fixed(Math.min(...times[i]), 0)]),
    );

    await measureCpu(plain, coded, rounds);

    const core = await startServerProcess(plain);
    const project = await startServerProcess(coded);
    try {
      const coreUrl = `${core.url}/api/articles?${POPULATE}`;
      const projectUrl = `${project.url}/api/articles`;
      const [a, b] = [await timedGet(coreUrl), await timedGet(projectUrl)];
      if (a.body !== b.body) throw new Error('the two routes do not answer the same bytes');
      // Alternating rounds (ABBA…), medians: on a shared machine the load changes during the run.
      const coreRuns = [];
      const projectRuns = [];
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? ['core', 'project'] : ['project', 'core'];
        for (const which of order) {
          if (which === 'core') coreRuns.push(await loadTest(coreUrl, options));
          else projectRuns.push(await loadTest(projectUrl, options));
        }
      }
      const coreRps = median(coreRuns.map((r) => r.rps));
      const projectRps = median(projectRuns.map((r) => r.rps));
      console.log(
        `\nthroughput, autocannon 10 connections, ${options.warmup} s warm-up + ${options.duration} s, median of ${rounds} alternating rounds (same ${fixed(a.body.length / 1024, 1)} KiB answer)`,
      );
      printTable(
        ['case', 'req/s (median)', 'p50 ms', 'p99 ms', 'each round'],
        [
          [
            'core route, populate in the query',
            fixed(coreRps, 0),
            fixed(median(coreRuns.map((r) => r.p50)), 1),
            fixed(median(coreRuns.map((r) => r.p99)), 1),
            coreRuns.map((r) => fixed(r.rps, 0)).join(' '),
          ],
          [
            'project route, middleware sets populate',
            fixed(projectRps, 0),
            fixed(median(projectRuns.map((r) => r.p50)), 1),
            fixed(median(projectRuns.map((r) => r.p99)), 1),
            projectRuns.map((r) => fixed(r.rps, 0)).join(' '),
          ],
        ],
      );
      const cost = 100 * (1 - projectRps / coreRps);
      console.log(`the middleware route costs ${fixed(cost, 1)} % of the core route's throughput: target < 10 %: ${verdict(cost < 10)}`);
    } finally {
      await core.stop();
      await project.stop();
    }
  } finally {
    fs.rmSync(plain, { recursive: true, force: true });
    fs.rmSync(coded, { recursive: true, force: true });
  }
  console.log(`after the run: ${machineNote()}`);
}

await main();
