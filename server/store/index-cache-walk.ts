import fs from 'node:fs';
import zlib from 'node:zlib';

/** The first bytes of an index cache file. */
export const MAGIC = Buffer.from('cms-index-cache\n');
/** In place of a block's text length: the end of the blocks. */
export const END = 0xffffffff;

/** The largest buffer the kept parts of blocks share (see CacheReader.ownBytes). */
const SHARED_BYTES = 1024 * 1024 * 1024;

/** How to walk a cache: whether to check its checksums, and what to hand each block to (nothing: a check only). */
export interface WalkOptions {
  readonly summed: boolean;
  readonly visit?: ((text: string, bytes: Buffer) => boolean) | undefined;
  /** Told the bytes walked so far, and the file's size, after each block and at the end of a whole file. */
  readonly progress?: ((bytes: number, total: number) => void) | undefined;
  /** Makes the buffers the kept bytes of blocks are cut from (default: Buffer.allocUnsafeSlow). */
  readonly allocate?: ((size: number) => Buffer) | undefined;
}

/**
 * Walks the cache file open at `fd` as index-cache-file.ts writes it: magic, key, blocks (each
 * followed by the CRC-32 of every byte before it), end mark, final CRC-32, end of file. False at
 * the first thing out of place (or a checksum that fails, when `summed`), or when `visit` says so.
 */
export function walkIndexCache(fd: number, key: string, options: WalkOptions): boolean {
  const { summed, visit } = options;
  const reader = new CacheReader(fd, summed, visit === undefined, options.allocate ?? Buffer.allocUnsafeSlow);
  if (!reader.take(MAGIC.length)?.equals(MAGIC)) return false;
  const keyLength = reader.take(4)?.readUInt32LE(0);
  if (keyLength === undefined || reader.take(keyLength)?.toString('utf8') !== key) return false;
  for (;;) {
    const head = reader.take(8);
    if (head === undefined) return false;
    const textLength = head.readUInt32LE(0);
    const bytesLength = head.readUInt32LE(4);
    if (textLength === END) {
      const whole = bytesLength === 0 && reader.sumHolds() && reader.atEnd();
      if (whole) options.progress?.(reader.walked, reader.size);
      return whole;
    }
    const text = reader.take(textLength)?.toString('utf8');
    const bytes = reader.take(bytesLength, true);
    if (text === undefined || bytes === undefined || !reader.sumHolds()) return false;
    if (visit !== undefined && !visit(text, bytes)) return false;
    options.progress?.(reader.walked, reader.size);
  }
}

/** Reads a file front to back, each part into a buffer of its own (or one reused, for a check only), keeping the CRC-32 of what it read. */
class CacheReader {
  readonly size: number;
  private position = 0;
  private crc = 0;
  private scratch = Buffer.alloc(0);
  private shared: Buffer = Buffer.alloc(0);
  private sharedUsed = 0;

  constructor(
    private readonly fd: number,
    private readonly summed: boolean,
    private readonly reuse: boolean,
    private readonly allocate: (size: number) => Buffer,
  ) {
    this.size = fs.fstatSync(fd).size;
  }

  /** The next `length` bytes (in a buffer outside V8's pool when `own`), or undefined past the end. */
  take(length: number, own = false): Buffer | undefined {
    if (length > this.size - this.position) return undefined;
    let out: Buffer;
    if (this.reuse) {
      if (this.scratch.length < length) this.scratch = Buffer.allocUnsafeSlow(Math.max(length, 2 * this.scratch.length));
      out = this.scratch.subarray(0, length);
    } else out = own ? this.ownBytes(length) : Buffer.allocUnsafe(length);
    for (let filled = 0; filled < length;) {
      const read = fs.readSync(this.fd, out, filled, length - filled, this.position + filled);
      if (read === 0) return undefined;
      filled += read;
    }
    this.position += length;
    if (this.summed) this.crc = zlib.crc32(out, this.crc);
    return out;
  }

  /**
   * Room for bytes the caller keeps: a part of a large buffer, shared by the blocks that follow (at
   * most what is left of the file, at most SHARED_BYTES). V8 counts each new buffer as external
   * memory and, every 64 MB or so of it, marks the whole heap: a buffer per block made a start
   * from a 2.5 GB cache mark a heap of a million entries some 35 times.
   */
  private ownBytes(length: number): Buffer {
    if (this.shared.length - this.sharedUsed < length) {
      this.shared = this.allocate(Math.max(length, Math.min(SHARED_BYTES, this.size - this.position)));
      this.sharedUsed = 0;
    }
    const out = this.shared.subarray(this.sharedUsed, this.sharedUsed + length);
    this.sharedUsed += length;
    return out;
  }

  /** Whether the next 4 bytes are the checksum of everything before them (always, when not summed). */
  sumHolds(): boolean {
    const expected = this.crc;
    const stored = this.take(4);
    this.crc = expected;
    return stored !== undefined && (!this.summed || stored.readUInt32LE(0) === expected);
  }

  get walked(): number {
    return this.position;
  }

  atEnd(): boolean {
    return this.position === this.size;
  }
}
