#!/usr/bin/env node
// `cms status` with 1,000 changed files (edited, created, deleted), side by side with the bare
// `git status --porcelain` it starts from, and (--baseline) with another build in the same run,
// runs alternating. Uses the repository of bench/git-history.mjs (a copy).
//
//   npm run build && node bench/git-status.mjs [--docs 10000] [--commits 1000] [--changed 1000] [--baseline <dist folder>]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DIST } from './lib/dist-path.mjs';
import { generateGitRepo } from './lib/git-repo.mjs';
import { machineNote } from './lib/machine-note.mjs';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '10000' },
    commits: { type: 'string', default: '1000' },
    changed: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    baseline: { type: 'string' },
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
// The copy's index holds other file times: refresh it once, as any git command in a checkout would.
spawnSync('git', ['update-index', '-q', '--refresh'], { cwd: dir });
for (let i = 0; i < changed; i++) {
  const file = path.join(folder, names[i]);
  if (i % 10 === 0) fs.rmSync(file);
  else if (i % 10 === 1) fs.writeFileSync(path.join(folder, `new-${i}.json`), `${JSON.stringify({ title: `New ${i}` }, null, 2)}\n`);
  else fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/"title": "[^"]*"/, `"title": "Changed ${i}"`));
}

const builds = [{ name: 'this build', dist: DIST }];
if (values.baseline !== undefined) builds.push({ name: 'baseline', dist: path.resolve(values.baseline) });
for (const build of builds) {
  const load = (rel) => import(pathToFileURL(path.join(build.dist, rel)).href);
  build.open = (await load('server/git/open-repository.js')).openRepository;
  build.read = (await load('server/git/read-working-changes.js')).readWorkingChanges;
  build.registry = (await load('server/store/load-schemas.js')).loadSchemas(dir);
  build.ms = [];
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const bare = [];
let documents = 0;
for (let run = 0; run < Number(values.runs); run++) {
  let start = performance.now();
  spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all'], { cwd: dir });
  bare.push(performance.now() - start);
  for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
    start = performance.now();
    const changes = await build.read(await build.open(dir), { registry: build.registry, defaultLocale: 'en' });
    build.ms.push(performance.now() - start);
    documents = changes.documents.length;
  }
}
// Whole `cms status --json` processes (node start, config, schemas, git), each build in turn.
for (const build of builds) build.cli = [];
for (let run = 0; run < 3; run++)
  for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
    const start = performance.now();
    spawnSync(process.execPath, [path.join(build.dist, 'cli/main.js'), 'status', '--json'], { cwd: dir, stdio: 'ignore' });
    build.cli.push(performance.now() - start);
  }
const runs = (list) => `median ${median(list).toFixed(0)} ms (runs: ${list.map((ms) => ms.toFixed(0)).join(', ')})`;
console.log(`cms status, ${changed} changed files in a repository of ${values.docs} documents: ${documents} documents with field diffs`);
for (const build of builds) console.log(`  readWorkingChanges, ${build.name.padEnd(10)} ${runs(build.ms)}`);
for (const build of builds) console.log(`  cms status --json,  ${build.name.padEnd(10)} ${runs(build.cli)} (a whole process)`);
console.log(`  bare git status                  ${runs(bare)}`);
fs.rmSync(dir, { recursive: true, force: true });
