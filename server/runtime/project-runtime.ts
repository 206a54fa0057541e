import type { CmsConfig } from '../config/cms-config.js';
import type { IndexChanges } from '../content-index/change-journal.js';
import type { ChangeSet, ProjectPort, ProjectSnapshot, WriteHooks } from '../documents/project-port.js';
import { FileError } from '../errors/file-error.js';
import type { ProjectChange } from '../events/event-hub.js';
import type { ReadAhead } from '../store/read-ahead.js';
import { startVersionPrefetch } from './start-version-prefetch.js';
import { statProjectPath } from '../store/project-files.js';
import { type StoreEvent, ProjectWatcher } from '../store/watch-project.js';
import { commitChanges } from './commit-changes.js';
import { runSlowly } from '../content-index/run-slowly.js';
import { warmUpSteps } from './warm-up-steps.js';
import { heldSortOrders } from '../engine/kept-sort-orders.js';
import { type SortOrderNote, readSortOrders, writeSortOrders } from '../store/sort-orders-file.js';
import { type LoadProgress, loadProject } from './load-project.js';
import { saveIndexCache, saveIndexCacheSlowly } from './index-cache.js';
import { removeStaleCacheWrites } from '../store/index-cache-file.js';
import { OwnWrites } from './own-writes.js';
import type { ProjectState } from './project-state.js';
import { syncContent } from './sync-content.js';
import { syncUploadPath } from './sync-media.js';
import { syncUser } from './sync-users.js';

export interface ProjectLog {
  info(message: string): void;
  warn(message: string): void;
  /** Told how far a load of the whole project is. */
  progress?: LoadProgress | undefined;
}

/** From how many documents a reload has a worker read the files (its start costs ~30 ms). */
const PREFETCH_FROM = 2_000;
/** How long after a start the index cache is written (the server answers first). */
const CACHE_DELAY_MS = 500;

/** From how many documents a load is warmed up in the background (warm-up-steps.ts: text search's copies, the unique holders). */
const WARM_UP_FROM = 10_000;

/** How long `close()` waits for the watchers to let go before it stops waiting. */
const CLOSE_WAIT_MS = 2_000;

/**
 * A project held in memory and kept fresh: schemas and index, updated file by file from the
 * watcher, and the one commit path every write takes. A schema change rebuilds everything; if the
 * new schemas are broken, the old ones stay.
 */
export class ProjectRuntime implements ProjectPort {
  private state: ProjectState;
  /** The project code's lifecycle hooks, set when its code is loaded (runtime/project-code.ts). */
  hooks: WriteHooks | undefined;
  private watcher: ProjectWatcher | undefined;
  private closed = false;
  /** Whether each load is warmed up between requests (`warmUp`: text search's copies, the unique holders). */
  private warming = false;
  /**
   * The load whose files the cache file holds (read from it up to date, or written after it). Changes
   * since are never written to the cache (a file changed after a load is read again at the next
   * start), so a close writes it only when no write of this load has finished: at a million
   * documents a write takes many seconds, which a Ctrl-C after an edit would wait for, with nothing gained.
   */
  private cacheHolds: ProjectState | undefined;
  /** The sort orders the last server kept (read at the first warm-up). */
  private sortOrdersRead: SortOrderNote[] | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly configListeners = new Set<(files: readonly string[]) => void>();
  private readonly codeListeners = new Set<(files: readonly string[]) => void>();
  private readonly changeListeners = new Set<(change: ProjectChange) => void>();
  private readonly ownWrites: OwnWrites;

  private constructor(
    readonly config: CmsConfig,
    private readonly log: ProjectLog,
    state: ProjectState,
  ) {
    this.state = state;
    this.ownWrites = new OwnWrites(config.dir);
  }

  /** Loads schemas and content (from `readAhead`, when a worker is reading it already). Throws a FileError when the schemas are broken. */
  static open(config: CmsConfig, log: ProjectLog, readAhead?: ReadAhead): ProjectRuntime {
    const runtime = new ProjectRuntime(config, log, loadProject(config, readAhead, log.progress));
    runtime.reportProblems();
    runtime.saveCacheSoon();
    return runtime;
  }

  get current(): ProjectSnapshot {
    return this.state;
  }

  /** Starts watching the files; resolves when the watcher is ready. */
  async watch(): Promise<void> {
    if (this.closed) return;
    const watcher = new ProjectWatcher(
      this.config.dir,
      (events) => this.apply(events),
      (error) => this.log.warn(`watcher: ${error.message}`),
    );
    this.watcher = watcher;
    await watcher.start();
  }

