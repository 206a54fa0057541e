import type { ServerLog } from '../server/runtime/start-server.js';

/** Logs to the terminal: info to stdout, warnings and errors to stderr. */
export function createConsoleLog(): ServerLog {
  return {
    info: (message) => console.log(message),
    warn: (message) => console.warn(`warning: ${message}`),
    error: (message, error) => {
      if (error === undefined) console.error(`error: ${message}`);
      else console.error(`error: ${message}:`, error instanceof Error ? (error.stack ?? error.message) : error);
    },
  };
}
