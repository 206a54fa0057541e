import path from 'node:path';
import { MessageChannel, type MessagePort, type Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { ContentListing } from './content-listing.js';
import { startBackgroundWorker } from './start-background-worker.js';
import { CONTENT_DIR } from './project-layout.js';
import { MAIN_CLAIM, POSTED, type PrefetchBatch, type PrefetchJob, type PrefetchMessage, STATE_SLOTS, TAKEN } from './content-prefetch-protocol.js';

export interface PrefetchOptions {
  /** Files per message (default 256). */
  readonly batchSize?: number;
  /** Messages the worker may post before the main thread takes them (default 16). */
  readonly ahead?: number;
  /**
   * The worker's module (default: this layer's, which posts texts): one that runs prefetchContent
   * with a batch maker of its own (the runtime's decodes files into blocks of versions).
   */
  readonly worker?: URL | undefined;
  /**
   * Whether the main thread reads a batch itself when the worker has not started it (default true;
   * false: every file comes through the worker, as a test may need it to).
   */
  readonly share?: boolean | undefined;
}

const BATCH_SIZE = 256;
const AHEAD = 16;
/** How long the main thread waits on a worker that posts nothing before reading by itself. */
const STALL_MS = 10_000;

/**
 * Reads a project's content files on a worker thread, started before the server's modules load:
 * listing and reading (a third of a cold start) then overlap the imports and the decoding on the
 * main thread. The main thread takes the results synchronously (scanContent stays synchronous).
 * A worker that fails to start, fails or stalls is dropped, and scanContent lists and reads by
 * itself whatever it did not deliver: the outcome never depends on the worker.
 */
export class ContentPrefetch {
  /** The content/ folder this prefetch reads. */
  readonly root: string;
  private worker: Worker | undefined;
  private readonly port: MessagePort;
  private readonly state = new Int32Array(new SharedArrayBuffer(STATE_SLOTS * Int32Array.BYTES_PER_ELEMENT));
  private taken = 0;
  private listingTaken = false;
  private claims: Int32Array | undefined;
  /** Files per batch. */
  readonly batchSize: number;
  private readonly share: boolean;
  #delivered = 0;
  #listed = false;

  private constructor(projectDir: string, options: PrefetchOptions) {
    this.root = path.join(path.resolve(projectDir), CONTENT_DIR);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.batchSize = options.batchSize ?? BATCH_SIZE;
    this.share = options.share ?? true;
    try {
      const job: PrefetchJob & { port: MessagePort } = {
        root: this.root,
        batchSize: this.batchSize,
        ahead: options.ahead ?? AHEAD,
        state: this.state,
        port: port2,
      };
      // Failures show as messages that never come: the main thread reads by itself when it waits too long.
      this.worker = startBackgroundWorker(options.worker ?? new URL('./content-prefetch-worker.js', import.meta.url), job, [port2]);
    } catch {
      this.close();
    }
  }

  /** Starts reading `<projectDir>/content` in the background. Never throws. */
  static start(projectDir: string, options: PrefetchOptions = {}): ContentPrefetch {
    return new ContentPrefetch(projectDir, options);
  }

  /** Whether this prefetch reads the content of `projectDir`. */
  covers(projectDir: string): boolean {
    return this.root === path.join(path.resolve(projectDir), CONTENT_DIR);
  }

  /** The worker's listing of content/ (once); undefined when the worker failed. Blocks until it is there. */
  takeListing(): ContentListing | undefined {
    if (this.listingTaken) return undefined;
    this.listingTaken = true;
    const message = this.next();
    if (message !== undefined && 'listing' in message) {
      this.claims = message.claims;
      this.#listed = true;
      return message.listing;
    }
    this.close();
    return undefined;
  }

  /**
   * Claims batch `batch` of `documentFilePaths(listing)` for the caller, unless the worker has
   * started it: true when the caller reads it (always, once the worker is gone).
   */
  claim(batch: number): boolean {
    const { claims } = this;
    if (claims === undefined || this.worker === undefined || batch >= claims.length) return true;
    if (!this.share) return false;
    return Atomics.compareExchange(claims, batch, 0, MAIN_CLAIM) === 0;
  }

  /** Whether the worker's next message is there (or the worker is gone): taking it does not wait. */
  arrived(): boolean {
    return this.worker === undefined || Atomics.load(this.state, POSTED) > this.taken;
  }

  /**
   * The worker's batch `batch` (one `claim` gave false for; they are asked in order), waiting for
   * it; undefined when the worker failed or stalled (the caller reads the rest).
   */
  take(batch: number): PrefetchBatch | undefined {
    const message = this.worker === undefined ? undefined : this.next();
    if (message !== undefined && 'texts' in message && message.batch === batch) {
      this.#delivered += message.texts.length;
      return message;
    }
    this.close();
    return undefined;
  }

  /** Whether the listing came from the worker. */
  get listed(): boolean {
    return this.#listed;
  }

  /** How many files the worker delivered, as texts or in blocks (a scan reads the rest on the main thread). */
  get delivered(): number {
    return this.#delivered;
  }

  /** Stops the worker; later calls find nothing. */
  close(): void {
    this.port.close();
    void this.worker?.terminate();
    this.worker = undefined;
  }

  /** The worker's next message, waiting for it; undefined when it is done, failed or stalled. */
  private next(): PrefetchMessage | undefined {
    let idle = 0;
    while (this.worker !== undefined) {
      const received = receiveMessageOnPort(this.port);
      if (received !== undefined) {
        Atomics.store(this.state, TAKEN, ++this.taken);
        Atomics.notify(this.state, TAKEN);
        return received.message as PrefetchMessage;
      }
      if (idle >= STALL_MS) break;
      const before = Date.now();
      Atomics.wait(this.state, POSTED, this.taken, 100);
      idle += Date.now() - before;
    }
    this.close();
    return undefined;
  }
}
