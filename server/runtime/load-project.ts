import type { CmsConfig } from '../config/cms-config.js';
import { ContentIndex } from '../content-index/content-index.js';
import type { FileError } from '../errors/file-error.js';
import { ContentPrefetch } from '../store/content-prefetch.js';
import { ContentStats } from '../store/content-stats.js';
import { hasIndexCache } from '../store/index-cache-file.js';
import { loadSchemaFiles } from '../store/load-schemas.js';
import { listUploadFiles } from '../store/list-upload-files.js';
import { RefusedFileError } from '../store/plain-file.js';
import { listRefusedUserFiles } from '../store/user-files.js';
import { scanContent } from '../store/scan-content.js';
import { parseContentPath } from '../store/content-path.js';
import type { StoredDocument } from '../store/read-document.js';
import type { ReadAhead } from '../store/read-ahead.js';
import { indexCacheKey, readCachedFiles } from './index-cache.js';
import { PrefetchedVersions } from './prefetched-versions.js';
import { replayJournals } from '../store/write-journal.js';
import { placeDocument, reportProblem } from './place-document.js';
import type { ProjectState } from './project-state.js';
import { loadUsers } from './sync-users.js';
import { syncMedia } from './sync-media.js';

/** What a load is doing: reading the index cache (`done` and `total` in bytes), checking the content files against it, or reading them (in files). */
export type LoadStep = 'cache' | 'check' | 'read';

/** Told how far a load is, as it goes (a million files take a while). */
export type LoadProgress = (step: LoadStep, done: number, total: number) => void;

/**
 * Reads a whole project: its schemas (a FileError when they are broken), then its media and
 * content into a new index, taking the texts from `readAhead` when a worker reads this project
 * (or, with an index cache, the listing and stats of its content when a worker makes them).
 * Files that cannot be read, and links and special files (never read), end up in `problems`, never thrown.
 * With `server.indexCache`, files whose size and mtime the index cache (.cms/) knows are not read again.
 * `progress` is told how far it is.
 */
export function loadProject(config: CmsConfig, readAhead?: ReadAhead, progress?: LoadProgress): ProjectState {
  // A write across files (`cms mv`) killed half-way is finished before anything is read (what a
  // worker read or stat'ed before that is not used).
  const replayed = replayJournals(config.dir).length > 0;
  if (replayed) readAhead?.close();
  const prefetch = readAhead instanceof ContentPrefetch ? readAhead : undefined;
  // Stats the CLI started before the server's modules loaded, when it saw the cache.
  const early = !replayed && readAhead instanceof ContentStats && readAhead.covers(config.dir) ? readAhead : undefined;
  const { registry, refused } = loadSchemaFiles(config.dir);
  const state: ProjectState = { dir: config.dir, registry, index: new ContentIndex(registry, config.i18n), problems: new Map<string, FileError>() };
  const uploads = listUploadFiles(config.dir);
  for (const mediaPath of uploads.media.sort()) syncMedia(state, mediaPath);
  for (const { path, reason } of [...refused, ...uploads.refused, ...listRefusedUserFiles(config.dir)])
    reportProblem(state, new RefusedFileError(path, reason));
  // The key hashes every schema: worked out only when the cache is on.
  const cacheKey = config.server.indexCache ? indexCacheKey(registry, config.i18n) : undefined;
  const readSince = Date.now();
  // While the cache is read, a worker lists content/ and stats its files (both are needed, neither waits).
  const stats = cacheKey !== undefined && hasIndexCache(config.dir) ? (early ?? ContentStats.start(config.dir)) : undefined;
  if (readAhead instanceof ContentStats && stats !== readAhead) readAhead.close();
  const cached = cacheKey === undefined ? undefined : readCachedFiles(config.dir, cacheKey, progressOf(progress, 'cache'));
  const statListing = cached === undefined ? undefined : stats?.take();
  stats?.close();
  // Files are read only when the cache does not vouch for them: a worker reading them all is stopped.
  if (cached !== undefined) prefetch?.close();
  let reused = 0;
  const reuse = (relPath: string, stat: { size: number; mtimeMs: number }): boolean => {
    const hit = cached?.get(relPath);
    const file = hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs ? parseContentPath(registry, relPath) : undefined;
    if (hit === undefined || file === undefined) return false;
    state.index.applyEntry(file, hit.entry);
    reused++;
    return true;
  };
  // Other locales of a single type take their documentId from its default-locale file: they go last.
  const later: StoredDocument[] = [];
  let read = 0;
  const visit = (stored: StoredDocument): void => {
    read++;
    if (stored.file.locale !== undefined && stored.file.documentId === undefined) later.push(stored);
    else placeDocument(state, stored);
  };
  // A worker that decodes files (start-version-prefetch.ts) hands over blocks made for this key only.
  const prefetched =
    cached === undefined && prefetch !== undefined ? new PrefetchedVersions(state, cacheKey ?? indexCacheKey(registry, config.i18n)) : undefined;
  let problems: FileError[] = [];
  state.index.load(() => {
    const options = {
      visit,
      reuse: cached && reuse,
      stats: statListing,
      prefetched,
      progress: progressOf(progress, cached ? 'check' : 'read'),
    };
    problems = scanContent(config.dir, registry, cached ? undefined : prefetch, options).problems;
    for (const stored of later) placeDocument(state, stored);
    loadUsers(state);
  });
  for (const problem of problems) reportProblem(state, problem);
  // Nothing to write when every file came from an intact cache (and none is gone).
  const upToDate = cached !== undefined && read === 0 && reused === cached.size && problems.length === 0;
  const mostlyCached = cached !== undefined && read * 10 <= reused;
  return cacheKey === undefined ? state : Object.assign(state, { indexCache: { key: cacheKey, readSince, upToDate, mostlyCached } });
}

/** `progress` told of one step (undefined without it). */
function progressOf(progress: LoadProgress | undefined, step: LoadStep): ((done: number, total: number) => void) | undefined {
  return progress && ((done, total) => progress(step, done, total));
}
