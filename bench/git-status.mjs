#!/usr/bin/env node
// `cms status` with 1,000 changed files (edited, created, deleted), side by side with the bare
// `git status --porcelain` it starts from. Uses the repository of bench/git-history.mjs (a copy).
//
//   npm run build && node bench/git-status.mjs [--docs 10000] [--commits 1000] [--changed 1000]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { distFile } from './lib/dist-path.mjs';
import { generateGitRepo } from './lib/git-repo.mjs';
import { machineNote } from './lib/machine-note.mjs';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '10000' },
    commits: { type: 'string', default: '1000' },
    changed: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
  },
});
console.log(machineNote());
const source = path.join(os.tmpdir(), 'cms-bench', `git-${values.docs}-${values.commits}`);
if (!fs.existsSync(path.join(source, '.git'))) await generateGitRepo(source, { docs: Number(values.docs), commits: Number(values.commits) });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-status-'));
fs.cpSync(source, dir, { recursive: true });
const folder = path.join(dir, 'content/articles');
const names = fs.readdirSync(folder).sort().slice(1);
const changed = Number(values.changed);
for (let i = 0; i < changed; i++) {
  const file = path.join(folder, names[i]);
  if (i % 10 === 0) fs.rmSync(file);
  else if (i % 10 === 1) fs.writeFileSync(path.join(folder, `new-${i}.json`), `${JSON.stringify({ title: `New ${i}` }, null, 2)}\n`);
  else fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/"title": "[^"]*"/, `"title": "Changed ${i}"`));
}

const { openRepository } = await import(distFile('server/git/open-repository.js'));
const { readWorkingChanges } = await import(distFile('server/git/read-working-changes.js'));
const { loadSchemas } = await import(distFile('server/store/load-schemas.js'));
const registry = loadSchemas(dir);
const repo = await openRepository(dir);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const bare = [];
const ours = [];
let documents = 0;
for (let run = 0; run < Number(values.runs); run++) {
  let start = performance.now();
  spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all'], { cwd: dir });
  bare.push(performance.now() - start);
  start = performance.now();
  const changes = await readWorkingChanges(repo, { registry, defaultLocale: 'en' });
  ours.push(performance.now() - start);
  documents = changes.documents.length;
}
const start = performance.now();
spawnSync(process.execPath, [distFile('cli/main.js'), 'status', '--json'], { cwd: dir });
const cliMs = performance.now() - start;
console.log(`cms status, ${changed} changed files in a repository of ${values.docs} documents: ${documents} documents with field diffs`);
console.log(`  readWorkingChanges     median ${median(ours).toFixed(0)} ms (runs: ${ours.map((ms) => ms.toFixed(0)).join(', ')})`);
console.log(`  bare git status        median ${median(bare).toFixed(0)} ms (runs: ${bare.map((ms) => ms.toFixed(0)).join(', ')})`);
console.log(`  cms status --json      ${cliMs.toFixed(0)} ms (a whole process)`);
fs.rmSync(dir, { recursive: true, force: true });
