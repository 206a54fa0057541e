import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { removeStaleTempFiles } from './atomic-write.js';
import { keepCmsFolderOutOfGit } from './cms-folder.js';
import { CacheCheck } from './index-cache-check.js';
import { END, MAGIC, walkIndexCache } from './index-cache-walk.js';
import { RefusedFileError, leadsThroughLink } from './plain-file.js';

/** Where the index of a project's content is kept between starts (under the git-ignored .cms/). */
export const INDEX_CACHE_FILE = '.cms/index-cache.bin';

const CHUNK = 16 * 1024 * 1024;

/** One block of the cache: a text, and bytes that go with it (written and read back as they are). */
export interface IndexCacheBlock {
  readonly text: string;
  readonly bytes: readonly Uint8Array[];
}

/**
 * Writes the cache: a magic line, the key (format and what shaped the index), the blocks, an end
 * mark. After each block and after the end mark comes the CRC-32 of every byte before it, so a reader
 * checks each block before it uses it, and the whole file by the end. Streamed to a temp file and
 * renamed over the old one, so a reader sees the old cache or the new, never half of one.
 */
export function writeIndexCache(projectDir: string, key: string, blocks: Iterable<IndexCacheBlock>): void {
  // Not pausing, the first step writes it all.
  writeBlocks(new CacheWriter(projectDir, key), blocks, false).next();
}

/**
 * The same, a block at a time between other work (a server keeps answering while it writes);
 * abandoned, leaving the old cache, when `cancelled` says so between blocks.
 */
export async function writeIndexCacheSlowly(projectDir: string, key: string, blocks: Iterable<IndexCacheBlock>, cancelled: () => boolean): Promise<void> {
  const writer = new CacheWriter(projectDir, key);
  const steps = writeBlocks(writer, blocks, true);
  while (steps.next().done !== true) {
    await new Promise((resolve) => setImmediate(resolve));
    if (cancelled()) return writer.abort();
  }
}

/** Writes the blocks and finishes the file, pausing after each block when `pausing`; a failure leaves nothing. */
function* writeBlocks(writer: CacheWriter, blocks: Iterable<IndexCacheBlock>, pausing: boolean): Generator<void, void> {
  try {
    for (const block of blocks) {
      writer.add(block);
      if (pausing) yield;
    }
  } catch (error) {
    writer.abort();
    throw error;
  }
  writer.finish();
}

class CacheWriter {
  private readonly file: string;
  private readonly temp: string;
  private readonly fd: number;
  private crc = 0;
  private buffer = Buffer.allocUnsafe(CHUNK);
  private used = 0;

