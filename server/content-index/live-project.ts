import type { CmsConfig } from '../config/cms-config.js';
import { FileError } from '../errors/file-error.js';
import { loadSchemas } from '../schema/load-schemas.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import fs from 'node:fs';
import path from 'node:path';
import { parseContentPath } from '../store/content-path.js';
import { ContentPrefetch } from '../store/content-prefetch.js';
import { decodeStoredDocument } from '../store/read-document.js';
import { type StoreEvent, ProjectWatcher } from '../store/watch-project.js';
import { buildIndex, syncContentPath, syncUploadPath } from './build-index.js';
import type { ContentIndex } from './content-index.js';

export interface ProjectLog {
  info(message: string): void;
  warn(message: string): void;
}

/** From how many documents a reload has a worker read the files (its start costs ~30 ms). */
const PREFETCH_FROM = 2_000;

export interface ProjectSnapshot {
  readonly registry: SchemaRegistry;
  readonly index: ContentIndex;
}

/**
 * A project held in memory and kept fresh: schemas and index, updated file by file from the
 * watcher. A schema change rebuilds everything; if the new schemas are broken, the old ones stay.
 */
export class LiveProject {
  private snapshot: ProjectSnapshot;
  private watcher: ProjectWatcher | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly configListeners = new Set<() => void>();
  /** Files this process wrote (text) or removed (null), until the watcher reports them back. */
  private readonly ownWrites = new Map<string, string | null>();

  private constructor(
    readonly config: CmsConfig,
    private readonly log: ProjectLog,
    snapshot: ProjectSnapshot,
  ) {
    this.snapshot = snapshot;
  }

  /**
   * Loads schemas and content (from `prefetch`, when a worker is reading it already). Throws a
   * FileError when the schemas are broken.
   */
  static open(config: CmsConfig, log: ProjectLog, prefetch?: ContentPrefetch): LiveProject {
    const registry = loadSchemas(config.dir);
    const index = buildIndex(config.dir, registry, config.i18n, prefetch);
    const project = new LiveProject(config, log, { registry, index });
    project.reportProblems();
    return project;
  }

  get current(): ProjectSnapshot {
    return this.snapshot;
  }

  /** Starts watching the files; resolves when the watcher is ready. */
  async watch(): Promise<void> {
    const watcher = new ProjectWatcher(
      this.config.dir,
      (events) => this.apply(events),
      (error) => this.log.warn(`watcher: ${error.message}`),
    );
    this.watcher = watcher;
    await watcher.start();
  }

  /** Calls `listener` after each batch of changes has been applied. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` when cms.config.json changes on disk (the project itself does not use it again). */
  onConfigFileChange(listener: () => void): () => void {
    this.configListeners.add(listener);
    return () => this.configListeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.watcher?.close();
    this.watcher = undefined;
  }

  /**
   * Puts content files this process just wrote (or removed, with `text: null`) into the index at
   * once, so the response and the next request see them; the watcher's echo of the same change is
   * recognized later and skipped.
   */
  applyOwnWrites(files: readonly { path: string; text: string | null }[]): void {
    const { index, registry } = this.snapshot;
    for (const file of files) {
      this.ownWrites.set(file.path, file.text);
      if (file.text === null) {
        index.removeFile(file.path);
        continue;
      }
      const parsed = parseContentPath(registry, file.path);
      if (parsed === undefined) continue;
      index.applyDocument(decodeStoredDocument(registry, parsed, file.text, () => Date.now()));
    }
    for (const listener of this.listeners) listener();
  }

  /** Applies a batch of file events to the index. */
  apply(events: readonly StoreEvent[]): void {
    events = events.filter((event) => !this.isOwnEcho(event));
    if (events.some((event) => event.area === 'config')) for (const listener of this.configListeners) listener();
    events = events.filter((event) => event.area !== 'config');
    if (events.length === 0) return;
    if (events.some((event) => event.area === 'schemas')) {
      this.reload();
    } else {
      const { index } = this.snapshot;
      const before = new Map(index.problems);
      for (const event of events) {
        if (event.area === 'content') syncContentPath(index, this.config.dir, event.path);
        else syncUploadPath(index, this.config.dir, event.path);
      }
      for (const [file, problem] of index.problems) {
        if (before.get(file)?.message !== problem.message) this.log.warn(describeProblem(problem, index, file));
      }
      for (const file of before.keys()) if (!index.problems.has(file)) this.log.info(`${file}: fixed`);
    }
    for (const listener of this.listeners) listener();
  }

  /** A watcher event for a file whose content is exactly what this process last wrote there. */
  private isOwnEcho(event: StoreEvent): boolean {
    if (!this.ownWrites.has(event.path)) return false;
    const expected = this.ownWrites.get(event.path);
    let actual: string | null;
    try {
      actual = fs.readFileSync(path.join(this.config.dir, event.path), 'utf8');
    } catch {
      actual = null;
    }
    // One write can reach the watcher as several events: keep the record while the file matches.
    if (actual === expected) return true;
    this.ownWrites.delete(event.path);
    return false;
  }

  private reload(): void {
    // A worker reads while the schemas load, when there is enough content for it to pay off.
    const prefetch = this.snapshot.index.documentCount() >= PREFETCH_FROM ? ContentPrefetch.start(this.config.dir) : undefined;
    try {
      const registry = loadSchemas(this.config.dir);
      this.snapshot = { registry, index: buildIndex(this.config.dir, registry, this.config.i18n, prefetch) };
      this.log.info(`schemas reloaded: ${registry.contentTypes.size} content types, ${this.snapshot.index.documentCount()} documents`);
      this.reportProblems();
    } catch (error) {
      const message = error instanceof FileError ? error.format() : (error as Error).message;
      this.log.warn(`${message} (keeping the previous schemas)`);
    } finally {
      prefetch?.close();
    }
  }

  private reportProblems(): void {
    for (const [file, problem] of this.snapshot.index.problems) this.log.warn(describeProblem(problem, this.snapshot.index, file));
  }
}

function describeProblem(problem: FileError, index: ContentIndex, file: string): string {
  const kept = index.holdsFile(file) ? ' (serving its last good version)' : ' (skipped)';
  return `${problem.format()}${kept}`;
}
