#!/usr/bin/env node
// The editor on a large type: after the click, how long until the list view of a 100,000-document
// type shows its rows, and until a document's edit view shows its form, in Chromium; side by side
// with where the time went (the page's own performance marks and resource timing: click → request,
// the JSON answer, JSON → drawn). Not asserted.
//
//   npm run build && node bench/generate.mjs --count 100000 --out <dir> && node bench/admin-views.mjs --dir <dir> [--runs 5]
//   … --baseline <another checkout, built> [--rounds 2]   A/B: that build's server and editor, then this one's, in turns
//
// Writes an administrator into <dir>/admins/ (removed again at the end).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { defaultProjectDir } from './generate.mjs';
import { buildsToCompare, distFile } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({
  options: { dir: { type: 'string' }, runs: { type: 'string', default: '5' }, rounds: { type: 'string', default: '1' }, baseline: { type: 'string' } },
});
const dir = path.resolve(values.dir ?? defaultProjectDir(100000));
const runs = Number(values.runs);
const rounds = Number(values.rounds);
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench1234';
const adminsDir = path.join(dir, 'admins');
const hadAdmins = fs.existsSync(adminsDir);
execFileSync(process.execPath, [distFile('cli/main.js'), 'admin', 'create', '--email', `${Date.now()}-${EMAIL}`, '--dir', dir], { input: `${PASSWORD}\n` });
const created = fs
  .readdirSync(adminsDir)
  .map((name) => path.join(adminsDir, name))
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
const email = JSON.parse(fs.readFileSync(created, 'utf8')).email;

/** Where a view's time went, from the page's own marks (admin/src/marks.ts) and resource timing. */
const BREAKDOWN = `(() => {
  const last = (name) => performance.getEntriesByName(name).at(-1);
  const click = last('bench:click');
  const route = last('cms:route');
  const drawn = last('cms:list-drawn') ?? last('cms:edit-drawn');
  const json = performance.getEntriesByType('resource').filter((e) => e.name.includes('/admin/content-manager/')).at(-1);
  if (!click || !route || !drawn || !json) return undefined;
  return { total: drawn.startTime - click.startTime, toRequest: json.startTime - click.startTime, request: json.responseEnd - json.startTime, toDrawn: drawn.startTime - json.responseEnd, bytes: json.encodedBodySize };
})()`;

/** Typing into the edit view's first text input: ms per keystroke until the form has re-rendered (Preact renders in a microtask; a zero timeout runs after it), 40 keystrokes. */
const TYPING = `(async () => {
  const input = document.querySelector('form.fields input[type="text"], form.fields input:not([type])');
  if (!input) return NaN;
  const start = performance.now();
  for (let i = 0; i < 40; i++) {
    input.value += 'x';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve));
  }
  return (performance.now() - start) / 40;
})()`;

/** Chromium's own counters (CDP Performance.getMetrics), in ms: where the main thread's time went. */
async function mainThread(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { script: value('ScriptDuration'), style: value('RecalcStyleDuration'), layout: value('LayoutDuration'), task: value('TaskDuration') };
}
const spent = (before, after) => Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));

