import crypto from 'node:crypto';
import type { CmsConfig } from '../config/cms-config.js';
import { CompactEntry } from '../content-index/compact-entry.js';
import { type BlockItem, decodeEntryBlock, encodeEntryBlock } from '../content-index/entry-block.js';
import { allocateWithFoldRoom } from '../content-index/fold-room.js';
import type { StringPool } from '../content-index/string-pool.js';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { parseContentPath } from '../store/content-path.js';
import { type IndexCacheBlock, readIndexCache, writeIndexCache, writeIndexCacheSlowly } from '../store/index-cache-file.js';
import { statProjectPaths } from '../store/project-files.js';
import type { ProjectState } from './project-state.js';

/** Bumped whenever what the cache holds, or how, changes. */
const FORMAT = 'cms-index-4';

/** A file's version as the cache holds it, with the size and mtime it had. */
export interface CachedFile {
  readonly size: number;
  readonly mtimeMs: number;
  readonly entry: CompactEntry;
}

/** What the cache is valid for: its format, the schemas and the locales (all shape the index). */
export function indexCacheKey(registry: SchemaRegistry, i18n: CmsConfig['i18n']): string {
  const plain = (_key: string, value: unknown): unknown =>
    value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : typeof value === 'function' ? String(value) : value;
  const shape = JSON.stringify({ types: [...registry.contentTypes.values()], components: [...registry.components.values()], i18n }, plain);
  return `${FORMAT}\n${crypto.createHash('sha256').update(shape).digest('hex')}`;
}

/**
 * The versions a cache holds, in its order: the order the index held them, which is the order of
 * the listing it was loaded from (a folder lists its files in the same order until they change).
 * A start asks for them in the order of its own listing, so most are found in turn; the others
 * (files added or removed since, a draft listed before its published file) are looked up by path,
 * in a map made on the first such ask. (A map of a million paths made up front cost a second or two.)
 * Sizes and mtimes are kept in arrays of numbers, not an object per version: a million such
 * objects, with their mtimes as heap numbers, outlived the read and were copied by every
 * young-generation collection of it.
 */
export class CachedFiles {
  private next = 0;
  private byPath: Map<string, number> | undefined;
  private readonly entries: CompactEntry[] = [];
  private readonly sizes: number[] = [];
  private readonly mtimes: number[] = [];

  /** Adds the next version, as the cache holds it, with the size and mtime its file had. */
  add(entry: CompactEntry, size: number, mtimeMs: number): void {
    this.entries.push(entry);
    this.sizes.push(size);
    this.mtimes.push(mtimeMs);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The version cached for the file at `path`, if any. */
  get(path: string): CachedFile | undefined {
    const at = this.indexOf(path);
    return at === undefined ? undefined : { size: this.sizes[at]!, mtimeMs: this.mtimes[at]!, entry: this.entries[at]! };
  }

  private indexOf(path: string): number | undefined {
    const next = this.entries[this.next];
    if (next !== undefined && next.isAt(path)) return this.next++;
    if (this.byPath === undefined) {
      this.byPath = new Map();
      for (let i = 0; i < this.entries.length; i++) this.byPath.set(this.entries[i]!.path, i);
    }
    const at = this.byPath.get(path);
    if (at === undefined) return undefined;
    // The files after it are likely asked next.
    this.next = at + 1;
    return at;
  }
}

/** The cached versions, or undefined when there is no cache this key may trust (`progress`: the bytes read of the file). */
export function readCachedFiles(projectDir: string, key: string, progress?: (bytes: number, total: number) => void): CachedFiles | undefined {
  const files = new CachedFiles();
  const pool: StringPool = new Map();
  const add = (entry: CompactEntry, size: number, mtimeMs: number): void => files.add(entry, size, mtimeMs);
  // The long records stay where they are read, with room beside them for text search's folded copies.
  const valid = readIndexCache(projectDir, key, (text, long) => decodeEntryBlock(text, long, pool, add), allocateWithFoldRoom, progress);
  return valid ? files : undefined;
}

/** How long before its reading a file must have last changed for its size and mtime to vouch for what was read. */
const SETTLED_MS = 2_000;

/**
 * Writes the index to the cache: every content file the index holds, with the size and mtime it
 * has now, when that mtime is older than the read (so the file cannot have changed since it was
 * read). Files changed while serving are left out (read again at the next start).
 */
export function saveIndexCache(state: ProjectState, key: string, readSince: number): void {
  writeIndexCache(state.dir, key, cacheBlocks(state, readSince));
}

/** The same, a slice at a time between requests; abandoned when `cancelled` says so. */
export function saveIndexCacheSlowly(state: ProjectState, key: string, readSince: number, cancelled: () => boolean): Promise<void> {
  return writeIndexCacheSlowly(state.dir, key, cacheBlocks(state, readSince), cancelled);
}

/** File versions per block of the cache (a slow write yields between blocks). */
const BLOCK = 2_000;

function cacheBlocks(state: ProjectState, readSince: number): IterableIterator<IndexCacheBlock> {
  const { index } = state;
  function* blocks(): IterableIterator<IndexCacheBlock> {
    let items: BlockItem[] = [];
    // Folders are checked again for each block (a slow write spans many requests).
    let statPath = statProjectPaths(state.dir);
    for (const entry of index.heldEntries()) {
      const { path } = entry;
      if (!(entry instanceof CompactEntry) || index.touchedSinceLoad(path)) continue;
      const stat = statPath(path);
      if (stat === undefined || stat.isFolder || stat.refusal !== undefined || stat.mtimeMs >= readSince - SETTLED_MS) continue;
      items.push({ entry, type: typeOfPath(state.registry, path), size: stat.size, mtimeMs: stat.mtimeMs });
      if (items.length < BLOCK) continue;
      yield encodeEntryBlock(items);
      items = [];
      statPath = statProjectPaths(state.dir);
    }
    if (items.length > 0) yield encodeEntryBlock(items);
  }
  return blocks();
}

function typeOfPath(registry: SchemaRegistry, path: string): ContentType | undefined {
  try {
    return parseContentPath(registry, path)?.type;
  } catch {
    return undefined;
  }
}
