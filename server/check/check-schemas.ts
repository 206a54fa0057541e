import { FileError } from '../errors/file-error.js';
import { loadSchemas } from '../store/load-schemas.js';
import { RefusedFileError } from '../store/plain-file.js';
import { type SchemaFiles, readSchemaTexts } from '../store/read-schema-texts.js';
import { parseJson } from '../schema/parse-json.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { CheckProblem } from './check-problem.js';
import { findMergeConflict } from './find-merge-conflict.js';
import { locateJsonPath } from '../schema/locate-json-path.js';
import { problemFromFileError } from './problem-from-file-error.js';

export interface SchemaCheck {
  /** Undefined when the schemas cannot be loaded: content cannot be checked then. */
  readonly registry: SchemaRegistry | undefined;
  readonly problems: CheckProblem[];
}

/**
 * Reads every schema file for syntax (all of them, so one run lists every broken file), then loads
 * the registry, which checks each schema and the links between them and stops at the first problem.
 */
export function checkSchemas(projectDir: string): SchemaCheck {
  const problems: CheckProblem[] = [];
  const texts = new Map<string, string>();
  let schemas: SchemaFiles | undefined;
  try {
    schemas = readSchemaTexts(projectDir);
  } catch (error) {
    if (error instanceof RefusedFileError) return { registry: undefined, problems: [problemFromFileError(error, 'unsafe-file')] };
    throw error;
  }
  // Skipped, as the server skips them: the other schema files are still checked.
  const refused = (schemas?.refused ?? []).map(({ path, reason }): CheckProblem => ({
    file: path,
    line: undefined,
    column: undefined,
    rule: 'unsafe-file',
    message: reason,
  }));
  const files = schemas === undefined ? [] : [...schemas.components, ...schemas.contentTypes].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const { file, text } of files) {
    texts.set(file, text);
    const conflict = findMergeConflict(text);
    if (conflict !== undefined) {
      problems.push({ file, ...conflict, rule: 'merge-conflict', message: 'unresolved git merge conflict' });
      continue;
    }
    try {
      parseJson(text, file);
    } catch (error) {
      if (!(error instanceof FileError)) throw error;
      problems.push(problemFromFileError(error, 'syntax'));
    }
  }
  if (problems.length > 0) return { registry: undefined, problems: problems.concat(refused) };
  try {
    return { registry: loadSchemas(projectDir), problems: refused };
  } catch (error) {
    if (!(error instanceof FileError)) throw error;
    const text = texts.get(error.file);
    const position = error.line === undefined && text !== undefined ? locateJsonPath(text, keyPathOf(error.message)) : undefined;
    const located = position === undefined ? problemFromFileError(error, 'schema') : { ...problemFromFileError(error, 'schema'), ...position };
    return { registry: undefined, problems: [located, ...refused] };
  }
}

/** The key a schema error is about: `attribute "title": …` → attributes.title, `info.pluralName …` → info.pluralName. */
function keyPathOf(message: string): string[] {
  const attribute = /^attribute "([^"]+)"/.exec(message)?.[1];
  if (attribute !== undefined) return ['attributes', attribute];
  const info = /^info\.(\w+)/.exec(message)?.[1];
  if (info !== undefined) return ['info', info];
  return /^kind /.test(message) ? ['kind'] : [];
}
