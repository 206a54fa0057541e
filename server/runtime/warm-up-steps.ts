import type { ContentIndex } from '../content-index/content-index.js';
import { uniqueHolderSteps } from '../documents/unique-holders.js';
import { foldSteps } from './fold-steps.js';
import { sortOrderSteps } from '../engine/kept-sort-orders.js';
import type { SortOrderNote } from '../store/sort-orders-file.js';

/**
 * A large project's work after a load, as steps for a server to take between requests
 * (run-slowly.ts): what the first list, the first text search and the first write would otherwise
 * make while a client waits. The sort orders the last server kept (`sortOrders`) first, then text
 * search's folded copies and columns (`folded` is told of them when they are made), then the
 * holders of unique values a write checks.
 */
export function* warmUpSteps(
  index: ContentIndex,
  sortOrders: readonly SortOrderNote[],
  folded: (slabs: number, bytes: number, ms: number) => void,
): Generator<void, void> {
  yield* sortOrderSteps(index, sortOrders);
  const started = performance.now();
  const { slabs, bytes } = yield* foldSteps(index);
  folded(slabs, bytes, performance.now() - started);
  yield* uniqueHolderSteps(index);
}
