import fs from 'node:fs';
import path from 'node:path';
import { type FSWatcher as ChokidarWatcher, watch as chokidarWatch } from 'chokidar';
import { CONFIG_FILE } from '../config/load-config.js';
import { SCHEMAS_DIR } from '../schema/load-schemas.js';
import { CONTENT_DIR } from './content-path.js';
import { UPLOADS_DIR } from './read-media.js';

export type WatchArea = 'content' | 'uploads' | 'schemas';

/** Something under the project changed at `path` (project-relative); the reader re-reads it to see what. */
export interface StoreEvent {
  readonly area: WatchArea;
  readonly path: string;
}

/** How long events for one path are gathered before they are handed on. */
const SETTLE_MS = 8;

/**
 * Watches a project. content/ is watched folder by folder with fs.watch: at 100,000 files in one
 * folder chokidar needs seconds and hundreds of MB to start and re-scans the folder on every edit,
 * while a folder watch starts at once and reports a change in well under a millisecond.
 * uploads/, schemas/ and cms.config.json are few files in nested folders: chokidar watches those.
 */
export class ProjectWatcher {
  private readonly folderWatchers = new Map<string, fs.FSWatcher>();
  private chokidar: ChokidarWatcher | undefined;
  private readonly pending = new Map<string, WatchArea>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly projectDir: string,
    private readonly onEvents: (events: StoreEvent[]) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Resolves when every watcher is ready. */
  async start(): Promise<void> {
    const content = path.join(this.projectDir, CONTENT_DIR);
    if (fs.existsSync(content)) {
      this.watchFolder(CONTENT_DIR);
      for (const entry of fs.readdirSync(content, { withFileTypes: true })) {
        if (entry.isDirectory()) this.watchFolder(`${CONTENT_DIR}/${entry.name}`);
      }
    }
    const chokidar = chokidarWatch([UPLOADS_DIR, SCHEMAS_DIR, CONFIG_FILE], {
      cwd: this.projectDir,
      ignoreInitial: true,
      ignored: (file: string) => path.basename(file).startsWith('.'),
    });
    this.chokidar = chokidar;
    chokidar.on('all', (_event, file) => {
      const rel = file.split(path.sep).join('/');
      this.queue(rel.startsWith(`${UPLOADS_DIR}/`) ? 'uploads' : 'schemas', rel);
    });
    chokidar.on('error', (error) => this.onError(error as Error));
    await new Promise<void>((resolve) => chokidar.once('ready', () => resolve()));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const watcher of this.folderWatchers.values()) watcher.close();
    this.folderWatchers.clear();
    await this.chokidar?.close();
  }

  private watchFolder(rel: string): void {
    if (this.folderWatchers.has(rel) || this.closed) return;
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(path.join(this.projectDir, rel), { persistent: true }, (_type, name) => {
        if (name === null) return;
        const child = `${rel}/${name.toString()}`;
        if (rel === CONTENT_DIR && this.isFolder(child)) {
          this.watchFolder(child);
          this.queueFolder(child);
          return;
        }
        this.queue('content', child);
      });
    } catch (error) {
      this.onError(error as Error);
      return;
    }
    watcher.on('error', () => {
      // The folder went away: forget it; its files are reported as removed by the reader.
      watcher.close();
      this.folderWatchers.delete(rel);
      this.queueFolder(rel);
    });
    this.folderWatchers.set(rel, watcher);
  }

  /** A folder appeared or vanished: every file in it (now or before) may have changed. */
  private queueFolder(rel: string): void {
    this.queue('content', `${rel}/`);
  }

  private isFolder(rel: string): boolean {
    try {
      return fs.statSync(path.join(this.projectDir, rel)).isDirectory();
    } catch {
      return false;
    }
  }

  private queue(area: WatchArea, rel: string): void {
    if (this.closed) return;
    this.pending.set(rel, area);
    this.timer ??= setTimeout(() => this.flush(), SETTLE_MS);
  }

  private flush(): void {
    this.timer = undefined;
    const events = [...this.pending].map(([rel, area]) => ({ area, path: rel }));
    this.pending.clear();
    if (events.length > 0) this.onEvents(events);
  }
}
