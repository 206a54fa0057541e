/**
 * Which answers a bounded cache of answers takes (read-cache.ts, fast-answers.ts): one whose key is
 * asked the second time, never the first (a URL asked once would only fill it, and what it holds
 * outlives young-generation collections and is left to full ones); and, once it is full, one in
 * ADMIT_WHEN_FULL of those, in place of the oldest, so clients going round more URLs than it holds
 * do not replace every answer before it is asked again.
 */
export class SecondAsks {
  private seen = new Set<string>();
  private turnedAway = 0;

  /** Whether the key was asked before (it is then forgotten); remembers it otherwise. */
  askedBefore(key: string): boolean {
    if (this.seen.delete(key)) return true;
    if (this.seen.size >= MAX_SEEN_KEYS) this.seen = new Set();
    this.seen.add(key);
    return false;
  }

  /** Whether a full cache takes this answer (one in ADMIT_WHEN_FULL). */
  admitWhenFull(): boolean {
    return ++this.turnedAway % ADMIT_WHEN_FULL === 0;
  }
}

/** Once a cache is full, one answer in this many that it does not hold is kept. */
const ADMIT_WHEN_FULL = 64;

/** Keys remembered as asked once; past this many they are forgotten at once (a few MB at most). */
const MAX_SEEN_KEYS = 16_384;
