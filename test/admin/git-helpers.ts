import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ANN } from '../helpers/git-project.js';

/** Runs git in `dir` as `author` (Ann unless told); throws with git's message when it fails. */
export function gitIn(dir: string, args: readonly string[], author: { name: string; email: string } = ANN): string {
  const result = spawnSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** Puts a project folder into a fresh repository (admins/ and .cms/ ignored) and commits it all as Ann. */
export function initRepository(dir: string): void {
  gitIn(dir, ['init', '-q', '-b', 'main']);
  gitIn(dir, ['config', 'user.name', ANN.name]);
  gitIn(dir, ['config', 'user.email', ANN.email]);
  gitIn(dir, ['config', 'commit.gpgsign', 'false']);
  fs.writeFileSync(path.join(dir, '.gitignore'), 'admins/\n.cms/\n');
  commitAllIn(dir, 'Start the site');
}

/** Commits every change as `author`; answers the new commit's hash. */
export function commitAllIn(dir: string, message: string, author: { name: string; email: string } = ANN): string {
  gitIn(dir, ['add', '-A'], author);
  gitIn(dir, ['commit', '-q', '-m', message], author);
  return gitIn(dir, ['rev-parse', 'HEAD']).trim();
}

/** Changes a JSON document file in place. */
export function editJson(dir: string, rel: string, edit: (data: Record<string, unknown>) => void): void {
  const file = path.join(dir, rel);
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  edit(data);
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** `git status --porcelain` under content/, one line per file. */
export function contentStatus(dir: string): string[] {
  return gitIn(dir, ['status', '--porcelain', '--untracked-files=all', '--', 'content'])
    .split('\n')
    .filter((line) => line !== '');
}
