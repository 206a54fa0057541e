import { foldedSlab } from './folded-slabs.js';
import { type SpanGroup, type Spans, scanSpans } from './scan-spans.js';
import { type PendingScan, scanOnThread, startScanThread } from './slab-scan-thread.js';
import { type LongKind, longValueBytes } from './text-arena.js';

/**
 * Rows between two yields of a build. Small: while V8 marks the heap (the start's work after
 * listening allocates hundreds of MB outside it, which sets it marking), each allocation does some of
 * that marking, and a step of 1,024 rows took 200 ms at a million documents.
 */
const ROWS_PER_STEP = 128;

/** Where one row's value lies: its slab and its bytes [start, end). */
export interface ValueSpan {
  readonly slab: Buffer;
  readonly start: number;
  readonly end: number;
}

/**
 * Where one long attribute's values lie in the text arena's slabs, for a list of rows, grouped by
 * slab and in the order of their bytes: a search of a needle (`$containsi` on a text, rich text,
 * blocks or json attribute) then reads each slab's folded copy (folded-slabs.ts) from hit to hit,
 * never the rows themselves. A value holds the needle when the first hit at or after its start ends
 * inside it. Rows whose value is not in a slab as the kind searched (null, a plain entry, a value
 * stored otherwise) are listed in `uncovered`, for the caller to test on its own.
 */
export class LongColumn {
  private constructor(
    private readonly slabs: readonly Buffer[],
    /** The spans of slab g are [groups[g], groups[g + 1]) of starts/ends/rows. */
    private readonly groups: Int32Array,
    private readonly starts: Int32Array,
    private readonly ends: Int32Array,
    private readonly rows: Int32Array,
    readonly uncovered: readonly number[],
  ) {}

  /** Builds the column of `count` rows from `spanOf(row)`; yields every ROWS_PER_STEP rows. */
  static *build(count: number, spanOf: (row: number) => ValueSpan | undefined): Generator<void, LongColumn> {
    const slabIndex = new Map<Buffer, number>();
    const slabs: Buffer[] = [];
    const slabOf = new Int32Array(count).fill(-1);
    const starts = new Int32Array(count);
    const ends = new Int32Array(count);
    const uncovered: number[] = [];
    for (let row = 0; row < count; row++) {
      const span = spanOf(row);
      if (span === undefined) uncovered.push(row);
      else {
        let index = slabIndex.get(span.slab);
        if (index === undefined) {
          index = slabs.length;
          slabs.push(span.slab);
          slabIndex.set(span.slab, index);
        }
        slabOf[row] = index;
        starts[row] = span.start;
        ends[row] = span.end;
      }
      if (row % ROWS_PER_STEP === ROWS_PER_STEP - 1) yield;
    }
    // Counting sort by slab, then each slab's spans by start (a slab read from the index cache holds hundreds of thousands).
    const groups = new Int32Array(slabs.length + 1);
    for (let row = 0; row < count; row++) if (slabOf[row]! >= 0) groups[slabOf[row]! + 1]!++;
    for (let g = 0; g < slabs.length; g++) groups[g + 1]! += groups[g]!;
    const placed = groups.slice(0, slabs.length);
    const total = groups[slabs.length]!;
    // Shared memory: the scan thread reads them too.
    const sortedStarts = new Int32Array(new SharedArrayBuffer(Math.max(1, total) * 4));
    const sortedEnds = new Int32Array(new SharedArrayBuffer(Math.max(1, total) * 4));
    const sortedRows = new Int32Array(new SharedArrayBuffer(Math.max(1, total) * 4));
    for (let row = 0; row < count; row++) {
      const g = slabOf[row]!;
      if (g < 0) continue;
      const at = placed[g]!++;
      sortedStarts[at] = starts[row]!;
      sortedEnds[at] = ends[row]!;
      sortedRows[at] = row;
    }
    for (let g = 0; g < slabs.length; g++) {
      sortGroup(sortedStarts, sortedEnds, sortedRows, groups[g]!, groups[g + 1]!);
      yield;
    }
    if (total > 0 && useScanThread) startScanThread();
    return new LongColumn(slabs, groups, sortedStarts, sortedEnds, sortedRows, uncovered);
  }

