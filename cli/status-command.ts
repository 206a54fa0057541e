import { commitWorkingChanges } from '../server/git/commit-working-changes.js';
import { discardChanges } from '../server/git/discard-changes.js';
import { formatFieldChange } from '../server/git/format-field-change.js';
import { type ChangedFile, readWorkingChanges } from '../server/git/read-working-changes.js';
import { openGitProject, printOut } from './git-project.js';

/** `cms status`: what changed under content/, uploads/ and schemas/ since the last commit, per document. */
export async function runStatus(options: { dir: string; json: boolean }): Promise<number> {
  const project = await openGitProject(options.dir);
  const changes = await readWorkingChanges(project.repo, project);
  if (options.json) {
    printOut(JSON.stringify(changes, null, 2));
    return 0;
  }
  const { state } = changes;
  printOut(
    state.branch === null
      ? `HEAD detached at ${state.head?.slice(0, 10) ?? '(no commit)'}`
      : `on branch ${state.branch}${state.head === null ? ' (no commit yet)' : ''}`,
  );
  if (state.operation !== null) printOut(`a ${state.operation} is in progress: commit and discard wait until it is finished or aborted`);
  for (const path of changes.conflicted) printOut(`conflict  ${path}`);
  for (const document of changes.documents) {
    printOut(`${document.change.padEnd(8)}  ${document.address}`);
    for (const file of document.files) {
      const version = [file.locale, file.draft ? 'draft' : undefined].filter((part) => part !== undefined && part !== null).join(', ');
      if (document.files.length > 1 || version !== '') printOut(`    ${file.change} ${file.path}${version === '' ? '' : ` [${version}]`}`);
      for (const change of file.fields) printOut(`      ${formatFieldChange(change)}`);
      if (file.error !== undefined) printOut(`      (not decoded: ${file.error})`);
    }
  }
  const files = (list: readonly ChangedFile[]): void => list.forEach((file) => printOut(`${file.change.padEnd(8)}  ${file.path}`));
  files(changes.media);
  files(changes.schemas);
  files(changes.other);
  const count = changes.documents.length + changes.media.length + changes.schemas.length + changes.other.length;
  if (count === 0 && changes.conflicted.length === 0) printOut('nothing changed since the last commit');
  return 0;
}

/** `cms commit -m <message> [targets…]`: commits the changes cms status shows (or the documents and paths named). */
export async function runCommit(options: { dir: string; message: string; targets: string[] }): Promise<number> {
  const project = await openGitProject(options.dir);
  const result = await commitWorkingChanges(project.repo, project, { message: options.message, targets: options.targets });
  printOut(`${result.commit.slice(0, 10)}  ${result.files.length} file${result.files.length === 1 ? '' : 's'}`);
  for (const file of result.files) printOut(`  ${file}`);
  return 0;
}

/** `cms discard <targets…>`: puts the named documents' or paths' files back to their committed version. */
export async function runDiscard(options: { dir: string; targets: string[] }): Promise<number> {
  const project = await openGitProject(options.dir);
  const result = await discardChanges(project.repo, project, { targets: options.targets });
  for (const file of result.restored) printOut(`restored  ${file}`);
  for (const file of result.removed) printOut(`removed   ${file}`);
  return 0;
}
