import type { FileError } from '../errors/file-error.js';
import type { CheckProblem, CheckRule } from './check-problem.js';

/** A FileError (thrown by the store and schema loaders) as a check problem of the given rule. */
export function problemFromFileError(error: FileError, rule: CheckRule): CheckProblem {
  return { file: error.file, line: error.line, column: error.line === undefined ? undefined : (error.column ?? 1), rule, message: error.message };
}
