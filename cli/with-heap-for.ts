import { UserError } from '../server/errors/user-error.js';
import type { ReadAhead } from '../server/store/read-ahead.js';

/**
 * Runs `command` unless the project in `dir` needs a larger heap than this process has: then the
 * same command starts again in a child with one, and its exit code is the answer (`readAhead` is
 * dropped first). A project this machine cannot hold fails here, before loading, saying what to set.
 */
export async function withHeapFor(dir: string, command: () => Promise<number>, readAhead?: ReadAhead): Promise<number> {
  const { RELAUNCHED_ENV, planHeap, readHeapFacts } = await import('./heap-size.js');
  // Relaunched with a heap sized for this project: counted already.
  if (process.env[RELAUNCHED_ENV] !== undefined) return command();
  const plan = planHeap(await readHeapFacts(dir));
  switch (plan.kind) {
    case 'fits':
      return command();
    case 'warn':
      console.error(`warning: ${plan.warning}`);
      return command();
    case 'too-large':
      readAhead?.close();
      throw new UserError(plan.message);
    case 'relaunch': {
      readAhead?.close();
      console.log(plan.note);
      return (await import('./relaunch-with-heap.js')).relaunchWithHeap(plan.maxOldSpaceMb);
    }
  }
}

/** Starts loading a command's module now (beside the heap check), without an unhandled rejection when it is not used. */
export function preload<T>(module: Promise<T>): Promise<T> {
  module.catch(() => undefined);
  return module;
}
