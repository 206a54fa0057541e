import { foldInPlace } from './folded-slabs.js';

/**
 * Rows written between two yields of a build (the caller decides when to give requests a turn).
 * Small: while V8 marks the heap (which the corpus's own memory sets it doing), every allocation
 * does some of that marking, and a step of 1,024 rows took up to 900 ms at a million documents.
 */
const ROWS_PER_STEP = 128;
/** Bytes copied between two yields when the corpus moves to a larger buffer or to one of its size. */
const COPY_PER_STEP = 8 * 2 ** 20;
/** Rows looked at before the corpus's room is sized. */
const SAMPLE_ROWS = 256;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The searched text of a list of rows in one ASCII-folded buffer, for `_q`: row i's text (its
 * values joined by a NUL byte, written by the caller) is bytes [starts[i], starts[i + 1]), UTF-8 with
 * A-Z made a-z, so a folded needle is found with Buffer.indexOf over the whole list in one pass and
 * each hit mapped back to its row by its offset; a hit is a match only when it lies wholly inside
 * one row's text (a needle holding a NUL is never searched here, so a hit never spans two values).
 * A row whose text cannot be held as UTF-8 (a lone surrogate) is left out and listed in `uncovered`,
 * for the caller to test on its own.
 */
export class SearchCorpus {
  private constructor(
    private readonly bytes: Buffer,
    private readonly starts: Int32Array,
    readonly uncovered: readonly number[],
  ) {}

  /**
   * Builds the corpus of `count` rows, `textOf(row)` giving each row's text (undefined: the row is
   * not covered). A generator: it yields every ROWS_PER_STEP rows and returns the corpus.
   */
  static *build(count: number, textOf: (row: number) => string | undefined): Generator<void, SearchCorpus> {
    const starts = new Int32Array(count + 1);
    const uncovered: number[] = [];
    const texts: (string | undefined)[] = [];
    let sampled = 0;
    for (let row = 0; row < Math.min(count, SAMPLE_ROWS); row++) {
      const text = textOf(row);
      texts.push(text);
      if (text !== undefined) sampled += Buffer.byteLength(text);
    }
    // Room for the rows as the first ones suggest, and more when they are longer.
    let bytes = Buffer.allocUnsafeSlow(Math.ceil((sampled / Math.max(1, texts.length)) * count * 1.25) + 65536);
    let used = 0;
    let folded = 0;
    for (let row = 0; row < count; row++) {
      const text = row < texts.length ? texts[row] : textOf(row);
      starts[row] = used;
      if (text === undefined || text === '') {
        if (text === undefined) uncovered.push(row);
        continue;
      }
      if (LONE_SURROGATE.test(text)) {
        uncovered.push(row);
        continue;
      }
      if (used + text.length * 3 > bytes.length) {
        const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, used + text.length * 3));
        yield* copyInSteps(bytes, grown, used);
        bytes = grown;
      }
      used += bytes.write(text, used, 'utf8');
      if (row % ROWS_PER_STEP === ROWS_PER_STEP - 1) {
        foldInPlace(bytes, folded, used);
        folded = used;
        yield;
      }
    }
    foldInPlace(bytes, folded, used);
    starts[count] = used;
    // Room left over past an eighth is given back (a copy of the exact size).
    let kept = bytes.subarray(0, used);
    if (bytes.length - used > used / 8) {
      kept = Buffer.allocUnsafeSlow(used);
      yield* copyInSteps(bytes, kept, used);
    }
    return new SearchCorpus(kept, starts, uncovered);
  }

  /** Bytes held (for figures). */
  get size(): number {
    return this.bytes.length;
  }

  /** The rows (ascending) whose text holds `needle` (folded UTF-8, without a NUL byte). */
  search(needle: Buffer): number[] {
    const { bytes, starts } = this;
    const rows = starts.length - 1;
    const length = needle.length;
    const found: number[] = [];
    if (length === 0) {
      for (let row = 0; row < rows; row++) if (starts[row + 1]! > starts[row]!) found.push(row);
      return found;
    }
    let row = 0;
    for (let hit = bytes.indexOf(needle); hit !== -1;) {
      // The row the hit starts in: the last whose start is at or before it (rows only move forward).
      let low = row;
      let high = rows - 1;
      while (low < high) {
        const middle = (low + high + 1) >>> 1;
        if (starts[middle]! <= hit) low = middle;
        else high = middle - 1;
      }
      row = low;
      const end = starts[row + 1]!;
      if (hit + length <= end) {
        found.push(row);
        // One hit is enough: the next search starts at the next row's text.
        if (end >= bytes.length) break;
        hit = bytes.indexOf(needle, end);
      } else hit = bytes.indexOf(needle, hit + 1);
    }
    return found;
  }
}

/** Copies the first `length` bytes of `from` into `to`, yielding every COPY_PER_STEP (a copy of hundreds of MB took 0.85 s in one piece). */
function* copyInSteps(from: Buffer, to: Buffer, length: number): Generator<void, void> {
  for (let at = 0; at < length; at += COPY_PER_STEP) {
    from.copy(to, at, at, Math.min(length, at + COPY_PER_STEP));
    yield;
  }
}
