import fs from 'node:fs';
import { type BlockItem, encodeEntryBlock } from '../content-index/entry-block.js';
import { allocateWithFoldRoom } from '../content-index/fold-room.js';
import type { StringPool } from '../content-index/string-pool.js';
import { toEntry } from '../content-index/to-entry.js';
import type { CompactEntry } from '../content-index/compact-entry.js';
import type { PrefetchBlock } from '../store/content-prefetch-protocol.js';
import { parseContentPath } from '../store/content-path.js';
import { loadConfig } from '../store/load-config.js';
import { loadSchemaFiles } from '../store/load-schemas.js';
import { type BatchMaker, textsOnly } from '../store/prefetch-content.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import { decodeStoredDocument } from '../store/read-document.js';
import type { ReadText } from '../store/read-text.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { indexCacheKey } from './index-cache.js';

/**
 * The batches of a version prefetch worker (start-version-prefetch.ts): each file a start would place
 * without asking the index (a collection type's file, decoded and checked without a problem, in a
 * configured locale) goes into the batch's block as the index cache writes versions, its long
 * values in shared memory; every other file (a single type's, one with a problem) as its text, for
 * the main thread to read as it always does. Without schemas or config to decode with, texts only.
 */
export function versionBatches(projectDir: string): BatchMaker {
  let decoder: VersionDecoder;
  try {
    decoder = new VersionDecoder(projectDir);
  } catch {
    return textsOnly;
  }
  const memory = new BlockMemory();
  return (paths, texts) => {
    const out: (ReadText | null)[] = [];
    const items: BlockItem[] = [];
    for (let i = 0; i < paths.length; i++) {
      const item = decoder.itemOf(paths[i]!, texts[i]!);
      out.push(item === undefined ? texts[i]! : null);
      if (item !== undefined) items.push(item);
    }
    if (items.length === 0) return { texts: out };
    // The records are where the arena wrote them (this thread cuts its slabs from shared chunks:
    // version-prefetch-worker.ts): in one chunk and in order, the block names them there.
    let chunk: ArrayBufferLike | undefined;
    let start = 0;
    let end = 0;
    let inPlace = true;
    const { text, bytes } = encodeEntryBlock(items, (record) => {
      if (chunk === undefined) {
        chunk = record.buffer;
        start = record.byteOffset;
      } else if (record.buffer !== chunk || record.byteOffset < end) inPlace = false;
      end = record.byteOffset + record.length;
      return record.byteOffset - start;
    });
    if (chunk === undefined) return { texts: out, block: memory.place(decoder.key, text, bytes) };
    if (inPlace && chunk instanceof SharedArrayBuffer) return { texts: out, block: memory.inPlace(decoder.key, text, chunk, start, end - start) };
    // Records across two chunks (or not in shared memory): copied one after another.
    const copied = encodeEntryBlock(items);
    return { texts: out, block: memory.place(decoder.key, copied.text, copied.bytes) };
  };
}

/** Decodes files as a start does (the schemas and config read here, as the main thread reads them). */
class VersionDecoder {
  readonly key: string;
  private readonly registry: SchemaRegistry;
  private readonly root: string;
  private readonly defaultLocale: string;
  private readonly locales: ReadonlySet<string>;
  private readonly pool: StringPool = new Map();

  constructor(projectDir: string) {
    this.registry = loadSchemaFiles(projectDir).registry;
    const { i18n } = loadConfig(projectDir);
    this.key = indexCacheKey(this.registry, i18n);
    this.root = `${projectDir}/${CONTENT_DIR}`;
    this.defaultLocale = i18n.defaultLocale;
    this.locales = new Set(i18n.locales.map((locale) => locale.code));
  }

  /** The version a file holds, or undefined when the main thread should read it (anything but the plain case). */
  itemOf(relative: string, text: ReadText): BlockItem | undefined {
    if (typeof text !== 'string') return undefined;
    try {
      const file = parseContentPath(this.registry, `${CONTENT_DIR}/${relative}`);
      if (file === undefined || file.documentId === undefined) return undefined;
      if (file.locale !== undefined && (!file.type.localized || !this.locales.has(file.locale))) return undefined;
      const stored = decodeStoredDocument(this.registry, file, text, () => fs.lstatSync(`${this.root}/${relative}`).mtimeMs);
      const locale = file.type.localized ? (file.locale ?? this.defaultLocale) : null;
      const entry: CompactEntry = toEntry(stored, file.documentId, locale, this.pool);
      // Size and mtime are the index cache's: a start from a prefetch does not compare them.
      return { entry, type: file.type, size: 0, mtimeMs: 0 };
    } catch {
      return undefined;
    }
  }
}

const FIRST_MEMORY = 4 << 20;
const MAX_MEMORY = 256 << 20;

/**
 * The shared memory the blocks' long values are in, each posted once, with the first block in it,
 * and adopted whole by the main thread (made as the index's own, with room for the folded copies of
 * text search after it): the arena's chunks the records were written to, or, for records that are
 * not in one, pieces made here that double up to 256 MB.
 */
class BlockMemory {
  /** Each memory a block named, by the index blocks name it by. */
  private readonly indexes = new Map<SharedArrayBuffer, number>();
  private copies: Buffer | undefined;
  private used = 0;
  private next = FIRST_MEMORY;

  /** A block whose records lie in `memory` from `offset`, over `length` bytes. */
  inPlace(key: string, text: string, memory: SharedArrayBuffer, offset: number, length: number): PrefetchBlock {
    let memoryIndex = this.indexes.get(memory);
    const fresh = memoryIndex === undefined ? memory : undefined;
    if (memoryIndex === undefined) this.indexes.set(memory, (memoryIndex = this.indexes.size));
    return { key, text, memory: fresh, memoryIndex, offset, length };
  }

  /** A block whose records are copied one after another into memory made here. */
  place(key: string, text: string, bytes: readonly Buffer[]): PrefetchBlock {
    let length = 0;
    for (const part of bytes) length += part.length;
    if (this.copies === undefined || this.used + length > this.copies.length) {
      this.copies = allocateWithFoldRoom(Math.max(this.next, length));
      this.next = Math.min(MAX_MEMORY, this.next * 2);
      this.used = 0;
    }
    const offset = this.used;
    for (const part of bytes) this.used += part.copy(this.copies, this.used);
    return this.inPlace(key, text, this.copies.buffer as SharedArrayBuffer, offset, length);
  }
}
