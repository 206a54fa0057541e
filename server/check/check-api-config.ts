import { projectRestOption } from '../config/project-api-option.js';
import { FileError } from '../errors/file-error.js';
import { UserError } from '../errors/user-error.js';
import { readProjectApi } from '../project/read-project-api.js';
import { findApiConfigFile } from '../store/api-config-file.js';
import { readProjectText } from '../store/project-files.js';
import type { CheckProblem } from './check-problem.js';
import { problemFromFileError } from './problem-from-file-error.js';

/**
 * A Strapi project's `config/api.*` loaded as the server loads it (from the file alone: `env()`
 * gives its defaults), and its `rest` settings checked: a file that does not load, or a bad value,
 * is a `config` problem naming the file and the line of the key. No file, no problem (and no loader).
 */
export async function checkApiConfig(projectDir: string): Promise<CheckProblem[]> {
  const file = findApiConfigFile(projectDir);
  if (file === undefined) return [];
  try {
    projectRestOption((await readProjectApi(projectDir, {}))!);
    return [];
  } catch (error) {
    if (error instanceof FileError) return [problemFromFileError(error, 'config')];
    if (!(error instanceof UserError)) throw error;
    const message = error.message.startsWith(`${file}: `) ? error.message.slice(file.length + 2) : error.message;
    // Messages start with the option they are about: `rest.maxLimit: expected …`.
    const key = /^rest\.(\w+): /.exec(message)?.[1] ?? (/^rest: /.test(message) ? 'rest' : undefined);
    const line = key === undefined ? undefined : lineOfKey(readProjectText(projectDir, file) ?? '', key);
    return [{ file, line, column: line === undefined ? undefined : 1, rule: 'config', message }];
  }
}

/** The first line where `key` is written as an object key (`maxLimit:`, `"maxLimit":`). */
function lineOfKey(text: string, key: string): number | undefined {
  const pattern = new RegExp(`(^|[\\s{,])["']?${key}["']?\\s*:`);
  const at = text.split('\n').findIndex((line) => pattern.test(line));
  return at < 0 ? undefined : at + 1;
}