  /** Calls `listener` after each batch of changes has been applied (commits and file events). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` with the changed files when cms.config.json or a Strapi project's config/api.* changes on disk (the runtime itself does not use them again). */
  onConfigFileChange(listener: (files: readonly string[]) => void): () => void {
    this.configListeners.add(listener);
    return () => this.configListeners.delete(listener);
  }

  /** Calls `listener` with the changed files when code under src/ changes (schemas excepted). */
  onCodeChange(listener: (files: readonly string[]) => void): () => void {
    this.codeListeners.add(listener);
    return () => this.codeListeners.delete(listener);
  }

  /**
   * Calls `listener` with what each commit, batch of file events or schema reload changed in the
   * index, whoever made the change: the one source of change events (events/).
   */
  onIndexChange(listener: (change: ProjectChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Writes a change set through store/ and shows it in the index before returning. */
  commit(changes: ChangeSet): void {
    if (this.closed) throw new Error('the project is closed: the write was not made');
    const state = this.state;
    state.index.trackChanges();
    try {
      commitChanges(state, this.ownWrites, changes);
    } finally {
      this.handOver(state, state.index.takeChanges());
      this.notify();
    }
  }

  /**
   * Stops watching; resolves once the watchers have let go, or after a bounded wait (a watcher
   * of a folder being deleted can hang): closing always finishes. Writes are synchronous, so
   * none is ever half done when this runs.
   */
  async close(): Promise<void> {
    this.saveCache();
    this.saveSortOrders();
    this.closed = true;
    const watcher = this.watcher;
    this.watcher = undefined;
    if (watcher === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_WAIT_MS);
      timer.unref();
    });
    await Promise.race([watcher.close().catch(() => undefined), timeout]);
    clearTimeout(timer);
  }

  /** Applies a batch of file events to the index. */
  apply(events: readonly StoreEvent[]): void {
    if (this.closed) return;
    events = events.filter((event) => !this.ownWrites.isEcho(event.path));
    const config = events.filter((event) => event.area === 'config').map((event) => event.path);
    if (config.length > 0) for (const listener of this.configListeners) listener(config);
    const code = events.filter((event) => event.area === 'code').map((event) => event.path);
    if (code.length > 0) for (const listener of this.codeListeners) listener(code);
    events = events.filter((event) => event.area !== 'config' && event.area !== 'code');
    if (events.length === 0) return;
    if (events.some((event) => event.area === 'schemas')) {
      const before = this.state;
      this.reload();
      if (this.state !== before) this.handOver(before, undefined);
    } else {
      const before = new Map(this.state.problems);
      this.state.index.trackChanges();
      try {
        for (const event of events) {
          if (event.area === 'content') syncContent(this.state, event.path);
          else if (event.area === 'users') syncUser(this.state, event.path);
          else syncUploadPath(this.state, event.path);
        }
      } finally {
        this.handOver(this.state, this.state.index.takeChanges());
      }
      for (const [file, problem] of this.state.problems) {
        if (before.get(file)?.message !== problem.message) this.log.warn(this.describeProblem(problem));
      }
      for (const file of before.keys()) {
        // A broken file deleted is gone, not fixed.
        if (!this.state.problems.has(file)) this.log.info(`${file}: ${statProjectPath(this.config.dir, file) === undefined ? 'removed' : 'fixed'}`);
      }
    }
    this.notify();
  }

