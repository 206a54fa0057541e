import { CompactEntry } from '../content-index/compact-entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { foldedSlab, reserveFoldedCopies } from '../content-index/folded-slabs.js';
import { prepareSearchColumns } from '../engine/search-columns.js';

/** How long one slice of folding runs before requests get their turn. */
const SLICE_MS = 8;
const CHECK_EVERY = 16;

/**
 * Makes the folded copy of every slab the index's entries point into (content-index/folded-slabs.ts),
 * then the search columns of each type's published list (engine/search-columns.ts), a slice at a
 * time between requests, so that the first text search of a large project does not pay for them. A search before it is done folds what it reads itself. Stops when `cancelled` says so;
 * `done` gets how many slabs and bytes were folded. (The slices are not unref'ed: an unref'ed
 * immediate lets the event loop sleep until the next request, so the folding would stall.)
 */
export function foldSlabsSlowly(index: ContentIndex, cancelled: () => boolean, done?: (slabs: number, bytes: number) => void, sliceMs = SLICE_MS): void {
  setImmediate(() => {
    if (cancelled()) return;
    // The slabs first (one pass over the entries, no copying), so their copies are one allocation.
    const slabs = new Set<Buffer>();
    for (const entry of index.heldEntries()) {
      const slab = entry instanceof CompactEntry ? entry.parts().slab : undefined;
      if (slab !== undefined) slabs.add(slab);
    }
    reserveFoldedCopies(slabs);
    const pending = slabs.values();
    let bytes = 0;
    const slice = (): void => {
      if (cancelled()) return;
      const until = performance.now() + sliceMs;
      for (let n = 1; ; n++) {
        const next = pending.next();
        if (next.done === true) {
          prepareSlowly(prepareSearchColumns(index), cancelled, () => done?.(slabs.size, bytes), sliceMs);
          return;
        }
        foldedSlab(next.value);
        bytes += next.value.length;
        if (n % CHECK_EVERY === 0 && performance.now() > until) break;
      }
      setImmediate(slice);
    };
    slice();
  });
}

/** Takes `steps` a slice at a time between requests, then calls `done`. */
function prepareSlowly(steps: Generator<void, void>, cancelled: () => boolean, done: () => void, sliceMs: number): void {
  const slice = (): void => {
    if (cancelled()) return;
    const until = performance.now() + sliceMs;
    do {
      if (steps.next().done === true) {
        done();
        return;
      }
    } while (performance.now() <= until);
    setImmediate(slice);
  };
  slice();
}
