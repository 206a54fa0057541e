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

/** The worker's messages, in order: the listing (or why it failed), then batches of texts. */
export type PrefetchMessage = { readonly listing: ContentListing } | { readonly failed: string } | { readonly texts: ReadText[] };

/** Messages posted by the worker. */
export const POSTED = 0;
/** Messages taken by the main thread. */
export const TAKEN = 1;
export const STATE_SLOTS = 2;