  /** Hands what changed since `before` to the change listeners (undefined `changes`: a reload, compare the whole states). */
  private handOver(before: ProjectState, changes: IndexChanges | undefined): void {
    if (changes !== undefined && changes.documents.length === 0 && changes.media.length === 0) return;
    for (const listener of this.changeListeners) {
      try {
        listener({ before, after: this.state, changes });
      } catch (error) {
        // Events are told after the fact: a listener's failure never undoes or fails the change.
        this.log.warn(`change events: ${(error as Error).message}`);
      }
    }
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private reload(): void {
    // A worker reads while the schemas load, when there is enough content for it to pay off.
    const prefetch = this.state.index.documentCount() >= PREFETCH_FROM ? startVersionPrefetch(this.config.dir) : undefined;
    try {
      this.state = loadProject(this.config, prefetch, this.log.progress);
      this.saveCacheSoon();
      if (this.warming) this.warmUpSoon();
      this.log.info(`schemas reloaded: ${this.state.registry.contentTypes.size} content types, ${this.state.index.documentCount()} documents`);
      this.reportProblems();
    } catch (error) {
      const message = error instanceof FileError ? error.format() : (error as Error).message;
      this.log.warn(`${message} (keeping the previous schemas)`);
    } finally {
      prefetch?.close();
    }
  }

  /** After a start or reload that read files: the index cache is written once the server is up. */
  private saveCacheSoon(): void {
    const info = this.state.indexCache;
    // Undefined when the cache is off (loadProject sets it only with server.indexCache).
    if (info === undefined) return;
    if (info.upToDate) {
      this.cacheHolds = this.state;
      // No write follows to clear what a killed one left.
      removeStaleCacheWrites(this.config.dir);
      return;
    }
    const state = this.state;
    setTimeout(() => {
      // A slice at a time, so requests keep being answered; a close or a reload takes over.
      const cancelled = this.outlives(state);
      if (cancelled()) return;
      saveIndexCacheSlowly(state, info.key, info.readSince, cancelled).then(
        () => {
          if (!cancelled()) this.cacheHolds = state;
        },
        (error: Error) => this.log.warn(`index cache not written: ${error.message}`),
      );
    }, CACHE_DELAY_MS).unref();
  }

  /**
   * For a server: after this load and every reload of a large project, the folded copies text
   * search reads, then the holders of unique values a write checks, are made between requests (a
   * command that exits soon does not ask for them). Resolves once they are made for this load
   * (true), or when a close or a reload stopped them (false).
   */
  warmUp(): Promise<boolean> {
    this.warming = true;
    return new Promise((resolve) => this.warmUpSoon(resolve));
  }

  /** Whether work begun for `state` is to stop: the runtime closed or a reload replaced it. */
  private outlives(state: ProjectState): () => boolean {
    return () => this.closed || this.state !== state;
  }

  /** `done` is told whether the copies and holders were made (at once when none are needed), or stopped. */
  private warmUpSoon(done?: (finished: boolean) => void): void {
    const { index } = this.state;
    if (index.documentCount() < WARM_UP_FROM) return done?.(true);
    const folded = (slabs: number, bytes: number, ms: number): void =>
      this.log.info(`text search: ${slabs} slabs folded (${Math.round(bytes / 1e6)} MB) in ${(ms / 1000).toFixed(1)} s`);
    this.sortOrdersRead ??= readSortOrders(this.config.dir);
    runSlowly(warmUpSteps(index, this.sortOrdersRead, folded), { cancelled: this.outlives(this.state), done });
  }

  /**
   * A server keeps the sort orders its lists were asked in (the ones this index holds, then the ones
   * the last server kept), for the next start's warm-up to make before they are asked again.
   */
  private saveSortOrders(): void {
    if (!this.warming || this.closed) return;
    const kept = new Map<string, SortOrderNote>();
    for (const note of [...heldSortOrders(this.state.index), ...(this.sortOrdersRead ?? readSortOrders(this.config.dir))]) {
      const key = JSON.stringify([note.type, note.status, note.locale, note.sort]);
      if (!kept.has(key)) kept.set(key, note);
    }
    if (kept.size > 0) writeSortOrders(this.config.dir, [...kept.values()]);
  }

  /**
   * Writes the index cache when it does not hold this load yet, unless the load took nearly all its
   * files from it: the next start then reads again the few it read (a write of a million
   * documents' cache takes many seconds, which a Ctrl-C would wait for). Never fails a close.
   */
  private saveCache(): void {
    const info = this.state.indexCache;
    if (info === undefined || this.closed || this.cacheHolds === this.state || info.mostlyCached) return;
    try {
      saveIndexCache(this.state, info.key, info.readSince);
      this.cacheHolds = this.state;
    } catch (error) {
      this.log.warn(`index cache not written: ${(error as Error).message}`);
    }
  }

  private reportProblems(): void {
    for (const warning of this.state.registry.warnings) this.log.warn(warning.format());
    for (const problem of this.state.problems.values()) this.log.warn(this.describeProblem(problem));
  }

  private describeProblem(problem: FileError): string {
    const kept = this.state.index.holdsFile(problem.file) ? ' (serving its last good version)' : ' (skipped)';
    return `${problem.format()}${kept}`;
  }
}
