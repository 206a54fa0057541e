import { UserError } from '../errors/user-error.js';
import type { Repository } from './open-repository.js';
import { runGitText } from './run-git.js';

/** Commit names a user may give: hashes, branches, tags, `HEAD~2` — never something git would read as an option. */
const REVISION = /^[A-Za-z0-9._/~^@{}][A-Za-z0-9._/~^@{}-]{0,199}$/;

/** The full hash of a commit named by the user; a UserError when there is no such commit. */
export async function resolveCommit(repo: Repository, revision: string): Promise<string> {
  if (!REVISION.test(revision)) throw new UserError(`"${revision}" is not a commit name`);
  try {
    return (await runGitText(repo.dir, ['rev-parse', '--verify', '-q', '--end-of-options', `${revision}^{commit}`])).trim();
  } catch {
    throw new UserError(`no commit "${revision}" in this repository`);
  }
}
