/** In a scan's shared claims: the next group to claim, and whether the scan thread took the scan up (SCAN_*). */
export const CLAIM_NEXT = 0;
export const CLAIM_STATE = 1;
export const SCAN_WAITING = 0;
export const SCAN_TAKEN = 1;
export const SCAN_WITHDRAWN = 2;

/** One slab's folded bytes, as far as they are folded, and its spans [from, to) of a column. */
export interface SpanGroup {
  readonly bytes: Buffer;
  readonly upTo: number;
  readonly from: number;
  readonly to: number;
}

/** A column's spans, grouped by slab and each group in the order of its bytes (long-column.ts). */
export interface Spans {
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly rows: Int32Array;
}

/**
 * Writes into `found` the rows of the groups' spans holding `needle`, hopping
 * from hit to hit with indexOf: a span holds it when the first hit at or after its start ends inside
 * it. Answers how many. Runs on the main thread and on the scan thread (slab-scan-worker.ts); with
 * `claims`, only the groups this thread claims first (slot 0 is the next group to claim, shared by
 * both threads: each takes the next one when it is done with its last, so a thread that gets no core
 * takes few and the other does the rest).
 */
export function scanSpans(groups: readonly SpanGroup[], spans: Spans, needle: Buffer, found: Int32Array, claims?: Int32Array): number {
  let count = 0;
  const length = needle.length;
  const { starts, ends, rows } = spans;
  const claim = (next: number): number => (claims === undefined ? next : Atomics.add(claims, CLAIM_NEXT, 1));
  for (let g = claim(0); g < groups.length; g = claim(g + 1)) {
    const { bytes, upTo, from, to } = groups[g]!;
    const last = upTo - length;
    let hit = -1;
    for (let i = from; i < to; i++) {
      const start = starts[i]!;
      const end = ends[i]!;
      if (end - start < length) continue;
      // A hit found from an earlier start is the first at or after this one too, when not before it.
      if (hit < start) {
        hit = bytes.indexOf(needle, start);
        if (hit === -1 || hit > last) break;
      }
      if (hit + length <= end) found[count++] = rows[i]!;
    }
  }
  return count;
}
