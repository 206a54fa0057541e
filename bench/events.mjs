#!/usr/bin/env node
// Change events under load, on copies of the generated 10,000-article project (`cms serve` in child
// processes; the webhook receivers and the SSE reader in a child of their own,
// bench/lib/event-listeners.mjs, idle but for what they are sent):
//   (1) list and get throughput (autocannon) while an API writer changes one article 5 times a
//       second on each server (--writes; 0: no writes, so no events at all). Two servers run side
//       by side: one with no webhook configured and no stream reader connected, one with 3 webhooks
//       and 1 SSE reader; they are measured in alternating one-second turns, so load from elsewhere
//       on the machine falls on both alike, and the spread of the turns' ratios shows the noise
//       (target: within 5 %);
//       First, writes only: the CPU time each write costs each server, events included.
//   (2) a `git pull`-sized change: every one of the 10,000 article files rewritten on disk, and
//       the time until the webhook has received every event it causes and the SSE reader has
//       seen them (target: 30 s).
//
//   npm run build && node bench/generate.mjs --count 10000
//   node bench/events.mjs [--duration 10 (turns)] [--warmup 2] [--connections 10] [--rounds 1] [--writes 5] [--skip-pull]
//        [--tmpdir DIR]    (where the project copies go: /dev/shm keeps a busy disk's fsyncs out of the figures)
//        [--base DIST]     (the server with listeners runs that build, e.g. an older dist/: what the events cost before)
//        [--profile DIR]   (each server writes a V8 CPU profile to DIR/<case>-<round>; read with bench/profile-summary.mjs)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultProjectDir } from './generate.mjs';
import { loadTest, timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { fixed, median, percentile, printTable, positiveNumber, verdict } from './lib/stats.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    writes: { type: 'string', default: '5' },
    'skip-pull': { type: 'boolean', default: false },
    profile: { type: 'string' },
    tmpdir: { type: 'string', default: os.tmpdir() },
    base: { type: 'string' },
  },
});
const load = {
  duration: positiveNumber('duration', values.duration),
  warmup: Number(values.warmup),
  connections: positiveNumber('connections', values.connections),
};
const rounds = positiveNumber('rounds', values.rounds);
const writesPerSecond = Number(values.writes);
if (!(writesPerSecond >= 0)) throw new Error(`--writes: expected a number ≥ 0, got ${values.writes}`);
const source = defaultProjectDir(10_000);
if (!fs.existsSync(path.join(source, 'content'))) throw new Error(`${source} is missing: run node bench/generate.mjs --count 10000`);

/** The listeners' process: its receivers' urls, and calls that answer with its counts. */
async function startListeners() {
  const child = fork(fileURLToPath(new URL('./lib/event-listeners.mjs', import.meta.url)), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = () => new Promise((resolve) => child.once('message', resolve));
  const { urls } = await next();
  const ask = async (message) => {
    const answer = next();
    child.send({ ...message, report: true });
    return (await answer).counts;
  };
  return {
    urls,
    connect: (url) => ask({ connect: url }),
    counts: () => ask({}),
    disconnect: () => ask({ disconnect: true }),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.send({ stop: true }))),
  };
}

