import { UserError } from '../errors/user-error.js';
import { GitCommandError, runGitText } from './run-git.js';

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

/** The branch, HEAD and any operation in progress (two git processes). */
export async function readRepositoryState(repo: Repository): Promise<RepositoryState> {
  const names = ['merge', 'rebase', 'cherry-pick', 'revert'] as const;
  const refs = ['HEAD', 'MERGE_HEAD', 'REBASE_HEAD', 'CHERRY_PICK_HEAD', 'REVERT_HEAD'];
  const [branch, answers] = await Promise.all([
    runGitText(repo.dir, ['symbolic-ref', '-q', '--short', 'HEAD'], { allowed: [1, 128] }).then((text) => text.trim() || null),
    runGitText(repo.dir, ['cat-file', '--batch-check'], { input: refs.map((ref) => `${ref}\n`).join('') }),
  ]);
  // One line per ref: `<oid> <type> <size>`, or `<ref> missing`.
  const found = answers.split('\n').map((line) => (line.endsWith(' missing') || line === '' ? null : line.split(' ')[0]!));
  const index = found.slice(1, 1 + names.length).findIndex((oid) => oid !== null && oid !== undefined);
  return { branch, head: found[0] ?? null, operation: index < 0 ? null : names[index]! };
}

/** Refuses a write while git is in the middle of something or HEAD is detached: the user's state is never overwritten. */
export function assertWritable(state: RepositoryState, what: string): void {
  if (state.operation !== null)
    throw new UserError(`a ${state.operation} is in progress: finish or abort it (git ${state.operation} --continue / --abort) before ${what}`);
  if (state.branch === null) throw new UserError(`HEAD is detached (not on a branch): check out a branch before ${what}`);
}
