/**
 * Long values (text, rich text, blocks, json, components, dynamic zones) of documents, kept off the
 * JavaScript heap as UTF-8 in shared slabs. One document's values are one record: a count, then a
 * word per value (its byte length, and whether it is raw text or JSON), then the bytes. A slab is
 * freed by the garbage collector once no entry points into it.
 */
import { allocateWithFoldRoom } from './fold-room.js';

/** A value held as its text (a string attribute) or as JSON text (anything else). */
export type LongKind = 0 | 1;
export const TEXT_KIND: LongKind = 0;
export const JSON_KIND: LongKind = 1;

/** Where one document's long values are: a slab and the offset of their record in it. */
export interface ArenaRef {
  readonly slab: Buffer;
  readonly at: number;
}

const SLAB_BYTES = 64 * 1024;

let slab: Buffer = Buffer.allocUnsafeSlow(SLAB_BYTES);
let used = 0;

/**
 * While a whole project loads, slabs are cut from chunks that double from 4 MB up to 1 GB: V8 marks
 * the whole heap for about every 64 MB allocated outside it in separate buffers (dozens of full
 * collections of a heap growing to a gigabyte, at a million documents), and once per chunk here.
 * Each chunk has room for its folded copy for text search (fold-room.ts).
 * A chunk is freed once no entry points into any of its slabs; slabs made later (edits) are buffers
 * of their own again, freed one by one. Untouched room at a chunk's end is never written, so the
 * system does not back it with memory.
 */
const FIRST_CHUNK = 4 << 20;
const MAX_CHUNK = 1 << 30;
let loading = false;
let chunk: Buffer | undefined;
let chunkUsed = 0;
let nextChunk = FIRST_CHUNK;

function newSlab(size: number): Buffer {
  if (!loading) return Buffer.allocUnsafeSlow(size);
  if (chunk === undefined || chunkUsed + size > chunk.length) {
    chunk = allocateWithFoldRoom(Math.max(nextChunk, size));
    chunkUsed = 0;
    nextChunk = Math.min(MAX_CHUNK, nextChunk * 2);
  }
  const cut = chunk.subarray(chunkUsed, chunkUsed + size);
  chunkUsed += size;
  return cut;
}

/**
 * From now on, every slab of this thread is cut from large chunks (see above): for a thread that
 * only loads (a prefetch worker), whose records the main thread then adopts where they lie.
 */
export function cutSlabsFromChunks(): void {
  loading = true;
}

/** Runs a load whose slabs are cut from large chunks (see above). */
export function withLoadChunks<T>(load: () => T): T {
  loading = true;
  try {
    return load();
  } finally {
    loading = false;
    chunk = undefined;
    nextChunk = FIRST_CHUNK;
  }
}

/** Stores values (their texts and kinds) as one record; returns where it is. */
export function storeLongValues(texts: readonly string[], kinds: readonly LongKind[]): ArenaRef {
  const count = texts.length;
  // A UTF-16 unit takes at most 3 bytes: when that much room is left, the texts are written without
  // measuring them first (their byte lengths are what the writes return).
  let bound = 2 + 4 * count;
  for (let i = 0; i < count; i++) bound += 3 * texts[i]!.length;
  if (used + bound > slab.length) {
    let size = 2 + 4 * count;
    for (let i = 0; i < count; i++) size += Buffer.byteLength(texts[i]!, 'utf8');
    if (used + size > slab.length) {
      slab = newSlab(Math.max(SLAB_BYTES, size));
      used = 0;
    }
  }
  const at = used;
  slab.writeUInt16LE(count, at);
  let offset = at + 2 + 4 * count;
  for (let i = 0; i < count; i++) {
    const length = slab.write(texts[i]!, offset, 'utf8');
    slab.writeUInt32LE(length * 2 + kinds[i]!, at + 2 + 4 * i);
    offset += length;
  }
  used = offset;
  return { slab, at };
}

/** The bytes of a stored record, for copying it elsewhere (the index cache). */
export function longRecordBytes(buffer: Buffer, at: number): Buffer {
  return buffer.subarray(at, longRecordEnd(buffer, at));
}

/** Where the record at `at` ends: past its count, its words and its values' bytes. */
function longRecordEnd(buffer: Buffer, at: number): number {
  const count = buffer.readUInt16LE(at);
  let end = at + 2 + 4 * count;
  for (let i = 0; i < count; i++) end += buffer.readUInt32LE(at + 2 + 4 * i) >>> 1;
  return end;
}

