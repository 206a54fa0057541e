import { ContentPrefetch, type PrefetchOptions } from '../store/content-prefetch.js';

/**
 * Starts a worker reading `<projectDir>/content`, and decoding what it reads for the index (see
 * content-decode-worker.ts): a start then parses on two threads. Imports nothing heavy, so a
 * command can start it before its own modules load.
 */
export function startContentPrefetch(projectDir: string, options: PrefetchOptions = {}): ContentPrefetch {
  return ContentPrefetch.start(projectDir, { ...options, worker: new URL('./content-decode-worker.js', import.meta.url) });
}
