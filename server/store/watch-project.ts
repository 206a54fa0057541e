import fs from 'node:fs';
import path from 'node:path';
import { type FSWatcher as ChokidarWatcher, watch as chokidarWatch } from 'chokidar';
import { isApiConfigFile } from './api-config-file.js';
import {
  CONFIG_FILE,
  CONTENT_DIR,
  SCHEMAS_DIR,
  SRC_API_DIR,
  SRC_COMPONENTS_DIR,
  SRC_DIR,
  STRAPI_CONFIG_DIR,
  UPLOADS_DIR,
  USERS_DIR,
} from './project-layout.js';

/** `code`: a file of a Strapi project's src/ that is not a schema (routes, controllers, src/index …). */
export type WatchArea = 'content' | 'uploads' | 'schemas' | 'config' | 'users' | 'code';

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
 * uploads/, schemas/, users/ and cms.config.json are few files in nested folders: chokidar watches those.
 */
export class ProjectWatcher {
  private readonly folderWatchers = new Map<string, fs.FSWatcher>();
  private rootWatcher: fs.FSWatcher | undefined;
  private watchedContent: string | undefined;
  private chokidar: ChokidarWatcher | undefined;
  private readonly pending = new Map<string, WatchArea>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** users/, src/ and config/ once chokidar watches them. */
  private readonly lateAdded = new Set<string>();

  constructor(
    private readonly projectDir: string,
    private readonly onEvents: (events: StoreEvent[]) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Resolves when every watcher is ready. */
  async start(): Promise<void> {
    this.watchRoot();
    this.watchContent();
    // users/, src/ and config/ only when they exist: chokidar 5 given two missing folders of one parent
    // reports nothing of the others (tried); one that appears later is added by the root watcher.
    const late = LATE_FOLDERS.filter((folder) => this.isFolder(folder));
    for (const folder of late) this.lateAdded.add(folder);
    const chokidar = chokidarWatch([UPLOADS_DIR, SCHEMAS_DIR, CONFIG_FILE, ...late], {
      cwd: this.projectDir,
      ignoreInitial: true,
      ignored: (file: string) => path.basename(file).startsWith('.'),
      // A link is reported as the path it is (then refused by the reader: see plain-file.ts), never
      // watched through: a link to / would have chokidar walk the machine.
      followSymlinks: false,
      // Without it chokidar drops a change that follows another within 50 ms (a second save, the rest
      // of a large copy), and the index would keep what the first event saw. This waits for the file
      // to settle and reports it once.
      awaitWriteFinish: { stabilityThreshold: 50, pollInterval: 10 },
    });
    this.chokidar = chokidar;
    chokidar.on('all', (_event, file) => {
      const rel = file.split(path.sep).join('/');
      const area = areaOf(rel);
      if (area !== undefined) this.queue(area, rel);
    });
    chokidar.on('error', (error) => this.onError(error as Error));
    await new Promise<void>((resolve) => chokidar.once('ready', () => resolve()));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.rootWatcher?.close();
    for (const watcher of this.folderWatchers.values()) watcher.close();
    this.folderWatchers.clear();
    await this.chokidar?.close();
  }

  /** The project folder itself, non-recursively: content/ may appear after the start, or be replaced. */
  private watchRoot(): void {
    try {
      this.rootWatcher = fs.watch(this.projectDir, { persistent: true }, (_type, name) => {
        const folder = name?.toString();
        if (folder !== undefined && LATE_FOLDERS.includes(folder) && !this.lateAdded.has(folder) && this.isFolder(folder)) {
          this.lateAdded.add(folder);
          this.chokidar?.add(folder);
          this.queue(areaOf(folder) ?? 'schemas', folder);
          return;
        }
        // Only a new (or vanished) content/ matters, not a change of its attributes.
        if (folder !== CONTENT_DIR || this.contentIdentity() === this.watchedContent) return;
        this.watchContent();
        this.queueFolder(CONTENT_DIR);
      });
    } catch (error) {
      this.onError(error as Error);
    }
  }

  /** (Re)watches content/ and each folder in it, as they are now. */
  private watchContent(): void {
    for (const rel of [...this.folderWatchers.keys()]) this.unwatchFolder(rel);
    this.watchedContent = this.contentIdentity();
    if (this.watchedContent === undefined) return;
    this.watchFolder(CONTENT_DIR);
    for (const entry of fs.readdirSync(path.join(this.projectDir, CONTENT_DIR), { withFileTypes: true })) {
      if (entry.isDirectory()) this.watchFolder(`${CONTENT_DIR}/${entry.name}`);
    }
  }

  private watchFolder(rel: string): void {
    if (this.folderWatchers.has(rel) || this.closed) return;
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(path.join(this.projectDir, rel), { persistent: true }, (_type, name) => {
        if (name === null) return;
        const child = `${rel}/${name.toString()}`;
        if (rel === CONTENT_DIR && (this.isFolder(child) || this.folderWatchers.has(child))) {
          // A folder appeared, vanished or was replaced. A deleted folder's watcher goes quiet without
          // an error, so watch whatever is there now, then reconcile the folder's files.
          this.unwatchFolder(child);
          if (this.isFolder(child)) this.watchFolder(child);
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

  private unwatchFolder(rel: string): void {
    this.folderWatchers.get(rel)?.close();
    this.folderWatchers.delete(rel);
  }

  /** A folder appeared or vanished: every file in it (now or before) may have changed. */
  private queueFolder(rel: string): void {
    this.queue('content', `${rel}/`);
  }

  /** Device and inode of content/, or undefined when it is not a folder (a link to one is not followed). */
  private contentIdentity(): string | undefined {
    try {
      const stat = fs.lstatSync(path.join(this.projectDir, CONTENT_DIR));
      return stat.isDirectory() ? `${stat.dev}:${stat.ino}` : undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether a real folder is there: a link to a folder is not watched through, only reported by the reader. */
  private isFolder(rel: string): boolean {
    try {
      return fs.lstatSync(path.join(this.projectDir, rel)).isDirectory();
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

/** Folders watched from when they exist (most projects have neither). */
const LATE_FOLDERS: readonly string[] = [USERS_DIR, SRC_DIR, STRAPI_CONFIG_DIR];

/**
 * The area of a path chokidar reported. uploads/ itself appearing (the first upload of a project
 * that had none) is an uploads event: taken for a schema change, it reloaded every schema.
 */
function areaOf(rel: string): WatchArea | undefined {
  // cms.config.json, and a Strapi project's config/api.* (config/ appearing may bring one).
  if (rel === CONFIG_FILE || rel === STRAPI_CONFIG_DIR || isApiConfigFile(rel)) return 'config';
  if (rel === UPLOADS_DIR || rel.startsWith(`${UPLOADS_DIR}/`)) return 'uploads';
  if (rel === USERS_DIR || rel.startsWith(`${USERS_DIR}/`)) return 'users';
  if (rel === SCHEMAS_DIR || rel.startsWith(`${SCHEMAS_DIR}/`)) return 'schemas';
  if (rel.startsWith(`${SRC_DIR}/`)) return srcArea(rel);
  // src/ itself appearing or going may add or remove schemas.
  return rel === SRC_DIR ? 'schemas' : undefined;
}

/** Schema files of a Strapi project's src/ reload the schemas; its other files are code. */
function srcArea(rel: string): WatchArea {
  if (rel.startsWith(`${SRC_COMPONENTS_DIR}/`)) return 'schemas';
  const parts = rel.split('/');
  return rel.startsWith(`${SRC_API_DIR}/`) && parts[3] === 'content-types' && parts[5] === 'schema.json' ? 'schemas' : 'code';
}
