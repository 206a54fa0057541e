import { ContentPrefetch, type PrefetchOptions } from '../store/content-prefetch.js';

/**
 * Starts a worker that reads `<projectDir>/content` and decodes what it can into blocks of versions
 * (version-batches.ts) while the main thread loads its modules and places what came before: a cold
 * start's parsing, checking and compacting then run beside the indexing. Never throws.
 */
export function startVersionPrefetch(projectDir: string, options: Omit<PrefetchOptions, 'worker'> = {}): ContentPrefetch {
  return ContentPrefetch.start(projectDir, { ...options, worker: new URL('./version-prefetch-worker.js', import.meta.url) });
}
