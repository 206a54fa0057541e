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
}

/**
 * Files a worker has decoded itself, in a form the layer above the store defines (the runtime's
 * version prefetch: the index cache's block of versions). The store only hands it on.
 */
export interface PrefetchBlock {
  /** What the block was made for (the reader takes it only when it is its own). */
  readonly key: string;
  readonly text: string;
  /** Shared memory the block's bytes are in, when this block is the first in it (later blocks name it by `memoryIndex`). */
  readonly memory?: SharedArrayBuffer | undefined;
  readonly memoryIndex: number;
  readonly offset: number;
  readonly length: number;
}

/**
 * A batch of files in listing order: each one's text, or null where the batch's block holds the
 * file's version instead.
 */
export interface PrefetchBatch {
  /** Which batch of `batchSize` files of the listing this is. */
  readonly batch: number;
  readonly texts: (ReadText | null)[];
  readonly block?: PrefetchBlock | undefined;
}

/**
 * The listing, with a flag per batch of files that the worker and the main thread each set from 0
 * before doing the batch (whoever sets it does it): the main thread, placing batches in order,
 * does the next one itself when the worker has not started it yet, rather than wait for it.
 */
export interface PrefetchListing {
  readonly listing: ContentListing;
  readonly claims: Int32Array;
}

/** The worker's messages, in order: the listing (or why it failed), then the batches it did, in order. */
export type PrefetchMessage = PrefetchListing | { readonly failed: string } | PrefetchBatch;

/** A batch's flag in `claims`: set by the worker. */
export const WORKER_CLAIM = 1;
/** Set by the main thread. */
export const MAIN_CLAIM = 2;

/** Messages posted by the worker. */
export const POSTED = 0;
/** Messages taken by the main thread. */
export const TAKEN = 1;
export const STATE_SLOTS = 2;