/**
 * Whether a record inside a slab read from elsewhere (the index cache writes records as they are,
 * one after another) fits in it, to be adopted where it lies: no copy.
 */
export function holdsLongRecord(slab: Buffer, at: unknown): at is number {
  if (!Number.isInteger(at) || (at as number) < 0 || (at as number) + 2 > slab.length) return false;
  // Its words must lie in the slab before they are read.
  if ((at as number) + 2 + 4 * slab.readUInt16LE(at as number) > slab.length) return false;
  return longRecordEnd(slab, at as number) <= slab.length;
}

/** The text of the `index`-th value of a record, as stored (JSON text for a JSON value). */
export function longValueText(buffer: Buffer, at: number, index: number): { text: string; kind: LongKind } {
  const { start, end, kind } = longValueBytes(buffer, at, index);
  return { text: buffer.toString('utf8', start, end), kind };
}

/** Where the `index`-th value of a record lies in its buffer, bytes [start, end), and its kind. */
export function longValueBytes(buffer: Buffer, at: number, index: number): { start: number; end: number; kind: LongKind } {
  const count = buffer.readUInt16LE(at);
  let start = at + 2 + 4 * count;
  for (let i = 0; i < index; i++) start += buffer.readUInt32LE(at + 2 + 4 * i) >>> 1;
  const word = buffer.readUInt32LE(at + 2 + 4 * index);
  return { start, end: start + (word >>> 1), kind: (word & 1) as LongKind };
}

/** The `index`-th value of a record, decoded. */
export function readLongValue(buffer: Buffer, at: number, index: number): unknown {
  const { text, kind } = longValueText(buffer, at, index);
  return kind === TEXT_KIND ? text : JSON.parse(text);
}

/** A searched text as UTF-8 with its ASCII letters in lower case (SQLite's LIKE folds those only). */
export interface FoldedNeedle {
  readonly bytes: Buffer;
  readonly hasLetters: boolean;
  /** For a needle of ASCII only: its text in lower case, searched in the value's bytes read as Latin-1. */
  readonly ascii: string | undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The needle for `longValueContains`; undefined for a text with a lone surrogate (UTF-8 cannot hold it as it is). */
export function foldNeedle(text: string): FoldedNeedle | undefined {
  if (LONE_SURROGATE.test(text)) return undefined;
  const folded = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return { bytes: Buffer.from(folded, 'utf8'), hasLetters: /[A-Za-z]/.test(text), ascii: /^[\0-\x7f]*$/.test(text) ? folded : undefined };
}

let scratch: Buffer = Buffer.allocUnsafeSlow(SLAB_BYTES);

/**
 * Whether the `index`-th value of a record, stored as `kind`, holds the needle with ASCII letters
 * of either case, searched in its UTF-8 bytes without decoding them (folding ASCII bytes keeps
 * every other character's bytes as they are). Undefined when the value is stored as the other kind.
 */
export function longValueContains(buffer: Buffer, at: number, index: number, kind: LongKind, needle: FoldedNeedle): boolean | undefined {
  const { start, end, kind: stored } = longValueBytes(buffer, at, index);
  if (stored !== kind) return undefined;
  const length = end - start;
  if (needle.bytes.length > length) return false;
  if (!needle.hasLetters) return buffer.subarray(start, start + length).indexOf(needle.bytes) !== -1;
  // Read as Latin-1, each byte is one character, and lower-casing changes ASCII letters as folding
  // does and turns other bytes only into characters past ASCII: an ASCII needle is found exactly.
  if (needle.ascii !== undefined)
    return buffer
      .toString('latin1', start, start + length)
      .toLowerCase()
      .includes(needle.ascii);
  if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(length);
  const folded = scratch;
  for (let i = 0; i < length; i++) {
    const byte = buffer[start + i]!;
    folded[i] = byte - 65 < 26 && byte >= 65 ? byte | 32 : byte;
  }
  return folded.subarray(0, length).indexOf(needle.bytes) !== -1;
}

/**
 * How many bytes of a slab are final: what is used of the slab being filled, all of any other (no
 * record is written into it again; its unused tail is never part of a record).
 */
export function slabFill(buffer: Buffer): number {
  return buffer === slab ? used : buffer.length;
}
