import { FileError } from '../errors/file-error.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { type ContentFile, parseContentPath } from '../store/content-path.js';
import { listContentEntries } from '../store/list-content-entries.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import type { CheckProblem } from './check-problem.js';
import { problemFromFileError } from './problem-from-file-error.js';

export interface ContentListing {
  /** Every content file whose name fits the rules, sorted by path. */
  readonly files: ContentFile[];
  readonly problems: CheckProblem[];
}

/**
 * Lists content/ from the directory entries alone (no file is opened): the files the server reads,
 * and a problem for every path it would skip or refuse.
 */
export function listContentFiles(projectDir: string, registry: SchemaRegistry): ContentListing {
  const files: ContentFile[] = [];
  const problems: CheckProblem[] = [];
  const entries = listContentEntries(projectDir);
  for (const { path, reason } of entries.refused) problems.push({ file: path, line: undefined, column: undefined, rule: 'unsafe-file', message: reason });
  const paths = entries.files.map((name) => `${CONTENT_DIR}/${name}`);
  for (const folder of entries.folders) {
    for (const inner of folder.entries) {
      const rel = `${CONTENT_DIR}/${folder.name}/${inner.name}`;
      if (inner.isFolder) problems.push(skipped(rel, `folders inside ${CONTENT_DIR}/${folder.name}/ are not read: move its files up`));
      else paths.push(rel);
    }
  }
  paths.sort();
  for (const rel of paths) {
    try {
      const file = parseContentPath(registry, rel);
      if (file !== undefined) files.push(file);
      else problems.push(skipped(rel, 'not a content file, so it is not read: content files end in .json or .md'));
    } catch (error) {
      problems.push(problemFromFileError(error instanceof FileError ? error : new FileError(rel, String(error)), 'file-name'));
    }
  }
  return { files, problems };
}

function skipped(file: string, message: string): CheckProblem {
  return { file, line: undefined, column: undefined, rule: 'file-name', message };
}
