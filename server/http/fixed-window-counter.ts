/** One key's window: hits so far, and when the window ends (ms since the epoch). */
export interface WindowCount {
  readonly count: number;
  readonly endsAt: number;
}

/** Enough for every client of a busy site; past it the oldest windows go first. */
const DEFAULT_MAX_KEYS = 50_000;

/**
 * Hits per key in fixed windows (koa2-ratelimit's memory store, which Strapi uses, counts the same
 * way). Memory stays bounded: a Map keeps insertion order, which is the order windows started, so
 * ended windows are dropped from the front as hits come; beyond `maxKeys` the oldest go too.
 */
export class FixedWindowCounter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #maxKeys: number;

  constructor(maxKeys = DEFAULT_MAX_KEYS) {
    this.#maxKeys = maxKeys;
  }

  /** Counts a hit for `key` at `now`; a key whose window ended starts a new one of `intervalMs`. */
  hit(key: string, now: number, intervalMs: number): WindowCount {
    for (const [oldKey, window] of this.#windows) {
      if (window.endsAt > now) break;
      this.#windows.delete(oldKey);
    }
    let window = this.#windows.get(key);
    if (window === undefined || window.endsAt <= now) {
      this.#windows.delete(key);
      window = { count: 0, endsAt: now + intervalMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    while (this.#windows.size > this.#maxKeys) {
      const oldest = this.#windows.keys().next();
      if (oldest.done === true) break;
      this.#windows.delete(oldest.value);
    }
    return { count: window.count, endsAt: window.endsAt };
  }

  /** How many keys are remembered. */
  get size(): number {
    return this.#windows.size;
  }
}