/** Signs in, then opens the list view and a document's edit view `runs` times (after one warm-up). */
async function measure(browser, main) {
  const server = await startServerProcess(dir, { timeoutMs: 300_000, main });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // The click as the page sees it: the in-page figures start there (Playwright's own steps before it are left out).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.addInitScript(`document.addEventListener('click', () => performance.mark('bench:click'), true)`);
    await page.goto(`${server.url}/admin`);
    await page.locator('#signin-email').fill(email);
    await page.locator('#signin-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('navigation', { name: 'Content Manager' }).waitFor();
    const uid = 'api::article.article';
    const result = { list: [], listParts: [], listThread: [], edit: [], editParts: [], editThread: [], typing: [], fields: 0, total: '' };
    for (let i = 0; i < runs + 1; i++) {
      await page.goto(`${server.url}/admin#/`);
      await page.getByRole('heading', { name: /^Hello/ }).waitFor();
      await page.evaluate('performance.clearMarks(); performance.clearResourceTimings()');
      let threadBefore = await mainThread(cdp);
      let started = performance.now();
      await page.getByRole('link', { name: 'Article', exact: true }).click();
      await page.locator('tbody tr').first().waitFor();
      const listMs = performance.now() - started;
      await page.waitForFunction(`performance.getEntriesByName('cms:list-drawn').length > 0`, undefined, { timeout: 5_000 }).catch(() => undefined);
      const listThread = spent(threadBefore, await mainThread(cdp));
      const listParts = await page.evaluate(BREAKDOWN);
      result.total = await page.getByText(/entries found/).innerText();
      await page.evaluate('performance.clearMarks(); performance.clearResourceTimings()');
      threadBefore = await mainThread(cdp);
      started = performance.now();
      await page.locator('tbody tr td a').first().click();
      await page.locator('form.fields .field').first().waitFor();
      const editMs = performance.now() - started;
      await page.waitForFunction(`performance.getEntriesByName('cms:edit-drawn').length > 0`, undefined, { timeout: 5_000 }).catch(() => undefined);
      const editThread = spent(threadBefore, await mainThread(cdp));
      const editParts = await page.evaluate(BREAKDOWN);
      result.fields = await page.locator('form.fields [id^="field-"]').count();
      const typing = await page.evaluate(TYPING);
      if (i === 0) continue; // the first round warms the server's index views and the browser
      result.list.push(listMs);
      result.edit.push(editMs);
      if (listParts) result.listParts.push(listParts);
      if (editParts) result.editParts.push(editParts);
      result.listThread.push(listThread);
      result.editThread.push(editThread);
      result.typing.push(typing);
    }
    return result;
  } finally {
    await server.stop();
  }
}

const parts = (list) =>
  list.length === 0
    ? 'no marks (an older build)'
    : `in the page: click→drawn ${median(list.map((p) => p.total)).toFixed(0)} ms (click→request ${median(list.map((p) => p.toRequest)).toFixed(0)} ms, JSON ${median(list.map((p) => p.request)).toFixed(0)} ms (${(median(list.map((p) => p.bytes)) / 1024).toFixed(1)} KB), JSON→drawn ${median(list.map((p) => p.toDrawn)).toFixed(0)} ms)`;

const thread = (list) =>
  `main thread: script ${median(list.map((t) => t.script)).toFixed(0)} ms, style ${median(list.map((t) => t.style)).toFixed(0)} ms, layout ${median(list.map((t) => t.layout)).toFixed(0)} ms, all tasks ${median(list.map((t) => t.task)).toFixed(0)} ms`;

function report(label, r) {
  console.log(`${label}`);
  console.log(`  list view (${r.total}): median ${median(r.list).toFixed(0)} ms after the click (target < 200 ms); ${parts(r.listParts)}`);
  console.log(`  edit view (${r.fields} controls): median ${median(r.edit).toFixed(0)} ms after the click (target < 200 ms); ${parts(r.editParts)}`);
  console.log(`    list: ${thread(r.listThread)}; edit: ${thread(r.editThread)}`);
  console.log(`  typing in the edit view: ${median(r.typing).toFixed(1)} ms per keystroke, until the next frame`);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  // A/B in one run: the baseline build (another checkout, built) and this one take turns.
  const builds = buildsToCompare(values.baseline);
  const results = new Map(
    builds.map(([label]) => [label, { list: [], listParts: [], listThread: [], edit: [], editParts: [], editThread: [], typing: [], fields: 0, total: '' }]),
  );
  for (let round = 0; round < rounds; round++) {
    for (const [label, main] of builds) {
      const r = await measure(browser, main);
      const all = results.get(label);
      for (const key of ['list', 'listParts', 'listThread', 'edit', 'editParts', 'editThread', 'typing']) all[key].push(...r[key]);
      all.fields = r.fields;
      all.total = r.total;
    }
  }
  for (const [label, r] of results) report(label, r);
  console.log(`${runs} runs after one warm-up, ${rounds} round(s) per build`);
} finally {
  await browser.close();
  fs.rmSync(created);
  if (!hadAdmins && fs.readdirSync(adminsDir).length === 0) fs.rmdirSync(adminsDir);
}
console.log(machineNote());
