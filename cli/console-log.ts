import type { ServerLog } from '../server/runtime/start-server.js';
import { createProgressLine } from './progress-line.js';

/** Logs to the terminal: info to stdout, warnings, errors and how far a long load is to stderr. */
export function createConsoleLog(): ServerLog {
  const line = createProgressLine(process.stderr);
  return {
    info: (message) => {
      line.clear();
      console.log(message);
    },
    warn: (message) => {
      line.clear();
      console.warn(`warning: ${message}`);
    },
    error: (message, error) => {
      line.clear();
      if (error === undefined) console.error(`error: ${message}`);
      else console.error(`error: ${message}:`, error instanceof Error ? (error.stack ?? error.message) : error);
    },
    progress: line.progress,
  };
}
