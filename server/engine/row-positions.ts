import type { Entry } from '../content-index/entry.js';

/** For each list in another order, the positions of its entries in the list it reorders. */
const held = new WeakMap<readonly Entry[], { readonly rows: readonly Entry[]; readonly positions: Int32Array }>();

/** Entries placed between two steps of rowPositions. */
const POSITION_STEP = 65_536;

/**
 * Where each entry of `ordered` (a list's entries in another order: a kept sort order) stands in
 * `rows`, -1 for one it does not hold, a step at a time (at 1,000,000 entries, about a second in
 * all). Made once per pair of lists and kept with `ordered`: a filter answered by the columns of
 * `rows` then reads each entry's flag by position, where it made a map of the passing entries for
 * every query (most of a new filter's time once the columns answered it).
 */
export function* rowPositions(rows: readonly Entry[], ordered: readonly Entry[]): Generator<void, Int32Array> {
  const known = held.get(ordered);
  if (known !== undefined && known.rows === rows) return known.positions;
  const rowOf = new Map<Entry, number>();
  for (let from = 0; from < rows.length; from += POSITION_STEP) {
    const to = Math.min(from + POSITION_STEP, rows.length);
    for (let row = from; row < to; row++) rowOf.set(rows[row]!, row);
    yield;
  }
  const positions = new Int32Array(ordered.length);
  for (let from = 0; from < ordered.length; from += POSITION_STEP) {
    const to = Math.min(from + POSITION_STEP, ordered.length);
    for (let i = from; i < to; i++) positions[i] = rowOf.get(ordered[i]!) ?? -1;
    if (to < ordered.length) yield;
  }
  held.set(ordered, { rows, positions });
  return positions;
}
