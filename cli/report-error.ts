import { format } from 'node:util';
import { FileError } from '../server/errors/file-error.js';
import { UserError } from '../server/errors/user-error.js';

/**
 * The CLI's one error path: prints what a command threw for the user and returns the exit code.
 * A FileError shows as `file:line:column: message`, a UserError as its message (exit code 1, or
 * its own); `failure` (`cannot start`) prefixes both. Anything else is a bug: rethrown, so it
 * crashes with its stack, unless `failure` is given, which then reports it with the stack.
 */
export function reportError(error: unknown, failure?: string, write: (line: string) => void = (line) => console.error(line)): number {
  const prefix = failure === undefined ? 'error: ' : `error: ${failure}: `;
  if (error instanceof FileError) write(prefix + error.format());
  else if (error instanceof UserError) write(prefix + error.message);
  else if (failure !== undefined) write(format(`error: ${failure}:`, error instanceof Error ? (error.stack ?? error.message) : error));
  else throw error;
  return error instanceof UserError ? error.exitCode : 1;
}
