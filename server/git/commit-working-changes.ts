import { UserError } from '../errors/user-error.js';
import { type Repository, assertWritable, readRepositoryState } from './open-repository.js';
import { type ChangeSchemas, type ChangedFile, readWorkingChanges } from './read-working-changes.js';
import { runGit, runGitText } from './run-git.js';
import { selectChangedFiles } from './select-changed-files.js';

/** What to commit: a message, optionally some documents or paths (default: every change cms status shows). */
export interface CommitRequest {
  readonly message: string;
  /** `articles/hello-world`, single type names, or project-relative paths. */
  readonly targets?: readonly string[];
  /** The author (the signed-in administrator); default: git's configured user. */
  readonly author?: { readonly name: string; readonly email: string };
  /** Blob hashes the caller saw (cms status): a file changed since is refused, never committed unseen. */
  readonly expected?: ReadonlyMap<string, string | null>;
}

const MAX_MESSAGE = 10_000;

/** Commits the chosen changes with git (its hooks run); answers the new commit and the files in it. */
export async function commitWorkingChanges(repo: Repository, schemas: ChangeSchemas, request: CommitRequest): Promise<{ commit: string; files: string[] }> {
  const message = request.message.trim();
  if (message === '' || message.length > MAX_MESSAGE) throw new UserError(`a commit message is 1 to ${MAX_MESSAGE} characters`);
  assertWritable(await readRepositoryState(repo), 'committing');
  const changes = await readWorkingChanges(repo, schemas);
  const files = selectChangedFiles(changes, request.targets);
  if (files.length === 0) throw new UserError('nothing to commit: no change under content/, uploads/ or schemas/ matches');
  assertUnchanged(files, request.expected);
  const pathspecs = files.map((file) => `:(literal)${file.path}`);
  await runGit(repo.dir, ['add', '-A', '--', ...pathspecs]);
  const args = ['commit', '-q', '-m', message];
  if (request.author !== undefined) args.push(`--author=${authorLine(request.author)}`);
  await runGit(repo.dir, [...args, '--', ...pathspecs]);
  const commit = (await runGitText(repo.dir, ['rev-parse', 'HEAD'])).trim();
  return { commit, files: files.map((file) => file.path) };
}

/** Refuses when a file no longer holds what the caller saw. */
export function assertUnchanged(files: readonly ChangedFile[], expected: ReadonlyMap<string, string | null> | undefined): void {
  if (expected === undefined) return;
  for (const file of files) {
    if (expected.has(file.path) && expected.get(file.path) !== file.hash)
      throw new UserError(`${file.path} changed on disk since it was shown: look at it again`);
  }
}

function authorLine(author: { name: string; email: string }): string {
  const bad = /[<>\n\r\0]/;
  if (author.name.trim() === '' || bad.test(author.name) || bad.test(author.email) || !author.email.includes('@'))
    throw new UserError('an author is a name and an e-mail address');
  return `${author.name} <${author.email}>`;
}
