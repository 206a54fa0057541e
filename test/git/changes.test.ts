import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { ANN, BOB, type GitTestProject, createGitProject } from '../helpers/git-project.js';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';

interface Status {
  state: { branch: string | null; operation: string | null };
  documents: { address: string; change: string; files: { path: string; change: string; hash: string | null; fields: { field: string }[] }[] }[];
  media: { path: string; change: string }[];
  conflicted: string[];
}

function status(project: GitTestProject): Status {
  const result = project.cms(['status', '--json']);
  assert.is(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Status;
}

function edit(project: GitTestProject, rel: string, change: (data: Record<string, unknown>) => void): void {
  const data = JSON.parse(project.read(rel)) as Record<string, unknown>;
  change(data);
  project.write(rel, data);
}

test('cms status lists created, edited and deleted documents with field diffs, and media changes', () => {
  const project = createGitProject();
  try {
    edit(project, 'content/articles/hello.json', (data) => (data['title'] = 'Hello again'));
    project.write('content/categories/travel.json', { name: 'Travel' });
    project.remove('content/authors/grace.json');
    project.write('uploads/new.png', fs.readFileSync(path.join(project.dir, 'uploads/pixel.png')).toString('latin1'));
    const report = status(project);
    assert.is(report.state.branch, 'main');
    const byAddress = Object.fromEntries(report.documents.map((d) => [d.address, d]));
    assert.equal(Object.keys(byAddress).sort(), ['articles/hello', 'authors/grace', 'categories/travel']);
    assert.is(byAddress['articles/hello']!.change, 'edited');
    assert.equal(
      byAddress['articles/hello']!.files[0]!.fields.map((f) => f.field),
      ['title'],
    );
    assert.is(byAddress['categories/travel']!.change, 'created');
    assert.is(byAddress['authors/grace']!.change, 'deleted');
    assert.equal(
      report.media.map((m) => [m.path, m.change]),
      [['uploads/new.png', 'created']],
    );
    const text = project.cms(['status']).stdout;
    assert.match(text, "title: 'Hello' → 'Hello again'");
  } finally {
    project.cleanup();
  }
});

test('cms commit commits the documents named (author: git’s user), and everything else stays changed', () => {
  const project = createGitProject();
  try {
    edit(project, 'content/articles/hello.json', (data) => (data['title'] = 'Hello again'));
    edit(project, 'content/categories/news.json', (data) => (data['name'] = 'Latest'));
    const result = project.cms(['commit', '-m', 'Retitle hello', 'articles/hello']);
    assert.is(result.status, 0, result.stderr);
    assert.is(project.git(['log', '-1', '--format=%an|%s']).trim(), `${ANN.name}|Retitle hello`);
    assert.is(project.git(['show', '--name-only', '--format=', 'HEAD']).trim(), 'content/articles/hello.json');
    assert.equal(
      status(project).documents.map((d) => d.address),
      ['categories/news'],
    );
    const all = project.cms(['commit', '-m', 'The rest']);
    assert.is(all.status, 0, all.stderr);
    assert.equal(status(project).documents, []);
    const nothing = project.cms(['commit', '-m', 'Again']);
    assert.is(nothing.status, 1);
    assert.match(nothing.stderr, 'nothing to commit');
  } finally {
    project.cleanup();
  }
});

test('cms discard puts a document back byte for byte and removes a created one', () => {
  const project = createGitProject();
  try {
    const before = project.read('content/articles/notes.md');
    project.write('content/articles/notes.md', before.replace('First paragraph.', 'Changed.'));
    project.write('content/articles/extra.json', { title: 'Extra' });
    project.remove('content/authors/grace.json');
    for (const target of ['articles/notes', 'articles/extra', 'content/authors/grace.json']) {
      const result = project.cms(['discard', target]);
      assert.is(result.status, 0, result.stderr);
    }
    assert.is(project.read('content/articles/notes.md'), before);
    assert.not.ok(project.exists('content/articles/extra.json'));
    assert.ok(project.exists('content/authors/grace.json'));
    assert.equal(status(project).documents, []);
    const none = project.cms(['discard', 'articles/notes']);
    assert.is(none.status, 1);
    assert.match(none.stderr, 'no change to articles/notes');
  } finally {
    project.cleanup();
  }
});

test('a merge conflict is reported; commit and discard refuse to run until it is resolved', () => {
  const project = createGitProject();
  try {
    project.git(['checkout', '-q', '-b', 'other']);
    edit(project, 'content/articles/hello.json', (data) => (data['title'] = 'Theirs'));
    project.commitAll('Theirs', BOB);
    project.git(['checkout', '-q', 'main']);
    edit(project, 'content/articles/hello.json', (data) => (data['title'] = 'Ours'));
    project.commitAll('Ours');
    assert.throws(() => project.git(['merge', '-q', 'other']));
    edit(project, 'content/categories/news.json', (data) => (data['name'] = 'Latest'));
    const report = status(project);
    assert.is(report.state.operation, 'merge');
    assert.equal(report.conflicted, ['content/articles/hello.json']);
    assert.match(project.cms(['status']).stdout, 'a merge is in progress');
    const commit = project.cms(['commit', '-m', 'x']);
    assert.is(commit.status, 1);
    assert.match(commit.stderr, 'a merge is in progress');
    const discard = project.cms(['discard', 'categories/news']);
    assert.is(discard.status, 1);
    assert.match(project.read('content/articles/hello.json'), '<<<<<<<');
    assert.match(project.read('content/categories/news.json'), 'Latest');
  } finally {
    project.cleanup();
  }
});

test('on a detached HEAD cms status says so and cms commit refuses', () => {
  const project = createGitProject();
  try {
    project.git(['checkout', '-q', '--detach']);
    edit(project, 'content/categories/news.json', (data) => (data['name'] = 'Latest'));
    assert.is(status(project).state.branch, null);
    const commit = project.cms(['commit', '-m', 'x']);
    assert.is(commit.status, 1);
    assert.match(commit.stderr, 'HEAD is detached');
  } finally {
    project.cleanup();
  }
});

test('outside a git repository the git commands say so clearly, and cms check still works', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-nogit-'));
  try {
    fs.cpSync(path.join(FIXTURES_DIR, 'git-site'), dir, { recursive: true });
    const run = (args: string[]) =>
      spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli', 'main.js'), ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(dir) },
      });
    const result = run(['status']);
    assert.is(result.status, 1);
    assert.match(result.stderr, 'is not inside a git repository');
    assert.is(run(['history', 'articles/hello']).status, 1);
    assert.is(run(['check']).status, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
