import { UserError } from '../errors/user-error.js';
import type { ChangedFile, WorkingChanges } from './read-working-changes.js';

/**
 * The changed files a list of targets names: a document (`articles/hello-world`, a single type's
 * name) stands for all its changed files, a path for itself or every changed file below it. No
 * targets: every change. A target that names no change is a UserError.
 */
export function selectChangedFiles(changes: WorkingChanges, targets: readonly string[] | undefined): ChangedFile[] {
  const all: ChangedFile[] = [...changes.documents.flatMap((document) => document.files), ...changes.media, ...changes.schemas, ...changes.other];
  if (targets === undefined || targets.length === 0) return all;
  const chosen = new Map<string, ChangedFile>();
  for (const target of targets) {
    const clean = target.replace(/^\.\//, '').replace(/\/$/, '');
    const document = changes.documents.find((d) => d.address === clean || d.address === clean.replace(/^content\//, ''));
    const files = document?.files ?? all.filter((file) => file.path === clean || file.path.startsWith(`${clean}/`));
    if (files.length === 0) throw new UserError(`no change to ${target} (cms status lists what changed)`);
    for (const file of files) chosen.set(file.path, file);
  }
  return [...chosen.values()];
}
