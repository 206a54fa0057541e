import path from 'node:path';
import { MessageChannel, type MessagePort, type Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { ContentListing } from './content-listing.js';
import { startBackgroundWorker } from './start-background-worker.js';
import { CONTENT_DIR } from './project-layout.js';

/** A listing of content/ with the size and mtime of each of its document files (`documentFilePaths` order). */
export interface ContentStatListing {
  readonly listing: ContentListing;
  readonly sizes: Float64Array;
  readonly mtimes: Float64Array;
  /** 1 where the path was a regular file with one link (what the store reads), else 0. */
  readonly plain: Uint8Array;
}

/** Shared counters: files stat'ed so far (-1 once the answer is posted). */
const PROGRESS = 0;
/** How long the main thread waits on a worker that makes no progress before listing by itself. */
const STALL_MS = 10_000;

/**
 * Lists content/ and lstats every document file on a worker thread, while the main thread reads the
 * index cache: a start from the cache needs both, and neither waits for the other. A worker that
 * fails or stalls is dropped (`take` gives undefined) and the scan lists and stats by itself.
 */
export class ContentStats {
  private worker: Worker | undefined;
  private readonly port: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));

  /** The content/ folder these stats are of. */
  private readonly root: string;

  private constructor(projectDir: string) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.root = path.join(path.resolve(projectDir), CONTENT_DIR);
    try {
      const { root } = this;
      this.worker = startBackgroundWorker(new URL('./content-stats-worker.js', import.meta.url), { root, state: this.state, port: port2 }, [port2]);
    } catch {
      this.close();
    }
  }

  /** Starts listing and stat'ing `<projectDir>/content` in the background. Never throws. */
  static start(projectDir: string): ContentStats {
    return new ContentStats(projectDir);
  }

  /** Whether these are the stats of `projectDir`'s content. */
  covers(projectDir: string): boolean {
    return this.root === path.join(path.resolve(projectDir), CONTENT_DIR);
  }

  /** The listing with its stats, waiting for it (once); undefined when the worker failed or stalled. */
  take(): ContentStatListing | undefined {
    let seen = Atomics.load(this.state, PROGRESS);
    let idle = 0;
    while (this.worker !== undefined) {
      const received = receiveMessageOnPort(this.port);
      if (received !== undefined) {
        const message = received.message as ContentStatListing | { failed: string };
        this.close();
        return 'listing' in message ? message : undefined;
      }
      if (idle >= STALL_MS) break;
      const before = Date.now();
      Atomics.wait(this.state, PROGRESS, seen, 100);
      const now = Atomics.load(this.state, PROGRESS);
      idle = now === seen ? idle + Date.now() - before : 0;
      seen = now;
    }
    this.close();
    return undefined;
  }

  /** Stops the worker; a later `take` finds nothing. */
  close(): void {
    this.port.close();
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
