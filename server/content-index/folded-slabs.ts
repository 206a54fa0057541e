import { foldRoomOf } from './fold-room.js';
import { slabFill } from './text-arena.js';

/**
 * ASCII-folded copies of the text arena's slabs, for searches that ignore ASCII case (SQLite's LIKE):
 * the same bytes at the same offsets with A-Z turned into a-z and every other byte as it is, so a
 * needle folded the same way (UTF-8, ASCII letters in lower case) is found in the copy exactly
 * where it occurs in either case in the slab. A copy is made on a slab's first search and follows
 * it as records are added; it is dropped with the slab (twice the memory of the long values once
 * every slab has been searched).
 */
interface FoldedCopy {
  readonly bytes: Buffer;
  /** The bytes before this offset are folded (and final in the slab). */
  upTo: number;
}

const copies = new WeakMap<Buffer, FoldedCopy>();

/**
 * Copies are cut from larger buffers: V8 runs a full garbage collection for about every 64 MB of
 * memory allocated outside its heap, which with a million documents' heap costs seconds each. A
 * buffer stays as long as one copy cut from it is in use.
 */
const FIRST_CHUNK = 1 << 20;
const MAX_CHUNK = 1 << 30;
let chunk: Buffer = Buffer.alloc(0);
let chunkUsed = 0;
let nextChunk = FIRST_CHUNK;

/** A copy's room; a new buffer (of `wanted` bytes, or the next size up) when the current one is full. */
function cut(size: number, wanted?: number): Buffer {
  // Copies start on 8 bytes, so that folding reads them a 4-byte word at a time.
  const rounded = (size + 7) & ~7;
  if (chunkUsed + rounded > chunk.length) {
    // Shared memory, so that the scan thread (slab-scan-thread.ts) reads the same copies.
    chunk = Buffer.from(new SharedArrayBuffer(Math.max(wanted ?? nextChunk, rounded)));
    chunkUsed = 0;
    if (wanted === undefined) nextChunk = Math.min(MAX_CHUNK, nextChunk * 2);
  }
  const bytes = chunk.subarray(chunkUsed, chunkUsed + size);
  chunkUsed += rounded;
  return bytes;
}

/**
 * Makes room for the copies of `slabs` (those without one) in one allocation, to be folded later
 * by `foldedSlab`: a whole index's slabs then cost one collection instead of one per 64 MB.
 */
export function reserveFoldedCopies(slabs: Iterable<Buffer>): void {
  let total = 0;
  const pending: Buffer[] = [];
  for (const slab of slabs) {
    if (copies.has(slab) || foldRoomOf(slab) !== undefined) continue;
    pending.push(slab);
    total += (slab.length + 7) & ~7;
  }
  for (const slab of pending) {
    copies.set(slab, { bytes: cut(slab.length, Math.min(MAX_CHUNK, total)), upTo: 0 });
    total -= (slab.length + 7) & ~7;
  }
}

/** The folded copy of a slab, up to date with the records written so far, and how far it is. */
export function foldedSlab(slab: Buffer): { bytes: Buffer; upTo: number } {
  let copy = copies.get(slab);
  if (copy === undefined) {
    copy = { bytes: foldRoomOf(slab) ?? cut(slab.length), upTo: 0 };
    copies.set(slab, copy);
  }
  const fill = slabFill(slab);
  if (copy.upTo < fill) {
    foldInto(slab, copy.bytes, copy.upTo, fill);
    copy.upTo = fill;
  }
  return copy;
}

/** Whether a slab's folded copy is made and up to date (for tests and figures). */
export function isFolded(slab: Buffer): boolean {
  const copy = copies.get(slab);
  return copy !== undefined && copy.upTo >= slabFill(slab);
}

const LOW_BYTES = 0x7f7f7f7f;
/** Added to a byte below 0x80: sets its top bit when it is 'A' (0x41) or above. */
const FROM_A = 0x3f3f3f3f;
/** Added to a byte below 0x80: sets its top bit when it is past 'Z' (0x5a). */
const PAST_Z = 0x25252525;
const TOP_BITS = 0x80808080;

/**
 * Copies bytes [from, to) of `source` into `target` and folds them there (foldInPlace).
 */
function foldInto(source: Buffer, target: Buffer, from: number, to: number): void {
  target.set(source.subarray(from, to), from);
  foldInPlace(target, from, to);
}

/**
 * Folds bytes [from, to) of `target` where they are, four bytes at a time where they lie on 4 bytes
 * in memory: a byte is an upper-case ASCII letter when it is below 0x80, at least 'A' and not past
 * 'Z'; 0x20 is then set in it (the top bit of its lane, shifted).
 */
export function foldInPlace(target: Buffer, from: number, to: number): void {
  const base = target.byteOffset;
  const first = Math.min(to, ((base + from + 3) & ~3) - base);
  const last = Math.max(first, ((base + to) & ~3) - base);
  for (let i = from; i < first; i++) target[i] = foldByte(target[i]!);
  const words = new Uint32Array(target.buffer, base + first, (last - first) >>> 2);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const low = word & LOW_BYTES;
    const upper = (low + FROM_A) & ~(low + PAST_Z) & ~word & TOP_BITS;
    words[i] = word | (upper >>> 2);
  }
  for (let i = last; i < to; i++) target[i] = foldByte(target[i]!);
}

function foldByte(byte: number): number {
  return byte >= 65 && byte <= 90 ? byte | 32 : byte;
}
