import { UserError } from '../errors/user-error.js';
import { GitCommandError, runGit, runGitText } from './run-git.js';

/** The git repository a project lives in. */
export interface Repository {
  /** The project folder (git runs there; pathspecs are relative to it). */
  readonly dir: string;
  /** The project folder's path inside the repository, '' or ending in '/'. */
  readonly prefix: string;
}

/** Where the repository stands: what a write to it must not overlook. */
export interface RepositoryState {
  /** The checked-out branch; null on a detached HEAD. */
  readonly branch: string | null;
  /** The commit HEAD points at; null before the first commit. */
  readonly head: string | null;
  /** A merge, rebase, cherry-pick or revert is in progress (git says which). */
  readonly operation: 'merge' | 'rebase' | 'cherry-pick' | 'revert' | null;
}

/** The project is not inside a git repository: the git commands cannot run, the rest of cms works. */
export class NotARepositoryError extends UserError {
  constructor(dir: string) {
    super(`${dir} is not inside a git repository: history, status, commit, discard and restore need one (run git init); serve, check and export work without`);
  }
}

/** The repository holding a project folder; a NotARepositoryError when there is none. */
export async function openRepository(dir: string): Promise<Repository> {
  let prefix: string;
  try {
    prefix = (await runGitText(dir, ['rev-parse', '--show-prefix'])).trim();
  } catch (error) {
    if (error instanceof GitCommandError && /not a git repository/i.test(error.stderr)) throw new NotARepositoryError(dir);
    throw error;
  }
  return { dir, prefix };
}

/** The branch, HEAD and any operation in progress. */
export async function readRepositoryState(repo: Repository): Promise<RepositoryState> {
  const [branch, head, ...pending] = await Promise.all([
    verify(repo, ['symbolic-ref', '-q', '--short', 'HEAD']),
    verify(repo, ['rev-parse', '-q', '--verify', 'HEAD^{commit}']),
    verify(repo, ['rev-parse', '-q', '--verify', 'MERGE_HEAD']),
    verify(repo, ['rev-parse', '-q', '--verify', 'REBASE_HEAD']),
    verify(repo, ['rev-parse', '-q', '--verify', 'CHERRY_PICK_HEAD']),
    verify(repo, ['rev-parse', '-q', '--verify', 'REVERT_HEAD']),
  ]);
  const names = ['merge', 'rebase', 'cherry-pick', 'revert'] as const;
  const index = pending.findIndex((ref) => ref !== null);
  return { branch, head, operation: index < 0 ? null : names[index]! };
}

/** Refuses a write while git is in the middle of something or HEAD is detached: the user's state is never overwritten. */
export function assertWritable(state: RepositoryState, what: string): void {
  if (state.operation !== null)
    throw new UserError(`a ${state.operation} is in progress: finish or abort it (git ${state.operation} --continue / --abort) before ${what}`);
  if (state.branch === null) throw new UserError(`HEAD is detached (not on a branch): check out a branch before ${what}`);
}

/** A ref's value, or null when git answers that there is none. */
async function verify(repo: Repository, args: string[]): Promise<string | null> {
  const out = await runGit(repo.dir, args, { allowed: [1, 128] }).catch(() => Buffer.alloc(0));
  const text = out.toString('utf8').trim();
  return text === '' ? null : text;
}
