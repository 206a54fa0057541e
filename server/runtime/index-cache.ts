import crypto from 'node:crypto';
import type { CmsConfig } from '../config/cms-config.js';
import { CompactEntry, type PlaceholderCode, entryFromParts, entryParts } from '../content-index/compact-entry.js';
import type { StringPool } from '../content-index/string-pool.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { type IndexCacheRecord, readIndexCache, writeIndexCache, writeIndexCacheSlowly } from '../store/index-cache-file.js';
import { statProjectPath } from '../store/project-files.js';
import type { ProjectState } from './project-state.js';

/** Bumped whenever what the cache holds, or how, changes. */
const FORMAT = 'cms-index-1';

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

/** The cached versions by path, or undefined when there is no cache this key may trust. */
export function readCachedFiles(projectDir: string, key: string): Map<string, CachedFile> | undefined {
  const out = new Map<string, CachedFile>();
  const pool: StringPool = new Map();
  const valid = readIndexCache(projectDir, key, (meta, bytes) => {
    const [path, size, mtimeMs, documentId, locale, createdAt, updatedAt, publishedAt, short, placeholders] = JSON.parse(meta) as [
      string,
      number,
      number,
      string,
      string | null,
      string,
      string,
      string | null,
      Record<string, unknown>,
      [string, PlaceholderCode][],
    ];
    const head = { id: 0, documentId, locale, path, createdAt, updatedAt, publishedAt };
    out.set(path, { size, mtimeMs, entry: entryFromParts(head, short, placeholders, bytes, pool) });
  });
  return valid ? out : undefined;
}

/** How long before its reading a file must have last changed for its size and mtime to vouch for what was read. */
const SETTLED_MS = 2_000;

/**
 * Writes the index to the cache: every content file the index holds, with the size and mtime it
 * has now, when that mtime is older than the read (so the file cannot have changed since it was
 * read). Files changed while serving are left out (read again at the next start).
 */
export function saveIndexCache(state: ProjectState, key: string, readSince: number): void {
  writeIndexCache(state.dir, key, cacheRecords(state, readSince));
}

/** The same, a slice at a time between requests; abandoned when `cancelled` says so. */
export function saveIndexCacheSlowly(state: ProjectState, key: string, readSince: number, cancelled: () => boolean): Promise<void> {
  return writeIndexCacheSlowly(state.dir, key, cacheRecords(state, readSince), cancelled);
}

function cacheRecords(state: ProjectState, readSince: number): IterableIterator<IndexCacheRecord> {
  const { index } = state;
  function* records(): IterableIterator<IndexCacheRecord> {
    for (const { path, entry } of index.heldEntries()) {
      if (!(entry instanceof CompactEntry) || index.touchedSinceLoad(path)) continue;
      const stat = statProjectPath(state.dir, path);
      if (stat === undefined || stat.isFolder || stat.refusal !== undefined || stat.mtimeMs >= readSince - SETTLED_MS) continue;
      const { head, short, placeholders, long } = entryParts(entry);
      const meta = [path, stat.size, stat.mtimeMs, head.documentId, head.locale, head.createdAt, head.updatedAt, head.publishedAt, short, placeholders];
      yield { meta: JSON.stringify(meta), bytes: long };
    }
  }
  return records();
}