  /**
   * The rows (in no particular order) whose value holds `needle` (folded UTF-8). Past SPLIT_BYTES of
   * slabs, the scan thread (slab-scan-thread.ts) scans with the main thread, each claiming the next
   * slab when done with its last: on a busy machine the thread claims few, and the search takes about
   * as long as on the main thread alone. When the thread fails, the main thread scans everything again.
   */
  search(needle: Buffer): number[] {
    const groups: SpanGroup[] = [];
    let bytes = 0;
    for (let g = 0; g < this.slabs.length; g++) {
      const copy = foldedSlab(this.slabs[g]!);
      groups.push({ bytes: copy.bytes, upTo: copy.upTo, from: this.groups[g]!, to: this.groups[g + 1]! });
      bytes += copy.upTo;
    }
    const spans = { starts: this.starts, ends: this.ends, rows: this.rows };
    const pending = bytes >= splitBytes && useScanThread ? sendToThread(groups, spans, needle) : undefined;
    const found = new Int32Array(this.rows.length);
    const count = scanSpans(groups, spans, needle, found, pending?.claims);
    const rows = Array.from(found.subarray(0, count));
    if (pending === undefined) return rows;
    const theirs = pending.wait();
    if (theirs === undefined) return Array.from(found.subarray(0, scanSpans(groups, spans, needle, found)));
    for (let i = 0; i < theirs.length; i++) rows.push(theirs[i]!);
    return rows;
  }
}

/** Scans on the scan thread from this many bytes of slabs (below, sending costs more than it saves). */
const SPLIT_BYTES = 16 << 20;
let useScanThread = true;
let splitBytes = SPLIT_BYTES;

/** For tests and figures: whether searches may use the scan thread, and from how many bytes of slabs. */
export function setScanThread(use: boolean, fromBytes = SPLIT_BYTES): void {
  useScanThread = use;
  splitBytes = fromBytes;
}

function sendToThread(groups: readonly SpanGroup[], spans: Spans, needle: Buffer): PendingScan | undefined {
  const shared = [];
  let room = 0;
  for (const { bytes, upTo, from, to } of groups) {
    if (!(bytes.buffer instanceof SharedArrayBuffer)) return undefined;
    shared.push({ buffer: bytes.buffer, offset: bytes.byteOffset, upTo, from, to });
    room += to - from;
  }
  return scanOnThread({ groups: shared, spans, needle: Uint8Array.from(needle) }, room);
}

/** Up to this many spans, a group is sorted by insertion. */
const INSERTION_SORT_UP_TO = 64;
/** Spans of a group are told apart in a sort key by their place in it, in this many bits (starts take the rest of a double's 53). */
const PLACE_BITS = 21;

/**
 * Sorts spans [from, to) by start, moving ends and rows along (stable). A large group is sorted
 * natively, its keys a start and the span's place packed in a double: an insertion sort of the
 * spans of a 1 GB slab read from the index cache (some 500,000, in the rows' order, not their
 * bytes') took 2.2–2.5 s.
 */
function sortGroup(starts: Int32Array, ends: Int32Array, rows: Int32Array, from: number, to: number): void {
  const size = to - from;
  if (size <= INSERTION_SORT_UP_TO) return insertionSort(starts, ends, rows, from, to);
  const places = placesByStart(starts, from, size);
  if (places === undefined) return;
  const oldStarts = starts.slice(from, to);
  const oldEnds = ends.slice(from, to);
  const oldRows = rows.slice(from, to);
  for (let i = 0; i < size; i++) {
    const place = places[i]!;
    starts[from + i] = oldStarts[place]!;
    ends[from + i] = oldEnds[place]!;
    rows[from + i] = oldRows[place]!;
  }
}

/** The places (0 to size - 1) of spans [from, from + size) in the order of their starts, stable; undefined when they are in order. */
function placesByStart(starts: Int32Array, from: number, size: number): ArrayLike<number> | undefined {
  let sorted = true;
  for (let i = 1; i < size && sorted; i++) sorted = starts[from + i]! >= starts[from + i - 1]!;
  if (sorted) return undefined;
  // Too many to pack: a comparison sort of the places.
  if (size >= 2 ** PLACE_BITS) return Array.from({ length: size }, (_, i) => i).sort((a, b) => starts[from + a]! - starts[from + b]!);
  const keys = new Float64Array(size);
  for (let i = 0; i < size; i++) keys[i] = starts[from + i]! * 2 ** PLACE_BITS + i;
  keys.sort();
  // Each sorted key becomes the place it packs.
  for (let i = 0; i < size; i++) keys[i] = keys[i]! % 2 ** PLACE_BITS;
  return keys;
}

function insertionSort(starts: Int32Array, ends: Int32Array, rows: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const start = starts[i]!;
    if (start >= starts[i - 1]!) continue;
    const end = ends[i]!;
    const row = rows[i]!;
    let j = i - 1;
    while (j >= from && starts[j]! > start) {
      starts[j + 1] = starts[j]!;
      ends[j + 1] = ends[j]!;
      rows[j + 1] = rows[j]!;
      j--;
    }
    starts[j + 1] = start;
    ends[j + 1] = end;
    rows[j + 1] = row;
  }
}

/** The bytes of the `index`-th value of the record at `at`, when it is stored as `kind`. */
export function valueSpan(slab: Buffer, at: number, index: number, kind: LongKind): ValueSpan | undefined {
  const value = longValueBytes(slab, at, index);
  return value.kind === kind ? { slab, start: value.start, end: value.end } : undefined;
}
