import { foldedSlab } from './folded-slabs.js';
import { type FoldedNeedle, type LongKind, longRecordBytes, longValueBytes, longValueContains } from './text-arena.js';
import { firstAtLeast } from './first-at-least.js';

/** Hits kept per slab; a slab with more is searched from each value instead (its hits are close together). */
const MAX_HITS = 256;
const NO_HITS = new Int32Array(0);
/** Values looked at before a search decides whether scanning whole slabs pays (see `sample`). */
const SAMPLE = 32;

/** The needle's places in one slab's folded copy; `dense` when there were too many to keep. */
interface SlabHits {
  readonly bytes: Buffer;
  readonly upTo: number;
  readonly hits: Int32Array;
  readonly dense: boolean;
}

const scratch = new Int32Array(MAX_HITS);

/**
 * One query's search of a needle in long values (case folded as SQLite's LIKE does), through the
 * folded copies of the slabs (folded-slabs.ts). Each slab is scanned once, hopping from hit to hit
 * with Buffer.indexOf, and a value holds the needle when a hit lies wholly inside its bytes: a slab
 * without a hit answers all its values at once, whichever attributes they belong to. Values that are
 * a small part of their records are searched one by one (text-arena.ts) instead. The answer is
 * exactly the per-value search's (text-arena.ts `longValueContains`); a hit in a record no entry
 * points to any more (an old version) is never asked about, and a hit across two values is inside
 * neither. Lives as long as one query: slabs gain records between queries.
 */
export class SlabSearch {
  private readonly folded: FoldedNeedle;
  private readonly needle: Buffer;
  private readonly slabs = new Map<Buffer, SlabHits>();
  private lastSlab: Buffer | undefined;
  private last: SlabHits | undefined;
  private sampled = 0;
  private valueBytes = 0;
  private recordBytes = 0;
  private wholeSlabs = false;

  constructor(needle: FoldedNeedle) {
    this.folded = needle;
    this.needle = needle.bytes;
  }

  /** Whether the `index`-th value of the record at `at` holds the needle; undefined when it is stored as another kind. */
  contains(slab: Buffer, at: number, index: number, kind: LongKind): boolean | undefined {
    const { start, end, kind: stored } = longValueBytes(slab, at, index);
    if (stored !== kind) return undefined;
    const length = this.needle.length;
    if (length === 0) return true;
    if (end - start < length) return false;
    if (this.sampled < SAMPLE) this.sample(slab, at, end - start);
    // Values that make up a small part of their records (a summary beside a long body) are
    // searched one by one: scanning the slabs would read mostly other values.
    if (!this.wholeSlabs) return longValueContains(slab, at, index, kind, this.folded);
    let found = slab === this.lastSlab ? this.last! : this.slabs.get(slab);
    if (found === undefined || found.upTo < end) {
      found = this.scan(slab);
      this.slabs.set(slab, found);
    }
    this.lastSlab = slab;
    this.last = found;
    if (found.dense) {
      const hit = found.bytes.indexOf(this.needle, start);
      return hit !== -1 && hit + length <= end;
    }
    // The first hit at or after the value's start decides: a later one ends later still.
    const { hits } = found;
    const first = firstAtLeast(hits, start);
    return first < hits.length && hits[first]! + length <= end;
  }

  /**
   * Counts the searched values' bytes against their records' (the first SAMPLE values); slabs are
   * scanned whole once the values are at least half of what they hold.
   */
  private sample(slab: Buffer, at: number, valueLength: number): void {
    this.valueBytes += valueLength;
    this.recordBytes += longRecordBytes(slab, at).length;
    this.sampled++;
    this.wholeSlabs = this.valueBytes * 2 >= this.recordBytes;
  }

  /** Every place of the needle in a slab's folded copy, or `dense` past MAX_HITS. */
  private scan(slab: Buffer): SlabHits {
    const { bytes, upTo } = foldedSlab(slab);
    const last = upTo - this.needle.length;
    let count = 0;
    for (let hit = bytes.indexOf(this.needle); hit !== -1 && hit <= last; hit = bytes.indexOf(this.needle, hit + 1)) {
      if (count === MAX_HITS) return { bytes, upTo, hits: NO_HITS, dense: true };
      scratch[count++] = hit;
    }
    return { bytes, upTo, hits: count === 0 ? NO_HITS : scratch.slice(0, count), dense: false };
  }
}
