import type { CmsConfig } from '../config/cms-config.js';
import { readConfigText } from '../store/config-file.js';
import { loadConfig } from '../store/load-config.js';
import { RefusedFileError } from '../store/plain-file.js';
import { CONFIG_FILE } from '../config/config-file.js';
import { UserError } from '../errors/user-error.js';
import { FileError } from '../errors/file-error.js';
import { parseJson } from '../schema/parse-json.js';
import type { CheckProblem } from './check-problem.js';
import { findMergeConflict } from './find-merge-conflict.js';
import { locateJsonPath } from '../schema/locate-json-path.js';
import { problemFromFileError } from './problem-from-file-error.js';

export interface ConfigCheck {
  /** Undefined when cms.config.json cannot be loaded. */
  readonly config: CmsConfig | undefined;
  readonly problems: CheckProblem[];
}

/** Loads cms.config.json as the server would, from the file alone (the environment is a deploy's business). */
export function checkConfig(projectDir: string): ConfigCheck {
  const fail = (problem: CheckProblem): ConfigCheck => ({ config: undefined, problems: [problem] });
  let text: string | undefined;
  try {
    text = readConfigText(projectDir);
  } catch (error) {
    if (error instanceof RefusedFileError) return fail(problemFromFileError(error, 'unsafe-file'));
    throw error;
  }
  if (text !== undefined) {
    const conflict = findMergeConflict(text);
    if (conflict !== undefined) return fail({ file: CONFIG_FILE, ...conflict, rule: 'merge-conflict', message: 'unresolved git merge conflict' });
    try {
      parseJson(text, CONFIG_FILE);
    } catch (error) {
      if (error instanceof FileError) return fail(problemFromFileError(error, 'syntax'));
      throw error;
    }
  }
  try {
    return { config: loadConfig(projectDir, {}, {}), problems: [] };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const message = error.message.startsWith(`${CONFIG_FILE}: `) ? error.message.slice(CONFIG_FILE.length + 2) : error.message;
    // Messages start with the option they are about: `i18n.locales[1]: expected …`.
    const option = /^([\w$.[\]-]+): /.exec(message)?.[1];
    const position = option === undefined || text === undefined ? undefined : locateJsonPath(text, option.replace(/\[(\d+)\]/g, '.$1').split('.'));
    return fail({ file: CONFIG_FILE, line: position?.line, column: position?.column, rule: 'config', message });
  }
}
