import type { MessagePort, TransferListItem } from 'node:worker_threads';
import type { ContentListing } from './content-listing.js';
import type { ReadText } from './read-text.js';

/** What the main thread hands the prefetch worker. */
export interface PrefetchJob {
  /** The content/ folder. */
  readonly root: string;
  readonly batchSize: number;
  /** How many batches the worker may read ahead of the main thread. */
  readonly ahead: number;
  /** Shared counters, indexed by the constants below. */
  readonly state: Int32Array;
  /** For a worker that prepares files (PreparedText): every one it can, not only while the main thread is behind (tests). */
  readonly prepareAll: boolean;
}

/**
 * A file a worker did more than read (decoded it, for instance): what it made of it, for the
 * caller of the scan to adopt (store/ does not look inside). `schemaKey` of the listing says which
 * schemas it was made with.
 */
export interface PreparedText {
  readonly prepared: unknown;
}

/** The worker's messages, in order: the listing (or why it failed), then batches of texts. */
export type PrefetchMessage =
  { readonly listing: ContentListing; readonly schemaKey?: string | undefined } | { readonly failed: string } | { readonly texts: (ReadText | PreparedText)[] };

/** Messages posted by the worker. */
export const POSTED = 0;
/** Messages taken by the main thread. */
export const TAKEN = 1;
export const STATE_SLOTS = 2;

/**
 * The worker's post: never more than `ahead` messages ahead of the main thread (a slow consumer
 * must not end up holding the whole project twice).
 */
export function aheadPoster(job: PrefetchJob, port: MessagePort): (message: PrefetchMessage, transfer?: TransferListItem[]) => void {
  const { state, ahead } = job;
  let posted = 0;
  return (message, transfer) => {
    for (let taken = Atomics.load(state, TAKEN); posted - taken >= ahead; taken = Atomics.load(state, TAKEN)) {
      Atomics.wait(state, TAKEN, taken, 1_000);
    }
    port.postMessage(message, transfer);
    Atomics.store(state, POSTED, ++posted);
    Atomics.notify(state, POSTED);
  };
}
