#!/usr/bin/env node
// The editor on a large type: after the click, how long until the list view of a 100,000-document
// type shows its rows, and until a document's edit view shows its form, in Chromium; side by side
// with the JSON answer alone (fetched by the same page), the floor under each view. Not asserted.
//
//   npm run build && node bench/generate.mjs --count 100000 --out <dir> && node bench/admin-views.mjs --dir <dir> [--runs 5]
//
// Writes an administrator into <dir>/admins/ (removed again at the end).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { defaultProjectDir } from './generate.mjs';
import { distFile } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { median } from './lib/stats.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string' }, runs: { type: 'string', default: '5' } } });
const dir = path.resolve(values.dir ?? defaultProjectDir(100000));
const runs = Number(values.runs);
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

const server = await startServerProcess(dir, { timeoutMs: 300_000 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${server.url}/admin`);
  await page.locator('#signin-email').fill(email);
  await page.locator('#signin-password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('navigation', { name: 'Content Manager' }).waitFor();
  const uid = 'api::article.article';
  const list = [];
  const listJson = [];
  const edit = [];
  const editJson = [];
  let fields = 0;
  let total = '';
  for (let i = 0; i < runs + 1; i++) {
    await page.goto(`${server.url}/admin#/`);
    await page.getByRole('heading', { name: /^Hello/ }).waitFor();
    let started = performance.now();
    await page.getByRole('link', { name: 'Article', exact: true }).click();
    await page.locator('tbody tr').first().waitFor();
    const listMs = performance.now() - started;
    total = await page.getByText(/entries found/).innerText();
    const json = await page.evaluate(async (route) => {
      const t = performance.now();
      await (await fetch(route)).json();
      return performance.now() - t;
    }, `/admin/content-manager/collection-types/${uid}?pagination[page]=1&pagination[pageSize]=10`);
    started = performance.now();
    await page.locator('tbody tr td a').first().click();
    await page.locator('form.fields .field').first().waitFor();
    const editMs = performance.now() - started;
    fields = await page.locator('form.fields [id^="field-"]').count();
    const id = decodeURIComponent(/\/([^/?]+)(\?|$)/.exec(page.url())[1]);
    const editJsonMs = await page.evaluate(async (route) => {
      const t = performance.now();
      await (await fetch(route)).json();
      return performance.now() - t;
    }, `/admin/content-manager/collection-types/${uid}/${id}`);
    if (i === 0) continue; // the first round warms the server's index views and the browser
    list.push(listMs);
    listJson.push(json);
    edit.push(editMs);
    editJson.push(editJsonMs);
  }
  console.log(
    `list view (${total}): median ${median(list).toFixed(0)} ms after the click (target < 200 ms); its JSON answer alone ${median(listJson).toFixed(0)} ms`,
  );
  console.log(
    `edit view (${fields} controls): median ${median(edit).toFixed(0)} ms after the click (target < 200 ms); its JSON answer alone ${median(editJson).toFixed(0)} ms`,
  );
  console.log(`${runs} runs after one warm-up`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(created);
  if (!hadAdmins && fs.readdirSync(adminsDir).length === 0) fs.rmdirSync(adminsDir);
}
console.log(machineNote());
