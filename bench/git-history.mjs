#!/usr/bin/env node
// History of one document in a large repository: this build against a baseline build (--baseline
// <dist folder>, e.g. the previous commit compiled with --outDir) in the same run, and beside the
// bare `git log` of its file.
//
//   npm run build && node bench/git-history.mjs [--docs 100000] [--commits 10000] [--baseline <dist>] [--runs 5] [--keep-graph] [--keep-index]
//
// The repository is generated once (git fast-import) under <tmpdir>/cms-bench and kept;
// --regenerate makes it again. Each run starts without a commit-graph and without the history
// index of .cms/: the first history of this build makes the index (one `git log` of the whole
// graph), which is timed on its own; --keep-index keeps one made before. "this build, no index"
// is this build with `historyIndex: false` (one glob log; timed only beside a baseline).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DIST, distFile } from './lib/dist-path.mjs';
import { TARGET, generateGitRepo } from './lib/git-repo.mjs';
import { machineNote } from './lib/machine-note.mjs';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '100000' },
    commits: { type: 'string', default: '10000' },
    dir: { type: 'string' },
    regenerate: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    baseline: { type: 'string' },
    'baseline-runs': { type: 'string' },
    'keep-graph': { type: 'boolean', default: false },
    'keep-index': { type: 'boolean', default: false },
  },
});
const docs = Number(values.docs);
const commits = Number(values.commits);
const runs = Number(values.runs);
const baselineRuns = Number(values['baseline-runs'] ?? values.runs);
const dir = values.dir ?? path.join(os.tmpdir(), 'cms-bench', `git-${docs}-${commits}`);
console.log(machineNote());
if (values.regenerate || !fs.existsSync(path.join(dir, '.git'))) {
  const seconds = await generateGitRepo(dir, { docs, commits });
  console.log(`generated ${docs} documents, ${commits + 1} commits in ${seconds.toFixed(1)} s: ${dir}`);
}
const removeGraph = () => {
  fs.rmSync(path.join(dir, '.git/objects/info/commit-graph'), { force: true });
  fs.rmSync(path.join(dir, '.git/objects/info/commit-graphs'), { recursive: true, force: true });
};
if (!values['keep-graph']) removeGraph();
if (!values['keep-index']) fs.rmSync(path.join(dir, '.cms/history-index'), { force: true });

const builds = [{ name: 'this build', dist: DIST }];
if (values.baseline !== undefined) builds.push({ name: 'baseline', dist: path.resolve(values.baseline) });
for (const build of builds) {
  const load = (rel) => import(pathToFileURL(path.join(build.dist, rel)).href);
  build.history = (await load('server/git/document-history.js')).readDocumentHistory;
  build.repo = await (await load('server/git/open-repository.js')).openRepository(dir);
  build.registry = (await load('server/store/load-schemas.js')).loadSchemas(dir);
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const show = (list) => `median ${median(list).toFixed(0)} ms (runs: ${list.map((ms) => ms.toFixed(0)).join(', ')})`;
let length = 0;
async function history(build, historyIndex = true) {
  const start = performance.now();
  const list = await build.history(
    build.repo,
    { type: build.registry.byRouteName.get('articles'), documentId: TARGET },
    { registry: build.registry, defaultLocale: 'en', locales: ['en'], historyIndex },
  );
  length = list.length;
  return performance.now() - start;
}
const bareLog = () => {
  const start = performance.now();
  spawnSync('git', ['log', '--format=%H', '--name-status', '--', `content/articles/${TARGET}.json`], { cwd: dir });
  return performance.now() - start;
};

const [ours, baseline] = builds;
const results = { bareBefore: [], baselineBefore: [], ours: [], oursWithoutIndex: [], baselineAfter: [], bareAfter: [] };
// Without a baseline, the bare log without a commit-graph and this build without its index (one
// glob log) are not timed either (at 100,000 documents
// and 10,000 commits it reads every commit's tree of content/articles: minutes).
for (let run = 0; run < (baseline ? baselineRuns : 0); run++) {
  results.bareBefore.push(bareLog());
  results.baselineBefore.push(await history(baseline));
}
const first = await history(ours);
console.log(`history of articles/${TARGET}: ${length} commits with field diffs, ${docs} documents, ${commits + 1} commits`);
console.log(`  this build, first call (${values['keep-index'] ? 'history index kept' : 'makes the history index'})  ${first.toFixed(0)} ms`);
const indexBytes = fs.statSync(path.join(dir, '.cms/history-index')).size;
for (let run = 0; run < runs; run++) {
  results.ours.push(await history(ours));
  if (baseline && run < baselineRuns) results.oursWithoutIndex.push(await history(ours, false));
  results.bareAfter.push(bareLog());
  if (baseline && run < baselineRuns) results.baselineAfter.push(await history(baseline));
}
console.log(`  this build, history index in place (${(indexBytes / 1e6).toFixed(1)} MB, kept in memory after its first read) ${show(results.ours)}`);
if (baseline) console.log(`  this build, no index (one glob log)               ${show(results.oursWithoutIndex)}`);
// One commit behind: the index as it stood before HEAD's commit, then one history, which extends it.
const format = await import(pathToFileURL(path.join(DIST, 'server/git/history-index-format.js')).href);
const indexFile = path.join(dir, '.cms/history-index');
const full = format.decodeHistoryIndex(fs.readFileSync(indexFile));
const newest = full.commits.length - 1;
const older = new Map();
for (const [file, entries] of full.allPaths()) {
  const kept = entries.split(' ').filter((entry) => !entry.startsWith(`${newest}.`));
  if (kept.length > 0) older.set(file, kept.join(' '));
}
fs.writeFileSync(indexFile, format.encodeHistoryIndex({ head: full.commits[1].commit, commits: full.commits.slice(1), paths: older }));
const cliHistory = () => {
  const start = performance.now();
  const cli = spawnSync('bash', ['-c', `"${process.execPath}" "${distFile('cli/main.js')}" history articles/${TARGET} --json > /dev/null; times`], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(cli.stderr);
  return { ms: performance.now() - start, cpu: cliCpu(cli.stdout) };
};
const extended = cliHistory();
console.log(`  cms history --json, index one commit behind      ${extended.ms.toFixed(0)} ms (extends it; whole process); CPU ${extended.cpu}`);
if (baseline) {
  console.log(`  baseline, no commit-graph                         ${show(results.baselineBefore)}`);
  console.log(`  baseline, commit-graph in place                   ${show(results.baselineAfter)}`);
}
if (baseline) console.log(`  bare git log -- <file>, no commit-graph           ${show(results.bareBefore)}`);
console.log(`  bare git log -- <file>, commit-graph in place     ${show(results.bareAfter)}`);
const cli = cliHistory();
console.log(`  cms history --json, index in place (whole process) ${cli.ms.toFixed(0)} ms; CPU of it and its git children: ${cli.cpu}`);

/** bash `times`: the second line is the children's user and system time. */
function cliCpu(text) {
  const line = text.trim().split('\n').at(-1) ?? '';
  const seconds = line.split(/\s+/).map((part) => {
    const match = /(\d+)m([\d.]+)s/.exec(part);
    return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
  });
  return `${((seconds[0] + seconds[1]) * 1000).toFixed(0)} ms (user ${(seconds[0] * 1000).toFixed(0)}, system ${(seconds[1] * 1000).toFixed(0)})`;
}
