#!/usr/bin/env node
// The editor's first load: bytes transferred (gzip, as the server sends them) for /admin and every
// file it loads, and the time until the sign-in screen is usable in Chromium, side by side with the
// same browser loading a static file of the same server (the floor), and the time until a
// signed-in editor's first screen is usable. Not asserted anywhere.
//
//   npm run build && node bench/admin-first-load.mjs [--runs 5]
//   … --baseline <another checkout, built> [--rounds 2]   A/B: that build's server and editor, then this one's, in turns
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { ROOT, buildsToCompare, distFile } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, rounds: { type: 'string', default: '1' }, baseline: { type: 'string' } } });
const runs = Number(values.runs);
const rounds = Number(values.rounds);
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench1234';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-admin-bench-'));
for (const name of ['cms.config.json', 'schemas', 'content', 'uploads']) fs.cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
execFileSync(process.execPath, [distFile('cli/main.js'), 'admin', 'create', '--email', EMAIL, '--dir', dir], { input: `${PASSWORD}\n` });

/** Bytes on the wire, then `runs` cold loads of the sign-in screen, a signed-in first screen, and a static file (the floor). */
async function measure(browser, main, printBytes) {
  const server = await startServerProcess(dir, { main });
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
    if (printBytes) {
      console.log(`first load: ${(total / 1024).toFixed(1)} KB transferred (target < 300 KB)`);
      console.log(lines.join('\n'));
    }
    const login = await fetch(`${server.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const [name, value] = (login.headers.get('set-cookie') ?? '').split(';')[0].split('=');
    const image = fs.readdirSync(path.join(dir, 'uploads')).find((file) => file.endsWith('.png'));
    const result = { signIn: [], signedIn: [], floor: [] };
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const tab = await context.newPage();
      let started = performance.now();
      await tab.goto(`${server.url}/uploads/${image}`);
      result.floor.push(performance.now() - started);
      started = performance.now();
      await tab.goto(`${server.url}/admin`);
      await tab.locator('#signin-email').waitFor();
      result.signIn.push(performance.now() - started);
      await context.close();
      const signed = await browser.newContext();
      await signed.addCookies([{ name, value, url: `${server.url}/admin` }]);
      const own = await signed.newPage();
      started = performance.now();
      await own.goto(`${server.url}/admin`);
      await own.getByRole('heading', { name: /^Hello/ }).waitFor();
      result.signedIn.push(performance.now() - started);
      await signed.close();
    }
    return result;
  } finally {
    await server.stop();
  }
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  // A/B in one run: the baseline build (another checkout, built) and this one take turns.
  const builds = buildsToCompare(values.baseline);
  const results = new Map(builds.map(([label]) => [label, { signIn: [], signedIn: [], floor: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [label, main] of builds) {
      const r = await measure(browser, main, round === 0 && label === 'this build');
      for (const key of ['signIn', 'signedIn', 'floor']) results.get(label)[key].push(...r[key]);
    }
  }
  for (const [label, r] of results) {
    console.log(
      `${label}: sign-in screen usable, cold cache: median ${median(r.signIn).toFixed(0)} ms; signed in, first screen usable: median ${median(r.signedIn).toFixed(0)} ms (target < 1000 ms); a static file of the same server: ${median(r.floor).toFixed(0)} ms`,
    );
  }
  console.log(`${runs} runs, ${rounds} round(s) per build`);
} finally {
  await browser.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(machineNote());
