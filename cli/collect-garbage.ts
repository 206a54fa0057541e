import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Runs one full garbage collection (V8's `gc`, reached for this call only, without exposing it to
 * the process); false when this V8 does not allow it. The heap in use is then what the program
 * holds, not what a load left behind for the collector.
 */
export function collectGarbage(): boolean {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    v8.setFlagsFromString('--no-expose-gc');
    gc();
    return true;
  } catch {
    return false;
  }
}
