import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RefusedFileError, leadsThroughLink } from './plain-file.js';

/** Where the index of a project's content is kept between starts (under the git-ignored .cms/). */
export const INDEX_CACHE_FILE = '.cms/index-cache.bin';

const MAGIC = Buffer.from('cms-index-cache\n');
const END = 0xffffffff;
const CHUNK = 16 * 1024 * 1024;

/** One record of the cache: a JSON text and, optionally, bytes that go with it. */
export interface IndexCacheRecord {
  readonly meta: string;
  readonly bytes: Uint8Array | undefined;
}

/**
 * Writes the cache: a magic line, the key (format and what shaped the index), the records, an end
 * mark and a SHA-256 of all of it. Streamed to a temp file and renamed over the old one, so a reader
 * sees the old cache or the new, never half of one (and a damaged one fails its checksum).
 */
export function writeIndexCache(projectDir: string, key: string, records: Iterable<IndexCacheRecord>): void {
  const writer = new CacheWriter(projectDir, key);
  try {
    for (const record of records) writer.add(record);
  } catch (error) {
    writer.abort();
    throw error;
  }
  writer.finish();
}

/**
 * The same, a slice at a time between other work (a server keeps answering while it writes);
 * abandoned, leaving the old cache, when `cancelled` says so between slices.
 */
export async function writeIndexCacheSlowly(projectDir: string, key: string, records: Iterable<IndexCacheRecord>, cancelled: () => boolean): Promise<void> {
  const writer = new CacheWriter(projectDir, key);
  try {
    let count = 0;
    for (const record of records) {
      writer.add(record);
      if (++count % SLICE !== 0) continue;
      await new Promise((resolve) => setImmediate(resolve));
      if (cancelled()) return writer.abort();
    }
  } catch (error) {
    writer.abort();
    throw error;
  }
  writer.finish();
}

/** Records written between two yields of `writeIndexCacheSlowly`. */
const SLICE = 2_000;

class CacheWriter {
  private readonly file: string;
  private readonly temp: string;
  private readonly fd: number;
  private readonly hash = crypto.createHash('sha256');
  private buffer = Buffer.allocUnsafe(CHUNK);
  private used = 0;

  constructor(projectDir: string, key: string) {
    // A linked .cms/ (a checked-in symbolic link, say) would take the write out of the project.
    if (leadsThroughLink(projectDir, INDEX_CACHE_FILE))
      throw new RefusedFileError(INDEX_CACHE_FILE, 'its folder is a symbolic link: links are never followed, so it is not written');
    this.file = path.join(projectDir, INDEX_CACHE_FILE);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    this.temp = `${this.file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    this.fd = fs.openSync(this.temp, 'w', 0o600);
    this.put(MAGIC);
    this.text(key);
  }

  add(record: IndexCacheRecord): void {
    this.text(record.meta);
    const bytes = record.bytes ?? new Uint8Array(0);
    this.word(bytes.length);
    this.put(bytes);
  }

  finish(): void {
    try {
      this.word(END);
      this.flush();
      fs.writeSync(this.fd, this.hash.digest());
    } catch (error) {
      this.abort();
      throw error;
    }
    fs.closeSync(this.fd);
    fs.renameSync(this.temp, this.file);
  }

  abort(): void {
    fs.closeSync(this.fd);
    fs.rmSync(this.temp, { force: true });
  }

  private flush(): void {
    this.hash.update(this.buffer.subarray(0, this.used));
    fs.writeSync(this.fd, this.buffer, 0, this.used);
    this.used = 0;
  }

  private put(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.buffer.length) this.flush();
    if (bytes.length > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes.length);
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  private word(value: number): void {
    const bytes = Buffer.allocUnsafe(4);
    bytes.writeUInt32LE(value);
    this.put(bytes);
  }

  private text(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.word(bytes.length);
    this.put(bytes);
  }
}

/**
 * Reads the cache back when it is whole and made under the same key: first its checksum is verified
 * over the whole file, then each record is handed to `visit` (`bytes` is valid during the call
 * only). Returns false, having visited nothing, when the cache is missing, made under another key,
 * truncated or edited: anything but the file `writeIndexCache` wrote.
 */
export function readIndexCache(projectDir: string, key: string, visit: (meta: string, bytes: Buffer | undefined) => void): boolean {
  // Nothing is read through a linked .cms/: the cache must be the project's own.
  if (leadsThroughLink(projectDir, INDEX_CACHE_FILE)) return false;
  let fd: number;
  try {
    fd = fs.openSync(path.join(projectDir, INDEX_CACHE_FILE), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    if (!hasValidChecksum(fd)) return false;
    const reader = new ChunkReader(fd);
    if (!reader.take(MAGIC.length)?.equals(MAGIC) || reader.text() !== key) return false;
    for (;;) {
      const length = reader.word();
      if (length === undefined) return false;
      if (length === END) break;
      const meta = reader.take(length)?.toString('utf8');
      const size = reader.word();
      const bytes = size === undefined || size === END ? undefined : reader.take(size);
      if (meta === undefined || bytes === undefined) return false;
      visit(meta, size === 0 ? undefined : bytes);
    }
    return true;
  } catch {
    return false;
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether the file ends with the SHA-256 of everything before it. */
function hasValidChecksum(fd: number): boolean {
  const size = fs.fstatSync(fd).size;
  if (size < MAGIC.length + 32) return false;
  const hash = crypto.createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let position = 0;
  while (position < size - 32) {
    const read = fs.readSync(fd, buffer, 0, Math.min(CHUNK, size - 32 - position), position);
    if (read === 0) return false;
    hash.update(buffer.subarray(0, read));
    position += read;
  }
  const stored = Buffer.alloc(32);
  return fs.readSync(fd, stored, 0, 32, size - 32) === 32 && stored.equals(hash.digest());
}

/** Whether a project has a cache file (not whether it can be trusted: readIndexCache tells). */
export function hasIndexCache(projectDir: string): boolean {
  return fs.existsSync(path.join(projectDir, INDEX_CACHE_FILE));
}

/** Reads a file front to back in large chunks; what `take` hands out is a view, valid until the next call. */
class ChunkReader {
  private buffer = Buffer.alloc(0);
  private at = 0;
  private position = 0;

  constructor(private readonly fd: number) {}

  /** The next `length` bytes, or undefined past the end of the file. */
  take(length: number): Buffer | undefined {
    if (this.buffer.length - this.at < length && !this.fill(length)) return undefined;
    const out = this.buffer.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  word(): number | undefined {
    if (this.buffer.length - this.at < 4 && !this.fill(4)) return undefined;
    const value = this.buffer.readUInt32LE(this.at);
    this.at += 4;
    return value;
  }

  text(): string | undefined {
    const length = this.word();
    return length === undefined ? undefined : this.take(length)?.toString('utf8');
  }

  private fill(length: number): boolean {
    const rest = this.buffer.length - this.at;
    const next = Buffer.allocUnsafe(Math.max(CHUNK, length));
    this.buffer.copy(next, 0, this.at);
    let filled = rest;
    while (filled < length) {
      const read = fs.readSync(this.fd, next, filled, next.length - filled, this.position);
      if (read === 0) break;
      filled += read;
      this.position += read;
    }
    this.buffer = next.subarray(0, filled);
    this.at = 0;
    return filled >= length;
  }
}