function copyProject(webhookUrls) {
  const dir = fs.mkdtempSync(path.join(values.tmpdir, 'cms-bench-events-'));
  fs.cpSync(source, dir, { recursive: true });
  const configFile = path.join(dir, 'cms.config.json');
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
  config.permissions.public = [...new Set([...config.permissions.public, 'api::article.article.update'])];
  config.webhooks = { queueLimit: 25_000, endpoints: webhookUrls.map((url, n) => ({ name: `hook-${n + 1}`, url })) };
  fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

/** PUTs one article `perSecond` times a second until stopped. */
function startWriter(url, documentId, perSecond) {
  let n = 0;
  if (perSecond === 0) return { writes: () => 0, stop: () => undefined };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const timer = setInterval(() => {
    const body = JSON.stringify({ data: { views: ++n } });
    const headers = { 'content-type': 'application/json' };
    const request = http.request(`${url}/api/articles/${documentId}`, { method: 'PUT', headers, agent }, (res) => res.resume());
    request.on('error', () => undefined);
    request.end(body);
  }, 1000 / perSecond);
  return {
    writes: () => n,
    stop: () => (clearInterval(timer), agent.destroy()),
  };
}

function serverOptions(name, round, watch) {
  // --base: the server with listeners runs another build (its dist folder), to compare builds.
  const main = name === 'listening' && values.base !== undefined ? { main: path.resolve(values.base, 'cli', 'main.js') } : {};
  if (values.profile === undefined) return { watch, ...main };
  return { watch, ...main, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile, `${name}-${round}`)}`] };
}

/** CPU time (user + system) a process has used so far, in ms; NaN where /proc is missing. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** One case's server: its project copy, the process, and the API writer changing one article. */
async function startCase(listeners, withListeners, round) {
  const dir = copyProject(withListeners ? listeners.urls : []);
  const server = await startServerProcess(dir, serverOptions(withListeners ? 'listening' : 'none', round, false));
  if (withListeners) await listeners.connect(server.url);
  const first = JSON.parse((await timedGet(`${server.url}/api/articles?pagination[pageSize]=2`)).body).data;
  const writer = startWriter(server.url, first[1].documentId, writesPerSecond);
  const routes = { list: `${server.url}/api/articles?sort=title:asc&pagination[pageSize]=25`, get: `${server.url}/api/articles/${first[0].documentId}` };
  return {
    routes,
    writer,
    cpuMs: () => cpuMs(server.pid),
    async stop() {
      writer.stop();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Both servers run side by side for the whole round (so they share the machine alike), and are
 * measured in turns of one second (A B, B A, A B, ...): a burst of load from elsewhere on the
 * machine falls on both cases, not on one of them.
 */
async function throughput(listeners, round) {
  const none = await startCase(listeners, false, round);
  const listening = await startCase(listeners, true, round);
  const out = { none: {}, listening: {}, sliceRatios: {} };
  try {
    // Writes only, no reads: what each write costs the server in CPU time, events included.
    const before = { none: [none.cpuMs(), none.writer.writes()], listening: [listening.cpuMs(), listening.writer.writes()] };
    await new Promise((resolve) => setTimeout(resolve, 1000 * load.duration));
    for (const [name, server] of [
      ['none', none],
      ['listening', listening],
    ]) {
      out[name].cpuPerWrite = (server.cpuMs() - before[name][0]) / (server.writer.writes() - before[name][1]);
    }
    for (const route of ['list', 'get']) {
      const cases = { none, listening };
      const totals = { none: 0, listening: 0 };
      const cpu = { none: 0, listening: 0 };
      const p99s = { none: [], listening: [] };
      const sliceRatios = [];
      if (load.warmup > 0) for (const name of ['none', 'listening']) await loadTest(cases[name].routes[route], { ...load, warmup: 0, duration: load.warmup });
      for (let slice = 0; slice < load.duration; slice++) {
        const order = slice % 2 === 0 ? ['none', 'listening'] : ['listening', 'none'];
        const requests = {};
        for (const name of order) {
          const cpuBefore = cases[name].cpuMs();
          const result = await loadTest(cases[name].routes[route], { ...load, warmup: 0, duration: 1 });
          cpu[name] += cases[name].cpuMs() - cpuBefore;
          requests[name] = result.requests;
          totals[name] += result.requests;
          p99s[name].push(result.p99);
        }
        // A turn in which either server answered nothing (starved of CPU by the rest of the machine) gives no ratio.
        sliceRatios.push(requests.none > 0 && requests.listening > 0 ? requests.listening / requests.none : NaN);
      }
      for (const name of ['none', 'listening'])
        out[name][route] = { rps: totals[name] / load.duration, p99: median(p99s[name]), cpuUs: (1000 * cpu[name]) / totals[name] };
      out.sliceRatios[route] = sliceRatios;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    out.none.writes = none.writer.writes();
    out.listening.writes = listening.writer.writes();
    Object.assign(out.listening, await listeners.disconnect());
    return out;
  } finally {
    await none.stop();
    await listening.stop();
  }
}

async function pull(listeners) {
  const dir = copyProject(listeners.urls.slice(0, 1));
  const server = await startServerProcess(dir, serverOptions('pull', 1, true));
  await listeners.connect(server.url);
  try {
    const folder = path.join(dir, 'content', 'articles');
    const files = fs.readdirSync(folder).filter((name) => name.endsWith('.json'));
    let expected = 0;
    const texts = files.map((name) => {
      const file = path.join(folder, name);
      const data = JSON.parse(fs.readFileSync(file, 'utf8'));
      // A published article changed on disk is entry.update (its draft) and entry.publish.
      expected += data.publishedAt ? 2 : 1;
      return [file, `${JSON.stringify({ ...data, title: `${data.title} (pulled)` }, null, 2)}\n`];
    });
    const started = performance.now() + performance.timeOrigin;
    for (let n = 0; n < texts.length; n++) fs.writeFileSync(texts[n][0], texts[n][1]);
    const written = performance.now() + performance.timeOrigin - started;
    const deadline = performance.now() + 120_000;
    let counts = await listeners.counts();
    while ((counts.delivered[0] < expected || counts.streamed < expected) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      counts = await listeners.counts();
    }
    await listeners.disconnect();
    return { files: files.length, expected, written, ...counts, webhookMs: counts.deliveredLast - started, streamMs: counts.streamedLast - started };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `autocannon: ${load.connections} connections, ${load.warmup} s warm-up then ${load.duration} one-second turns per case and route, ${rounds} round(s)`,
);
console.log(machineNote());
const listeners = await startListeners();
const rows = [];
const ratios = { list: [], get: [] };
const slices = { list: [], get: [] };
const cpuRatios = { list: [], get: [] };
const perWrite = [];
try {
  for (let round = 1; round <= rounds; round++) {
    const result = await throughput(listeners, round);
    for (const name of ['none', 'listening']) {
      const r = result[name];
      const label = name === 'listening' ? '3 webhooks + 1 SSE reader' : 'none configured, none connected';
      const delivered = name === 'listening' ? r.delivered.join(' / ') : '';
      const streamed = name === 'listening' ? r.streamed : '';
      const cells = [
        fixed(r.cpuPerWrite, 2),
        fixed(r.list.rps, 0),
        fixed(r.get.rps, 0),
        fixed(r.list.cpuUs, 0),
        fixed(r.get.cpuUs, 0),
        fixed(r.list.p99, 1),
        fixed(r.get.p99, 1),
      ];
      rows.push([`${round}: ${label}`, ...cells, r.writes, delivered, streamed]);
    }
    perWrite.push(result.listening.cpuPerWrite - result.none.cpuPerWrite);
    for (const route of ['list', 'get']) {
      ratios[route].push(result.listening[route].rps / result.none[route].rps);
      cpuRatios[route].push(result.listening[route].cpuUs / result.none[route].cpuUs);
      slices[route].push(...result.sliceRatios[route]);
    }
  }
  console.log();
  console.log(`(1) 10,000 articles, an API writer changing one article ${writesPerSecond} times a second on each server`);
  const header = ['round: case', 'CPU ms/write', 'list req/s', 'get req/s', 'list CPU µs/req', 'get CPU µs/req', 'list p99 ms', 'get p99 ms'];
  printTable([...header, 'writes', 'delivered per webhook', 'streamed'], rows);
  const percent = (ratio) => `${fixed(100 * ratio, 1)} %`;
  for (const route of ['list', 'get']) {
    const sorted = slices[route].filter(Number.isFinite).sort((a, b) => a - b);
    const empty = slices[route].length - sorted.length;
    const turns =
      sorted.length === 0
        ? 'no turn gave a ratio'
        : `median ${percent(median(sorted))}, middle half ${percent(percentile(sorted, 25))}–${percent(percentile(sorted, 75))}, ` +
          `all ${percent(sorted[0])}–${percent(sorted.at(-1))}`;
    console.log(
      `with listeners, ${route}: ${ratios[route].map(percent).join(', ')} of none (per round); one-second turns: ${turns}` +
        (empty > 0 ? ` (${empty} of ${slices[route].length} turns without an answer from one server)` : ''),
    );
  }
  for (const route of ['list', 'get']) {
    console.log(`server CPU time per ${route} request with listeners: ${cpuRatios[route].map(percent).join(', ')} of none (per round; less noisy than req/s)`);
  }
  if (writesPerSecond > 0) {
    const ms = perWrite.map((value) => fixed(value, 2)).join(', ');
    console.log(`server CPU time the events add to each write (3 webhooks + 1 reader, writes only): ${ms} ms (per round)`);
  }
  console.log(`target ≥ 95 % (median of rounds): ${verdict(median(ratios.list) >= 0.95 && median(ratios.get) >= 0.95)}`);

  if (!values['skip-pull']) {
    const pulled = await pull(listeners);
    console.log();
    console.log(`(2) ${pulled.files} article files rewritten on disk: ${pulled.expected} events expected (written in ${fixed(pulled.written / 1000, 2)} s)`);
    const delivered = pulled.delivered[0];
    console.log(
      `webhook: ${delivered} delivered, the last ${fixed(pulled.webhookMs / 1000, 2)} s after the first write (target 30 s: ${verdict(delivered >= pulled.expected && pulled.webhookMs <= 30_000)})`,
    );
    console.log(`SSE reader: ${pulled.streamed} seen, the last ${fixed(pulled.streamMs / 1000, 2)} s after the first write (${pulled.reconnects} reconnects)`);
  }
} finally {
  await listeners.stop();
}
console.log(`after the run: ${machineNote()}`);
