import { UserError } from '../errors/user-error.js';
import { removeProjectFile } from '../store/project-files.js';
import { assertUnchanged } from './commit-working-changes.js';
import { type Repository, readRepositoryState } from './open-repository.js';
import { type ChangeSchemas, readWorkingChanges } from './read-working-changes.js';
import { runGit } from './run-git.js';
import { selectChangedFiles } from './select-changed-files.js';

/**
 * Puts files back to their last committed version (a created file is removed): git restores them
 * byte for byte, and a running server's watcher follows. Refused while a merge or rebase is in
 * progress, for a file in conflict, or for one that changed since the caller saw it.
 */
export async function discardChanges(
  repo: Repository,
  schemas: ChangeSchemas,
  request: { targets: readonly string[]; expected?: ReadonlyMap<string, string | null> },
): Promise<{ restored: string[]; removed: string[] }> {
  const state = await readRepositoryState(repo);
  if (state.operation !== null) throw new UserError(`a ${state.operation} is in progress: finish or abort it before discarding changes`);
  if (request.targets.length === 0) throw new UserError('name what to discard: <type>/<documentId> or a path');
  const changes = await readWorkingChanges(repo, schemas);
  const files = selectChangedFiles(changes, request.targets);
  assertUnchanged(files, request.expected);
  const restored = files.filter((file) => file.change !== 'created').map((file) => file.path);
  const removed = files.filter((file) => file.change === 'created').map((file) => file.path);
  if (restored.length > 0) await runGit(repo.dir, ['restore', '--source=HEAD', '--staged', '--worktree', '--', ...restored.map((path) => `:(literal)${path}`)]);
  if (removed.length > 0) {
    await runGit(repo.dir, ['rm', '-q', '--cached', '--ignore-unmatch', '--', ...removed.map((path) => `:(literal)${path}`)]);
    for (const path of removed) removeProjectFile(repo.dir, path);
  }
  return { restored, removed };
}
