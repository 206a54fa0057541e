/** How long one slice runs before requests get their turn. */
export const SLICE_MS = 8;

/** When a slow run stops: `cancelled` is asked before each slice; `done` is called once, true when every step was taken, false when cancelled (or a step threw). */
export interface SlowRun {
  readonly cancelled?: (() => boolean) | undefined;
  readonly done?: ((finished: boolean) => void) | undefined;
  readonly sliceMs?: number | undefined;
}

/**
 * Takes `steps` a slice at a time between requests (each slice on its own setImmediate, from the
 * next turn on), until they are all taken or `cancelled` says so. The slices are not unref'ed: an
 * unref'ed immediate lets the event loop sleep until the next request, so the work would stall.
 */
export function runSlowly(steps: Iterator<unknown>, run: SlowRun = {}): void {
  const sliceMs = run.sliceMs ?? SLICE_MS;
  const slice = (): void => {
    if (run.cancelled?.() === true) return run.done?.(false);
    const until = performance.now() + sliceMs;
    try {
      do {
        if (steps.next().done === true) return run.done?.(true);
      } while (performance.now() <= until);
    } catch {
      // A step that throws ends the run as not finished (whoever needs its work makes it at once, and
      // meets the error in a request, answered as such) instead of ending the process from a timer.
      return run.done?.(false);
    }
    setImmediate(slice);
  };
  setImmediate(slice);
}
