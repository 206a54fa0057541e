import { parseDocumentAddress } from '../server/git/document-files.js';
import { type FileHistory, readDocumentHistory } from '../server/git/document-history.js';
import { formatFieldChange } from '../server/git/format-field-change.js';
import { readPastVersion } from '../server/git/read-past-version.js';
import { resolveCommit } from '../server/git/resolve-commit.js';
import { UserError } from '../server/errors/user-error.js';
import { openGitProject, printOut } from './git-project.js';

export interface HistoryOptions {
  dir: string;
  document: string;
  locale?: string | undefined;
  limit?: number | undefined;
  json: boolean;
}

/** `cms history <type>/<documentId>`: every commit that touched the document, newest first, with the fields that changed. */
export async function runHistory(options: HistoryOptions): Promise<number> {
  const project = await openGitProject(options.dir);
  const address = parseDocumentAddress(project.registry, options.document);
  const history = await readDocumentHistory(project.repo, address, {
    registry: project.registry,
    defaultLocale: project.defaultLocale,
    locale: options.locale,
    limit: options.limit,
    locales: project.locales,
  });
  if (options.json) {
    printOut(JSON.stringify({ document: options.document, commits: history }, null, 2));
    return 0;
  }
  if (history.length === 0) printOut(`no commit touches ${options.document}`);
  for (const commit of history) {
    printOut(`${commit.commit.slice(0, 10)}  ${commit.date}  ${commit.author.name} <${commit.author.email}>\n    ${commit.message}`);
    for (const file of commit.files) {
      printOut(`  ${describeFile(file)}`);
      for (const change of file.fields) printOut(`      ${formatFieldChange(change)}`);
      if (file.error !== undefined) printOut(`      (not decoded: ${file.error})`);
    }
  }
  return 0;
}

function describeFile(file: FileHistory): string {
  const version = [file.locale, file.draft ? 'draft' : undefined].filter((part) => part !== undefined && part !== null).join(', ');
  const from = file.from === undefined ? '' : ` (from ${file.from})`;
  return `${file.change} ${file.path}${from}${version === '' ? '' : ` [${version}]`}`;
}

export interface ShowOptions {
  dir: string;
  document: string;
  commit: string;
  locale?: string | undefined;
}

/** `cms show <type>/<documentId> <commit>`: the document as the API answered it at that commit (JSON). */
export async function runShow(options: ShowOptions): Promise<number> {
  const project = await openGitProject(options.dir);
  const address = parseDocumentAddress(project.registry, options.document);
  const commit = await resolveCommit(project.repo, options.commit);
  const files = await readPastVersion(project.repo, address, {
    commit,
    registry: project.registry,
    defaultLocale: project.defaultLocale,
    locales: project.locales,
    locale: options.locale,
  });
  if (files.length === 0) throw new UserError(`${options.commit} holds no version of ${options.document}`);
  const versions = files.map((file) => ({ path: file.path, locale: file.locale, draft: file.draft, data: file.answer }));
  printOut(JSON.stringify({ commit, versions }, null, 2));
  return 0;
}
