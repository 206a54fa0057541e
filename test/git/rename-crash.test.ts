import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type GitTestProject, createGitProject } from '../helpers/git-project.js';
import { REPO_ROOT } from '../helpers/paths.js';

/** The files `cms mv authors/ada ada-lovelace` touches, and which documentId each names in each state. */
const REFERENCES: readonly [string, (data: Record<string, unknown>) => unknown][] = [
  ['content/articles/hello.json', (data) => (data['seo'] as Record<string, unknown>)['author']],
  ['content/articles/hello.fr.json', (data) => (data['seo'] as Record<string, unknown>)['author']],
  ['content/authors/grace.json', (data) => data['mentor']],
];

/** 'old' or 'new' when every file agrees, else 'mixed'. */
function stateOf(project: GitTestProject): string {
  const seen = new Set<string>();
  seen.add(project.exists('content/authors/ada.json') ? 'old' : 'gone');
  seen.add(project.exists('content/authors/ada-lovelace.json') ? 'new' : 'gone');
  for (const [file, read] of REFERENCES) {
    const id = read(JSON.parse(project.read(file)) as Record<string, unknown>);
    seen.add(id === 'ada' ? 'old' : id === 'ada-lovelace' ? 'new' : `other:${String(id)}`);
  }
  seen.delete('gone');
  return seen.size === 1 ? [...seen][0]! : 'mixed';
}

/** Starts `cms mv` pausing between its file steps, and kills it (SIGKILL) once `ready` holds or after `ms`. */
async function killDuringMove(project: GitTestProject, when: { ms: number; ready?: () => boolean }): Promise<void> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli', 'main.js'), 'mv', 'authors/ada', 'ada-lovelace'], {
    cwd: project.dir,
    env: { ...process.env, CMS_JOURNAL_PAUSE_MS: '300' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const started = Date.now();
  while (Date.now() - started < when.ms && !(when.ready?.() ?? false)) await sleep(5);
  child.kill('SIGKILL');
  await exited;
}

test('a cms mv killed half-way is finished by the next cms command: the new state, never a mix', async () => {
  const project = createGitProject();
  try {
    // Killed once the new file is written and before the old one is gone: the files are mixed now.
    await killDuringMove(project, { ms: 30_000, ready: () => project.exists('content/authors/ada-lovelace.json') });
    assert.ok(project.exists('content/authors/ada.json'), 'killed before the end');
    assert.is(stateOf(project), 'mixed');
    const check = project.cms(['check']);
    assert.is(check.status, 0, check.stdout);
    assert.is(stateOf(project), 'new');
    assert.equal(fs.readdirSync(path.join(project.dir, '.cms/journal')), []);
  } finally {
    project.cleanup();
  }
});

test('a cms mv killed at any moment leaves the old or the new state once any command has run', async () => {
  for (const ms of [0, 40, 120, 400, 700, 1_000]) {
    const project = createGitProject();
    try {
      await killDuringMove(project, { ms });
      const status = project.cms(['status', '--json']);
      assert.is(status.status, 0, status.stderr);
      const state = stateOf(project);
      assert.ok(state === 'old' || state === 'new', `killed after ${ms} ms: ${state}`);
      assert.is(project.cms(['check']).status, 0);
    } finally {
      project.cleanup();
    }
  }
});

test.run();
