import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ensureCommitGraph, readCommitGraphState } from '../../server/git/commit-graph.js';
import { openRepository } from '../../server/git/open-repository.js';
import { BOB, type GitTestProject, createGitProject } from '../helpers/git-project.js';
import { REPO_ROOT } from '../helpers/paths.js';

let project: GitTestProject;

function graphFiles(): string[] {
  const info = path.join(project.dir, '.git/objects/info');
  const chain = path.join(info, 'commit-graphs');
  return [
    ...(fs.existsSync(path.join(info, 'commit-graph')) ? ['commit-graph'] : []),
    ...(fs.existsSync(chain) ? fs.readdirSync(chain).map((name) => `commit-graphs/${name}`) : []),
  ].sort();
}

function removeGraph(): void {
  fs.rmSync(path.join(project.dir, '.git/objects/info/commit-graph'), { force: true });
  fs.rmSync(path.join(project.dir, '.git/objects/info/commit-graphs'), { recursive: true, force: true });
}

function retitle(title: string): string {
  const data = JSON.parse(project.read('content/articles/hello.json')) as Record<string, unknown>;
  project.write('content/articles/hello.json', { ...data, title });
  return project.commitAll(`Retitle ${title}`, BOB);
}

test.before(() => {
  project = createGitProject();
  // The commit-graph serves history read without the history index.
  project.git(['config', 'cms.historyIndex', 'false']);
  retitle('One');
});
test.after(() => project.cleanup());

test('a repository without a commit-graph gets one with changed-path Bloom filters holding HEAD', async () => {
  removeGraph();
  const repo = await openRepository(project.dir);
  const before = await readCommitGraphState(repo);
  assert.is(before.fresh, false);
  assert.is(before.head, project.git(['rev-parse', 'HEAD']).trim());
  assert.ok(await ensureCommitGraph(repo));
  assert.ok(graphFiles().length > 0, 'a graph was written');
  assert.is((await readCommitGraphState(repo)).fresh, true);
  // git agrees: its own check of the files passes.
  project.git(['commit-graph', 'verify']);
});

test('a fresh commit-graph is left alone: nothing is written again', async () => {
  const repo = await openRepository(project.dir);
  await ensureCommitGraph(repo);
  const files = graphFiles();
  const times = files.map((name) => fs.statSync(path.join(project.dir, '.git/objects/info', name)).mtimeMs);
  assert.ok(await ensureCommitGraph(repo));
  assert.equal(graphFiles(), files);
  assert.equal(
    files.map((name) => fs.statSync(path.join(project.dir, '.git/objects/info', name)).mtimeMs),
    times,
  );
});

test('a commit after the graph makes it stale; the next history adds the new commit, and lists it', async () => {
  const repo = await openRepository(project.dir);
  await ensureCommitGraph(repo);
  const commit = retitle('Two');
  assert.is((await readCommitGraphState(repo)).fresh, false);
  const result = project.cms(['history', 'articles/hello', '--json']);
  assert.is(result.status, 0, result.stderr);
  const commits = (JSON.parse(result.stdout) as { commits: { commit: string }[] }).commits;
  assert.is(commits[0]?.commit, commit);
  assert.is((await readCommitGraphState(repo)).fresh, true);
  project.git(['commit-graph', 'verify']);
});

test('a commit-graph without Bloom filters (as git gc writes it) is replaced by one with them', async () => {
  removeGraph();
  project.git(['commit-graph', 'write', '--reachable']);
  const repo = await openRepository(project.dir);
  const state = await readCommitGraphState(repo);
  assert.is(state.withoutBloom, true);
  assert.is(state.fresh, false);
  assert.ok(await ensureCommitGraph(repo));
  assert.is((await readCommitGraphState(repo)).fresh, true);
  project.git(['commit-graph', 'verify']);
});

test('a one-file graph with Bloom filters that misses HEAD gets a layer for the new commits', async () => {
  removeGraph();
  project.git(['commit-graph', 'write', '--reachable', '--changed-paths']);
  retitle('Three');
  const repo = await openRepository(project.dir);
  assert.is((await readCommitGraphState(repo)).fresh, false);
  assert.ok(await ensureCommitGraph(repo));
  assert.is((await readCommitGraphState(repo)).fresh, true);
  project.git(['commit-graph', 'verify']);
});

test('git config cms.commitGraph false: nothing is written, and history still lists every commit', async () => {
  removeGraph();
  project.git(['config', 'cms.commitGraph', 'false']);
  try {
    const repo = await openRepository(project.dir);
    assert.is((await readCommitGraphState(repo)).allowed, false);
    assert.is(await ensureCommitGraph(repo), false);
    const result = project.cms(['history', 'articles/hello', '--json']);
    assert.is(result.status, 0, result.stderr);
    const commits = (JSON.parse(result.stdout) as { commits: { message: string }[] }).commits;
    assert.equal(
      commits.map((c) => c.message),
      ['Retitle Three', 'Retitle Two', 'Retitle One', 'Start the site'],
    );
    assert.equal(graphFiles(), []);
  } finally {
    project.git(['config', '--unset', 'cms.commitGraph']);
  }
});

test('a shallow clone, where git writes no commit-graph: false, and history still lists what the clone holds', async () => {
  const shallow = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-shallow-'));
  try {
    project.git(['clone', '-q', '--depth', '1', `file://${project.dir}`, shallow]);
    const repo = await openRepository(shallow);
    assert.is(await ensureCommitGraph(repo), (await readCommitGraphState(repo)).fresh);
    const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli', 'main.js'), 'history', 'articles/hello', '--json'], {
      cwd: shallow,
      encoding: 'utf8',
    });
    assert.is(result.status, 0, result.stderr);
    const commits = (JSON.parse(result.stdout) as { commits: { commit: string }[] }).commits;
    assert.equal(
      commits.map((c) => c.commit),
      [project.git(['rev-parse', 'HEAD']).trim()],
    );
  } finally {
    fs.rmSync(shallow, { recursive: true, force: true });
  }
});

test('a repository without commits: no graph, no error', async () => {
  const empty = createGitProject();
  try {
    fs.rmSync(path.join(empty.dir, '.git'), { recursive: true, force: true });
    empty.git(['init', '-q', '-b', 'main']);
    const repo = await openRepository(empty.dir);
    const state = await readCommitGraphState(repo);
    assert.is(state.head, null);
    assert.is(await ensureCommitGraph(repo), false);
  } finally {
    empty.cleanup();
  }
});

test.run();
