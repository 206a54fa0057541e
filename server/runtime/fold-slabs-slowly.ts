import { CompactEntry } from '../content-index/compact-entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { foldedSlab, reserveFoldedCopies } from '../content-index/folded-slabs.js';
import { SLICE_MS, runSlowly } from '../content-index/run-slowly.js';
import { prepareSearchColumns } from '../engine/search-columns.js';

/**
 * Makes the folded copy of every slab the index's entries point into (content-index/folded-slabs.ts),
 * then the search columns of each type's published list (engine/search-columns.ts), a slice at a
 * time between requests (run-slowly.ts), so that the first text search of a large project does not
 * pay for them. A search before it is done folds what it reads itself. Stops when `cancelled` says
 * so; `done` gets how many slabs and bytes were folded.
 */
export function foldSlabsSlowly(index: ContentIndex, cancelled: () => boolean, done?: (slabs: number, bytes: number) => void, sliceMs = SLICE_MS): void {
  let slabs = 0;
  let bytes = 0;
  function* steps(): Generator<void, void> {
    // The slabs first (one pass over the entries, no copying): those without room for their copies get it in one allocation.
    const held = new Set<Buffer>();
    for (const entry of index.heldEntries()) {
      const slab = entry instanceof CompactEntry ? entry.parts().slab : undefined;
      if (slab !== undefined) held.add(slab);
    }
    reserveFoldedCopies(held);
    slabs = held.size;
    for (const slab of held) {
      foldedSlab(slab);
      bytes += slab.length;
      yield;
    }
    yield* prepareSearchColumns(index);
  }
  runSlowly(steps(), { cancelled, done: () => done?.(slabs, bytes), sliceMs });
}
