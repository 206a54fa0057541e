import type { DocumentRecord } from './entry.js';
import type { MediaRecord } from './media-record.js';

/** A document (one locale) as it was before a batch of changes and as it is after: undefined where it did not exist. */
export interface RecordChange {
  readonly before: DocumentRecord | undefined;
  readonly after: DocumentRecord | undefined;
}

/** A listed media file before and after a batch of changes. */
export interface MediaChange {
  readonly before: MediaRecord | undefined;
  readonly after: MediaRecord | undefined;
}

/**
 * What a batch of changes did to the index, each document and media file once, in the order they
 * were first touched. The records are the index's own (immutable once replaced), so keeping the
 * "before" costs a reference.
 */
export interface IndexChanges {
  readonly documents: readonly RecordChange[];
  readonly media: readonly MediaChange[];
}

/**
 * Remembers, while it is open, the first "before" of everything the index replaces, and how to read
 * what it holds now; the "after" is read when the journal is taken.
 */
export class ChangeJournal<K, V> {
  private readonly firsts = new Map<K, { before: V | undefined; current: () => V | undefined }>();

  /** Notes `before` as what `key` held before the batch, unless the batch touched it already. */
  note(key: K, before: V | undefined, current: () => V | undefined): void {
    if (!this.firsts.has(key)) this.firsts.set(key, { before, current });
  }

  /** Each key touched, in order, with its first "before" and what it holds now; unchanged ones left out. */
  take(): { before: V | undefined; after: V | undefined }[] {
    const out: { before: V | undefined; after: V | undefined }[] = [];
    for (const { before, current } of this.firsts.values()) {
      const after = current();
      if (before !== after) out.push({ before, after });
    }
    this.firsts.clear();
    return out;
  }
}