  constructor(projectDir: string, key: string) {
    // A linked .cms/ (a checked-in symbolic link, say) would take the write out of the project.
    if (leadsThroughLink(projectDir, INDEX_CACHE_FILE))
      throw new RefusedFileError(INDEX_CACHE_FILE, 'its folder is a symbolic link: links are never followed, so it is not written');
    this.file = path.join(projectDir, INDEX_CACHE_FILE);
    const dir = path.dirname(this.file);
    keepCmsFolderOutOfGit(projectDir);
    // Named as atomic-write names its temp files, so that what a writer killed mid-way left is removed.
    removeStaleTempFiles(dir);
    this.temp = path.join(dir, `.${path.basename(this.file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
    this.fd = fs.openSync(this.temp, 'w', 0o600);
    const keyBytes = Buffer.from(key, 'utf8');
    this.put(MAGIC);
    this.word(keyBytes.length);
    this.put(keyBytes);
  }

  add(block: IndexCacheBlock): void {
    const text = Buffer.from(block.text, 'utf8');
    let size = 0;
    for (const bytes of block.bytes) size += bytes.length;
    // A block's parts are read back with single reads: their lengths are checked against the file's size.
    if (text.length >= END || size >= END) throw new Error('an index cache block of 4 GB or more');
    this.word(text.length);
    this.word(size);
    this.put(text);
    for (const bytes of block.bytes) this.put(bytes);
    this.sum();
  }

  finish(): void {
    try {
      this.word(END);
      this.word(0);
      this.sum();
      this.flush();
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
    fs.writeSync(this.fd, this.buffer, 0, this.used);
    this.used = 0;
  }

  /** Writes the checksum of everything before it (itself left out of the sum). */
  private sum(): void {
    const bytes = Buffer.allocUnsafe(4);
    bytes.writeUInt32LE(this.crc);
    this.put(bytes, false);
  }

  private put(bytes: Uint8Array, summed = true): void {
    if (summed) this.crc = zlib.crc32(bytes, this.crc);
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
}

/** A cache up to this size is checked by the thread reading it (a few ms), with no worker (~70 ms to start one). */
let checkHereBytes = 16 << 20;

/** @internal for the tests: caches up to `bytes` are checked by the thread reading them (-1: every one by a worker). */
export function checkIndexCacheHereUpTo(bytes: number): void {
  checkHereBytes = bytes;
}

/**
 * Reads the cache back when it is made under the same key, handing each block to `visit` (`bytes`
 * is the block's own buffer: the visitor may keep it) while a worker thread checks every checksum
 * (index-cache-check.ts; this thread checks them itself when the worker fails); `allocate` makes
 * the buffers those bytes are cut from; `progress` is told the bytes read so far and the file's size.
 * Returns false when the cache is missing, made under another key, truncated or edited (anything
 * but the file `writeIndexCache` wrote), or when `visit` returns false; then whatever was visited
 * must be dropped.
 */
export function readIndexCache(
  projectDir: string,
  key: string,
  visit: (text: string, bytes: Buffer) => boolean,
  allocate?: (size: number) => Buffer,
  progress?: (bytes: number, total: number) => void,
): boolean {
  // Nothing is read through a linked .cms/: the cache must be the project's own.
  if (leadsThroughLink(projectDir, INDEX_CACHE_FILE)) return false;
  let fd: number;
  try {
    fd = fs.openSync(path.join(projectDir, INDEX_CACHE_FILE), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch {
    return false;
  }
  // A small cache is checked as it is read (a worker would take longer to start than the sums);
  // a worker checks a larger one meanwhile, reading the same open file (not the path: a cache
  // renamed over it meanwhile is not this one).
  const check = sizeOf(fd) <= checkHereBytes ? undefined : CacheCheck.start(fd, key);
  try {
    if (check === undefined) return walkIndexCache(fd, key, { summed: true, visit, allocate, progress });
    if (!walkIndexCache(fd, key, { summed: false, visit, allocate, progress })) return false;
    return check.verdict() ?? walkIndexCache(fd, key, { summed: true });
  } catch {
    return false;
  } finally {
    check?.close();
    fs.closeSync(fd);
  }
}

/** An open file's size; Infinity when it cannot be told (the worker's check then decides). */
function sizeOf(fd: number): number {
  try {
    return fs.fstatSync(fd).size;
  } catch {
    return Infinity;
  }
}

/**
 * Removes what writers of the cache killed mid-way left in .cms/ (their temp files, named with their
 * pid). A write does it first; a start that finds the cache up to date writes nothing, so it calls
 * this: a killed write of a large project leaves gigabytes. Never throws.
 */
export function removeStaleCacheWrites(projectDir: string): number {
  if (leadsThroughLink(projectDir, INDEX_CACHE_FILE)) return 0;
  try {
    return removeStaleTempFiles(path.dirname(path.join(projectDir, INDEX_CACHE_FILE)));
  } catch {
    return 0;
  }
}

/** Whether a project has a cache file (not whether it can be trusted: readIndexCache tells). */
export function hasIndexCache(projectDir: string): boolean {
  return fs.existsSync(path.join(projectDir, INDEX_CACHE_FILE));
}
