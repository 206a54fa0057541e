import type { ContentIndex } from '../content-index/content-index.js';
import { uniqueHolderSteps } from '../documents/unique-holders.js';
import { foldSteps } from './fold-steps.js';

/**
 * A large project's work after a load, as steps for a server to take between requests
 * (run-slowly.ts): what the first text search and the first write would otherwise make while a
 * client waits. Text search's folded copies and columns first (`folded` is told of them when they
 * are made), then the holders of unique values a write checks.
 */
export function* warmUpSteps(index: ContentIndex, folded: (slabs: number, bytes: number, ms: number) => void): Generator<void, void> {
  const started = performance.now();
  const { slabs, bytes } = yield* foldSteps(index);
  folded(slabs, bytes, performance.now() - started);
  yield* uniqueHolderSteps(index);
}
