import type { EntryTimes, PlaceholderCode } from '../content-index/compact-parts.js';

/** What the decoding worker (content-decode-worker.ts) posts for a collection file it decoded. */
export interface PreparedFile {
  readonly times: EntryTimes;
  readonly short: Record<string, unknown>;
  readonly placeholders: [string, PlaceholderCode][];
  /** The long values' arena record (see text-arena.ts), in the batch's transferred buffer. */
  readonly long: Uint8Array | undefined;
}
