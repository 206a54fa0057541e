import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
  const file = path.join(projectDir, INDEX_CACHE_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o600);
  const hash = crypto.createHash('sha256');
  let buffer = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  const flush = (): void => {
    hash.update(buffer.subarray(0, used));
    fs.writeSync(fd, buffer, 0, used);
    used = 0;
  };
  const put = (bytes: Uint8Array): void => {
    if (used + bytes.length > buffer.length) flush();
    if (bytes.length > buffer.length) buffer = Buffer.allocUnsafe(bytes.length);
    buffer.set(bytes, used);
    used += bytes.length;
  };
  const word = (value: number): void => {
    const bytes = Buffer.allocUnsafe(4);
    bytes.writeUInt32LE(value);
    put(bytes);
  };
  const text = (value: string): void => {
    const bytes = Buffer.from(value, 'utf8');
    word(bytes.length);
    put(bytes);
  };
  try {
    put(MAGIC);
    text(key);
    for (const record of records) {
      text(record.meta);
      const bytes = record.bytes ?? new Uint8Array(0);
      word(bytes.length);
      put(bytes);
    }
    word(END);
    flush();
    fs.writeSync(fd, hash.digest());
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  fs.renameSync(temp, file);
}

/**
 * Reads the cache back when it is whole and made under the same key, else undefined (missing,
 * another key, truncated, edited: anything but the file `writeIndexCache` wrote). Nothing of it is
 * returned before its checksum has been verified.
 */
export function readIndexCache(projectDir: string, key: string): IndexCacheRecord[] | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path.join(projectDir, INDEX_CACHE_FILE), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const reader = new ChunkReader(fd);
    if (!reader.take(MAGIC.length)?.equals(MAGIC)) return undefined;
    const keyText = reader.text();
    if (keyText !== key) return undefined;
    const records: IndexCacheRecord[] = [];
    for (;;) {
      const length = reader.word();
      if (length === undefined) return undefined;
      if (length === END) break;
      const meta = reader.take(length);
      const size = reader.word();
      const bytes = size === undefined || size === END ? undefined : reader.take(size);
      if (meta === undefined || bytes === undefined) return undefined;
      records.push({ meta: meta.toString('utf8'), bytes: size === 0 ? undefined : bytes });
    }
    return reader.verify() ? records : undefined;
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** Removes the cache (when it must not be trusted again). */
export function removeIndexCache(projectDir: string): void {
  fs.rmSync(path.join(projectDir, INDEX_CACHE_FILE), { force: true });
}

/** Reads a file front to back in large chunks, hashing what it hands out. */
class ChunkReader {
  private buffer = Buffer.alloc(0);
  private at = 0;
  private done = false;
  private readonly hash = crypto.createHash('sha256');

  constructor(private readonly fd: number) {}

  /** The next `length` bytes (a copy the caller may keep), or undefined at the end of the file. */
  take(length: number): Buffer | undefined {
    if (!this.fill(length)) return undefined;
    const out = Buffer.from(this.buffer.subarray(this.at, this.at + length));
    this.hash.update(out);
    this.at += length;
    return out;
  }

  word(): number | undefined {
    return this.take(4)?.readUInt32LE(0);
  }

  text(): string | undefined {
    const length = this.word();
    return length === undefined ? undefined : this.take(length)?.toString('utf8');
  }

  /** Whether the rest of the file is exactly the checksum of what came before. */
  verify(): boolean {
    if (!this.fill(32)) return false;
    const stored = this.buffer.subarray(this.at, this.at + 32);
    this.at += 32;
    return !this.fill(1) && stored.equals(this.hash.digest());
  }

  private fill(length: number): boolean {
    while (this.buffer.length - this.at < length && !this.done) {
      const rest = this.buffer.subarray(this.at);
      const next = Buffer.allocUnsafe(Math.max(CHUNK, length));
      const read = fs.readSync(this.fd, next, 0, next.length, null);
      if (read === 0) this.done = true;
      this.buffer = Buffer.concat([rest, next.subarray(0, read)]);
      this.at = 0;
    }
    return this.buffer.length - this.at >= length;
  }
}
