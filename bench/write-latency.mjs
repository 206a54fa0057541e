#!/usr/bin/env node
// How long single writes take on a large generated project, each build in turn (one server at a
// time): three POSTs of an article with a new slug (a uid: each checked unique against every
// published article), a PUT changing one's slug, the DELETEs that take them out again, then how
// long the server takes to stop on SIGTERM after those writes. Public create, update and delete
// permissions on articles are added to the project's cms.config.json for the run and taken out
// after (the project is otherwise left as it was: the documents written are deleted).
//
//   npm run build && node bench/write-latency.mjs --dir <tmpdir>/cms-bench/articles-1000000 [--baseline <other dist>]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildsToMeasure } from './lib/load-options.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { serveUntilReady } from './lib/serve-until-ready.mjs';
import { fixed, printTable } from './lib/stats.mjs';

const ACTIONS = ['create', 'update', 'delete'].map((action) => `api::article.article.${action}`);

async function timed(url, method, body) {
  const started = performance.now();
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify({ data: body }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, body: text === '' ? undefined : JSON.parse(text) };
}

async function measureBuild(label, cli, dir, run) {
  const server = await serveUntilReady(dir, { cli });
  if (!server.ok) throw new Error(`${label}: the server ended (${server.code} ${server.signal}): ${server.output().slice(-600)}`);
  const row = { label, posts: [], put: 0, deletes: [], stopMs: 0 };
  try {
    // The start's work after listening (text search's copies, the heap line) is done first.
    await server.waitFor(/MB per 10,000 documents|heap \d+ MB/);
    const api = `${server.url}/api/articles`;
    const made = [];
    for (let i = 1; i <= 3; i++) {
      const { ms, body } = await timed(api, 'POST', { title: `Write latency ${run} ${i}`, slug: `write-latency-${run}-${i}` });
      row.posts.push(ms);
      made.push(body.data.documentId);
    }
    row.put = (await timed(`${api}/${made[0]}`, 'PUT', { slug: `write-latency-${run}-changed` })).ms;
    for (const documentId of made) row.deletes.push((await timed(`${api}/${documentId}`, 'DELETE')).ms);
  } finally {
    row.stopMs = await server.stop(10 * 60_000);
  }
  return row;
}

async function main() {
  const { values } = parseArgs({ options: { dir: { type: 'string' }, baseline: { type: 'string' } } });
  if (values.dir === undefined) throw new Error('--dir <generated project> is required');
  const dir = path.resolve(values.dir);
  console.log(machineNote());
  const configFile = path.join(dir, 'cms.config.json');
  const original = fs.readFileSync(configFile, 'utf8');
  const config = JSON.parse(original);
  config.permissions.public = [...new Set([...config.permissions.public, ...ACTIONS])];
  fs.writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
  const rows = [];
  try {
    const run = Date.now().toString(36);
    for (const [label, cli] of buildsToMeasure(values.baseline)) rows.push(await measureBuild(label, cli, dir, `${run}-${rows.length}`));
  } finally {
    fs.writeFileSync(configFile, original);
  }
  const ms = (list) => list.map((value) => fixed(value, 0)).join(' / ');
  console.log();
  printTable(
    ['build', 'POST ×3 (ms)', 'PUT slug (ms)', 'DELETE ×3 (ms)', 'SIGTERM to exit (ms)'],
    rows.map((r) => [r.label, ms(r.posts), fixed(r.put, 0), ms(r.deletes), fixed(r.stopMs, 0)]),
  );
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
