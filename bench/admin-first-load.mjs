#!/usr/bin/env node
// The editor's first load: bytes transferred (gzip, as the server sends them) for /admin and every
// file it loads, and the time until the sign-in screen is usable in Chromium, side by side with the
// same browser loading a static file of the same server (the floor). Not asserted anywhere.
//
//   npm run build && node bench/admin-first-load.mjs [--runs 5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-admin-bench-'));
for (const name of ['cms.config.json', 'schemas', 'content', 'uploads']) fs.cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
const server = await startServerProcess(dir);
try {
  // Bytes on the wire: the page, then what it names.
  const get = async (url) => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' }, decompress: false });
    const body = Buffer.from(await response.arrayBuffer());
    return { body, encoding: response.headers.get('content-encoding'), length: Number(response.headers.get('content-length') ?? body.length) };
  };
  const page = await get(`${server.url}/admin`);
  const html = await (await fetch(`${server.url}/admin`)).text();
  const assets = [...html.matchAll(/(?:href|src)="(\/admin\/assets\/[^"]+)"/g)].map((m) => m[1]);
  let total = page.length;
  const lines = [`  /admin ${page.length} B (${page.encoding ?? 'identity'})`];
  for (const asset of assets) {
    const answer = await get(server.url + asset);
    total += answer.length;
    lines.push(`  ${asset} ${answer.length} B (${answer.encoding ?? 'identity'})`);
  }
  console.log(`first load: ${(total / 1024).toFixed(1)} KB transferred (target < 300 KB)`);
  console.log(lines.join('\n'));

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const image = fs.readdirSync(path.join(dir, 'uploads')).find((name) => name.endsWith('.png'));
  const editor = [];
  const floor = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    let started = performance.now();
    await tab.goto(`${server.url}/uploads/${image}`);
    floor.push(performance.now() - started);
    started = performance.now();
    await tab.goto(`${server.url}/admin`);
    await tab.locator('#signin-email').waitFor();
    editor.push(performance.now() - started);
    await context.close();
  }
  await browser.close();
  console.log(
    `sign-in screen usable, cold cache: median ${median(editor).toFixed(0)} ms (target < 1000 ms); a static file of the same server: ${median(floor).toFixed(0)} ms (${runs} runs)`,
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(machineNote());
