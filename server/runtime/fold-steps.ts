import { CompactEntry } from '../content-index/compact-entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { foldedSlab, reserveFoldedCopies } from '../content-index/folded-slabs.js';
import { prepareSearchColumns } from '../engine/list-columns.js';

/** What the folding made: how many slabs it folded, and their bytes. */
export interface Folded {
  readonly slabs: number;
  readonly bytes: number;
}

/**
 * The steps that make the folded copy of every slab the index's entries point into
 * (content-index/folded-slabs.ts), then the search columns of each type's published list
 * (engine/list-columns.ts): for a server to take between requests (run-slowly.ts), so that the
 * first text search of a large project does not pay for them. A search before they are done folds
 * what it reads itself.
 */
export function* foldSteps(index: ContentIndex): Generator<void, Folded> {
  // The slabs first (one pass over the entries, no copying): those without room for their copies get it in one allocation.
  const held = new Set<Buffer>();
  for (const entry of index.heldEntries()) {
    const slab = entry instanceof CompactEntry ? entry.parts().slab : undefined;
    if (slab !== undefined) held.add(slab);
  }
  reserveFoldedCopies(held);
  let bytes = 0;
  for (const slab of held) {
    foldedSlab(slab);
    bytes += slab.length;
    yield;
  }
  yield* prepareSearchColumns(index);
  return { slabs: held.size, bytes };
}
