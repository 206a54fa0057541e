#!/usr/bin/env node
// Change events under load, on a copy of the generated 10,000-article project (`cms serve` in a
// child process, receivers and the stream reader in this one):
//   (1) list and get throughput (autocannon) while an API writer changes one article 5 times a
//       second: with no webhook and no stream reader, then with 3 webhooks and 1 SSE reader,
//       side by side in the same run (target: within 5 %);
//   (2) a `git pull`-sized change: every one of the 10,000 article files rewritten on disk, and
//       the time until the webhook has received every event it causes and the SSE reader has
//       seen them (target: 30 s).
//
//   npm run build && node bench/generate.mjs --count 10000
//   node bench/events.mjs [--duration 10] [--warmup 2] [--connections 10]
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultProjectDir } from './generate.mjs';
import { loadTest, timedGet } from './lib/load-test.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { fixed, printTable, positiveNumber, verdict } from './lib/stats.mjs';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, warmup: { type: 'string', default: '2' }, connections: { type: 'string', default: '10' } },
});
const load = {
  duration: positiveNumber('duration', values.duration),
  warmup: Number(values.warmup),
  connections: positiveNumber('connections', values.connections),
};
const source = defaultProjectDir(10_000);
if (!fs.existsSync(path.join(source, 'content'))) throw new Error(`${source} is missing: run node bench/generate.mjs --count 10000`);

/** A receiver that answers 204 at once and counts what it got. */
async function startReceiver() {
  const counter = { count: 0, last: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      counter.count++;
      counter.last = performance.now();
      res.statusCode = 204;
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    counter,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

/** An SSE reader counting `data:` frames. */
function openStream(url) {
  const counter = { count: 0, last: 0 };
  const request = http.get(`${url}/_events`, (response) => {
    response.setEncoding('utf8');
    let tail = '';
    response.on('data', (chunk) => {
      const text = tail + chunk;
      const frames = text.split('\n\n');
      tail = frames.pop();
      for (const frame of frames) {
        if (frame.includes('\ndata: {"event"') || frame.startsWith('data: {"event"')) {
          counter.count++;
          counter.last = performance.now();
        }
      }
    });
  });
  request.on('error', () => undefined);
  return { counter, close: () => request.destroy() };
}

function copyProject(webhookUrls, queueLimit) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-events-'));
  fs.cpSync(source, dir, { recursive: true });
  const configFile = path.join(dir, 'cms.config.json');
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
  config.permissions.public = [...new Set([...config.permissions.public, 'api::article.article.update'])];
  config.webhooks = { queueLimit, endpoints: webhookUrls.map((url, n) => ({ name: `hook-${n + 1}`, url })) };
  fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  return dir;
}

/** PUTs one article `perSecond` times a second until stopped. */
function startWriter(url, documentId, perSecond) {
  let n = 0;
  const timer = setInterval(() => {
    const body = JSON.stringify({ data: { views: ++n } });
    const request = http.request(`${url}/api/articles/${documentId}`, { method: 'PUT', headers: { 'content-type': 'application/json' } }, (res) =>
      res.resume(),
    );
    request.on('error', () => undefined);
    request.end(body);
  }, 1000 / perSecond);
  return { writes: () => n, stop: () => clearInterval(timer) };
}

async function throughput(withListeners) {
  const receivers = withListeners ? await Promise.all([startReceiver(), startReceiver(), startReceiver()]) : [];
  const dir = copyProject(
    receivers.map((receiver) => receiver.url),
    25_000,
  );
  const server = await startServerProcess(dir, { watch: false });
  const stream = withListeners ? openStream(server.url) : undefined;
  try {
    const first = JSON.parse((await timedGet(`${server.url}/api/articles?pagination[pageSize]=2`)).body).data;
    const writer = startWriter(server.url, first[1].documentId, 5);
    const perSecond = (result) => ({ ...result, rps: result.requests / load.duration });
    const list = perSecond(await loadTest(`${server.url}/api/articles?sort=title:asc&pagination[pageSize]=25`, load));
    const get = perSecond(await loadTest(`${server.url}/api/articles/${first[0].documentId}`, load));
    writer.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { list, get, writes: writer.writes(), delivered: receivers.map((receiver) => receiver.counter.count), streamed: stream?.counter.count ?? 0 };
  } finally {
    stream?.close();
    await server.stop();
    for (const receiver of receivers) await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function pull() {
  const receiver = await startReceiver();
  const dir = copyProject([receiver.url], 25_000);
  const server = await startServerProcess(dir, { watch: true });
  const stream = openStream(server.url);
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
    const started = performance.now();
    // Written as fast as the disk takes them, yielding now and then so this process's receiver and reader keep reading.
    for (let n = 0; n < texts.length; n++) {
      fs.writeFileSync(texts[n][0], texts[n][1]);
      if (n % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
    }
    const written = performance.now() - started;
    const deadline = performance.now() + 120_000;
    while ((receiver.counter.count < expected || stream.counter.count < expected) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      files: files.length,
      expected,
      written,
      delivered: receiver.counter.count,
      webhookMs: receiver.counter.last - started,
      streamed: stream.counter.count,
      streamMs: stream.counter.last - started,
    };
  } finally {
    stream.close();
    await server.stop();
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`autocannon: ${load.connections} connections, ${load.warmup} s warm-up then ${load.duration} s per case`);
console.log(machineNote());
const none = await throughput(false);
const listening = await throughput(true);
console.log();
console.log('(1) 10,000 articles, an API writer changing one article 5 times a second');
printTable(
  ['case', 'list req/s', 'get req/s', 'list p99 ms', 'get p99 ms', 'writes', 'delivered per webhook', 'streamed'],
  [
    ['no webhook, no reader', fixed(none.list.rps, 0), fixed(none.get.rps, 0), fixed(none.list.p99, 1), fixed(none.get.p99, 1), none.writes, '', ''],
    [
      '3 webhooks + 1 SSE reader',
      fixed(listening.list.rps, 0),
      fixed(listening.get.rps, 0),
      fixed(listening.list.p99, 1),
      fixed(listening.get.p99, 1),
      listening.writes,
      listening.delivered.join(' / '),
      listening.streamed,
    ],
  ],
);
const listRatio = listening.list.rps / none.list.rps;
const getRatio = listening.get.rps / none.get.rps;
console.log(
  `with listeners: list ${fixed(100 * listRatio, 1)} %, get ${fixed(100 * getRatio, 1)} % of none (target ≥ 95 %: ${verdict(listRatio >= 0.95 && getRatio >= 0.95)})`,
);

const pulled = await pull();
console.log();
console.log(`(2) ${pulled.files} article files rewritten on disk: ${pulled.expected} events expected (written in ${fixed(pulled.written / 1000, 2)} s)`);
console.log(
  `webhook: ${pulled.delivered} delivered, the last ${fixed(pulled.webhookMs / 1000, 2)} s after the first write (target 30 s: ${verdict(pulled.delivered >= pulled.expected && pulled.webhookMs <= 30_000)})`,
);
console.log(`SSE reader: ${pulled.streamed} seen, the last ${fixed(pulled.streamMs / 1000, 2)} s after the first write`);
console.log(`after the run: ${machineNote()}`);
