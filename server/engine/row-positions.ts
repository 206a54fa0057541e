import type { Entry } from '../content-index/entry.js';

/** For each list in another order, the positions of its entries in the list it reorders. */
const held = new WeakMap<readonly Entry[], { readonly rows: readonly Entry[]; readonly positions: Int32Array }>();

/**
 * Where each entry of `ordered` (a list's entries in another order: a kept sort order) stands in
 * `rows`, -1 for one it does not hold. Made once per pair of lists and kept with `ordered`: a filter
 * answered by the columns of `rows` then reads each entry's flag by position, where it made a map of
 * the passing entries for every query (most of a new filter's time once the columns answered it).
 */
export function rowPositions(rows: readonly Entry[], ordered: readonly Entry[]): Int32Array {
  const known = held.get(ordered);
  if (known !== undefined && known.rows === rows) return known.positions;
  const rowOf = new Map<Entry, number>();
  for (let row = 0; row < rows.length; row++) rowOf.set(rows[row]!, row);
  const positions = new Int32Array(ordered.length);
  for (let i = 0; i < ordered.length; i++) positions[i] = rowOf.get(ordered[i]!) ?? -1;
  held.set(ordered, { rows, positions });
  return positions;
}
