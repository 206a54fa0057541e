import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** The heap in use, and whether it was measured right after a full collection. */
export interface HeapInUse {
  readonly bytes: number;
  readonly collected: boolean;
}

/**
 * Below this much heap a full collection is forced (tens of milliseconds); above it, V8's own are
 * watched. A forced one is atomic: at a million documents (a heap of ~900 MB) it stopped the
 * server for 3.5 s, requests waiting; V8's own marks a step at a time between them.
 */
const FORCE_BELOW_BYTES = 256 * 2 ** 20;

/**
 * Watches V8's full collections from now on (a server's start: its work after listening makes
 * several on a large heap), keeping the heap in use right after the last one.
 */
export class HeapWatch {
  private last: number | undefined;
  private waiting: (() => void) | undefined;
  private readonly observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((entry) => (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) return;
    this.last = process.memoryUsage().heapUsed;
    this.waiting?.();
  });

  /** `forceBelow`: the heap in use under which `inUse` forces a collection. */
  constructor(private readonly forceBelow = FORCE_BELOW_BYTES) {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /**
   * The heap the program holds, not what a load left behind for the collector: after a full
   * collection forced now on a small heap; on a large one, after V8's last (or next, waiting up to
   * `waitMs`); failing both, as it is (`collected` false). Stops watching.
   */
  async inUse(waitMs: number): Promise<HeapInUse> {
    if (process.memoryUsage().heapUsed < this.forceBelow && collectGarbage()) this.last = process.memoryUsage().heapUsed;
    if (this.last === undefined) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        timer.unref();
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.stop();
    return this.last === undefined ? { bytes: process.memoryUsage().heapUsed, collected: false } : { bytes: this.last, collected: true };
  }

  /** Stops watching (`inUse` does it itself). */
  stop(): void {
    this.observer.disconnect();
  }
}

/** Runs one full collection (V8's `gc`, reached for this call only, not exposed to the process); false when this V8 does not allow it. */
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
