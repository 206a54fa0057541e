import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';
import { type TempProject, createTempProject } from './temp-project.js';

export const ANN = { name: 'Ann Author', email: 'ann@example.com' };
export const BOB = { name: 'Bob Editor', email: 'bob@example.com' };

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');

export interface CommandResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A temp copy of a fixture in a fresh git repository (user.name/email set in it), with its first commit by Ann. */
export interface GitTestProject extends TempProject {
  /** Runs git there (as Ann unless `author` is given); throws with git's message when it fails. */
  git(args: readonly string[], author?: { name: string; email: string }): string;
  /** Commits everything as `author`. */
  commitAll(message: string, author?: { name: string; email: string }): string;
  /** Runs the built cms CLI there. */
  cms(args: readonly string[], env?: NodeJS.ProcessEnv): CommandResult;
}

export function createGitProject(fixture = 'git-site'): GitTestProject {
  const project = createTempProject(fixture);
  const git = (args: readonly string[], author = ANN): string => {
    const result = spawnSync('git', ['-c', `user.name=${author.name}`, '-c', `user.email=${author.email}`, ...args], {
      cwd: project.dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email },
    });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  git(['init', '-q', '-b', 'main']);
  git(['config', 'user.name', ANN.name]);
  git(['config', 'user.email', ANN.email]);
  git(['config', 'commit.gpgsign', 'false']);
  const commitAll = (message: string, author = ANN): string => {
    git(['add', '-A'], author);
    git(['commit', '-q', '-m', message], author);
    return git(['rev-parse', 'HEAD']).trim();
  };
  commitAll('Start the site');
  const cms = (args: readonly string[], env: NodeJS.ProcessEnv = {}): CommandResult => {
    const result = spawnSync(process.execPath, [CLI, ...args], { cwd: project.dir, encoding: 'utf8', env: { ...process.env, ...env } });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  return { ...project, git, commitAll, cms };
}
