#!/usr/bin/env node
// History of one document in a large repository, side by side with the bare `git log` of its file.
//
//   npm run build && node bench/git-history.mjs [--docs 100000] [--commits 10000] [--dir <tmp>/cms-bench/git-history]
//
// The repository is generated once (git fast-import) and kept; --regenerate makes it again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { distFile } from './lib/dist-path.mjs';
import { TARGET, generateGitRepo } from './lib/git-repo.mjs';
import { machineNote } from './lib/machine-note.mjs';

const { values } = parseArgs({
  options: {
    docs: { type: 'string', default: '100000' },
    commits: { type: 'string', default: '10000' },
    dir: { type: 'string' },
    regenerate: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'commit-graph': { type: 'boolean', default: false },
  },
});
const docs = Number(values.docs);
const commits = Number(values.commits);
const dir = values.dir ?? path.join(os.tmpdir(), 'cms-bench', `git-${docs}-${commits}`);
console.log(machineNote());
if (values.regenerate || !fs.existsSync(path.join(dir, '.git'))) {
  const seconds = await generateGitRepo(dir, { docs, commits });
  console.log(`generated ${docs} documents, ${commits + 1} commits in ${seconds.toFixed(1)} s: ${dir}`);
}

const { openRepository } = await import(distFile('server/git/open-repository.js'));
const { readDocumentHistory } = await import(distFile('server/git/document-history.js'));
const { loadSchemas } = await import(distFile('server/store/load-schemas.js'));
const registry = loadSchemas(dir);
const type = registry.byRouteName.get('articles');
const repo = await openRepository(dir);

function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const bare = [];
const ours = [];
let length = 0;
for (let run = 0; run < Number(values.runs); run++) {
  let start = performance.now();
  spawnSync('git', ['log', '--format=%H', '--name-status', '--', `content/articles/${TARGET}.json`], { cwd: dir });
  bare.push(performance.now() - start);
  start = performance.now();
  const history = await readDocumentHistory(repo, { type, documentId: TARGET }, { registry, defaultLocale: 'en' });
  ours.push(performance.now() - start);
  length = history.length;
}
let start = performance.now();
const cli = spawnSync(process.execPath, [distFile('cli/main.js'), 'history', `articles/${TARGET}`, '--json'], { cwd: dir });
const cliMs = performance.now() - start;
if (cli.status !== 0) throw new Error(cli.stderr.toString());
console.log(`history of articles/${TARGET}: ${length} commits with field diffs`);
console.log(`  readDocumentHistory  median ${median(ours).toFixed(0)} ms (runs: ${ours.map((ms) => ms.toFixed(0)).join(', ')})`);
console.log(`  bare git log -- file median ${median(bare).toFixed(0)} ms (runs: ${bare.map((ms) => ms.toFixed(0)).join(', ')})`);
console.log(`  cms history --json   ${cliMs.toFixed(0)} ms (a whole process: node start, config, schemas)`);

// What git's changed-path Bloom filters (a commit-graph) would give a one-literal-path log: the
// path a future version could take (cms reads all of a document's names with one glob today,
// which Bloom filters do not serve).
if (process.argv.includes('--commit-graph')) {
  start = performance.now();
  spawnSync('git', ['commit-graph', 'write', '--reachable', '--changed-paths'], { cwd: dir });
  console.log(`  git commit-graph write --changed-paths: ${(performance.now() - start).toFixed(0)} ms`);
  const bloom = [];
  for (let run = 0; run < Number(values.runs); run++) {
    start = performance.now();
    spawnSync('git', ['log', '--format=%H', '--name-status', '--', `content/articles/${TARGET}.json`], { cwd: dir });
    bloom.push(performance.now() - start);
  }
  console.log(`  bare git log -- file, with Bloom filters: median ${median(bloom).toFixed(0)} ms`);
}
