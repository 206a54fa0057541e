import { spawn } from 'node:child_process';
import os from 'node:os';
import { RELAUNCHED_ENV } from './heap-size.js';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs this same command again in a child node process with `--max-old-space-size=<mb>` (stdio
 * shared) and resolves to the child's exit code. The child has its own process group, so a Ctrl-C
 * reaches it once, through this process, which forwards INT, TERM and HUP and otherwise waits.
 */
export function relaunchWithHeap(maxOldSpaceMb: number): Promise<number> {
  const args = [...process.execArgv, `--max-old-space-size=${maxOldSpaceMb}`, ...process.argv.slice(1)];
  const child = spawn(process.execPath, args, { stdio: 'inherit', detached: true, env: { ...process.env, [RELAUNCHED_ENV]: String(maxOldSpaceMb) } });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  return new Promise((resolve) => {
    const done = (code: number): void => {
      for (const signal of FORWARDED) process.off(signal, forward);
      resolve(code);
    };
    child.once('error', () => done(1));
    child.once('exit', (code, signal) => done(code ?? 128 + (signal === null ? 0 : (os.constants.signals[signal] ?? 0))));
  });
}
