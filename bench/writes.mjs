// Create and update throughput through the API, with autocannon (10 connections), on a copy of a
// generated project whose public role may create and update articles.
// Usage: node bench/writes.mjs [--dir <tmpdir>/cms-bench/articles-10000] [--duration 10] [--connections 10]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: path.join(os.tmpdir(), 'cms-bench', 'articles-10000') },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
if (!fs.existsSync(values.dir)) throw new Error(`${values.dir} not found: run node bench/generate.mjs --count 10000 first`);
console.log(machineNote());

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-writes-'));
fs.cpSync(values.dir, copy, { recursive: true });
const configFile = path.join(copy, 'cms.config.json');
const config = JSON.parse(fs.readFileSync(configFile, 'utf8'));
config.permissions.public.push('api::article.article.create', 'api::article.article.update');
fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
const someId = fs
  .readdirSync(path.join(copy, 'content/articles'))
  .find((name) => name.endsWith('.json'))
  .replace(/\.json$/, '');

function measure(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: Number(values.connections), duration: Number(values.duration), ...options }, (error, result) => {
      if (error) return reject(error);
      if (result.errors > 0 || result.non2xx > 0) return reject(new Error(`${result.errors} errors, ${result.non2xx} non-2xx`));
      resolve(result);
    });
  });
}

const server = await startServerProcess(copy, { watch: true });
try {
  let n = 0;
  const create = await measure({
    url: `${server.url}/api/articles`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ data: { title: `Bench article ${n++}`, views: n, category: 'news' } }) }) }],
  });
  console.log(
    `POST /api/articles (create, published): ${create.requests.average.toFixed(0)} req/s, p50 ${create.latency.p50} ms, p99 ${create.latency.p99} ms, ${create.requests.total} documents written`,
  );
  let v = 0;
  const update = await measure({
    url: `${server.url}/api/articles/${someId}`,
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ data: { views: v++ } }) }) }],
  });
  console.log(
    `PUT /api/articles/:id (one document, serialized): ${update.requests.average.toFixed(0)} req/s, p50 ${update.latency.p50} ms, p99 ${update.latency.p99} ms`,
  );
} finally {
  await server.stop();
  fs.rmSync(copy, { recursive: true, force: true });
}
