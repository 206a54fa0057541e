/** How long one slice runs before requests get their turn. */
export const SLICE_MS = 8;

/** When a slow run stops: `cancelled` is asked before each slice; `done` is called once, true when every step was taken, false when cancelled. */
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
    do {
      if (steps.next().done === true) return run.done?.(true);
    } while (performance.now() <= until);
    setImmediate(slice);
  };
  setImmediate(slice);
}
