import { spawn } from 'node:child_process';
import { UserError } from '../errors/user-error.js';

/** Git's answer to a command that failed: its exit code and what it said. */
export class GitCommandError extends UserError {
  constructor(
    readonly args: readonly string[],
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git ${args[0] ?? ''} failed: ${stderr.trim().split('\n')[0] ?? `exit code ${code}`}`);
  }
}

export interface GitRun {
  /** Bytes for git's standard input (`cat-file --batch`). */
  readonly input?: string;
  /** Exit codes that are answers, not failures (`diff --quiet` …). */
  readonly allowed?: readonly number[];
}

/** Most git output a command may hand back (a history of 10,000 commits is a few MB). */
const MAX_OUTPUT = 512 * 1024 * 1024;

/**
 * Runs git in `dir` with an argument array (never a shell string), the user's config, hooks and
 * credentials in force, messages in English, and no prompt. Resolves with its standard output.
 */
export function runGit(dir: string, args: readonly string[], run: GitRun = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.quotePath=off', ...args], {
      cwd: dir,
      env: { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) child.kill();
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new UserError('git is not installed (or not on PATH): history, status, commit and discard need it') : error),
    );
    child.on('close', (code) => {
      if (code === 0 || (code !== null && run.allowed?.includes(code))) resolve(Buffer.concat(out));
      else reject(new GitCommandError(args, code, Buffer.concat(err).toString('utf8')));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(run.input ?? '');
  });
}

/** Runs git and answers its output as text. */
export async function runGitText(dir: string, args: readonly string[], run: GitRun = {}): Promise<string> {
  return (await runGit(dir, args, run)).toString('utf8');
}
