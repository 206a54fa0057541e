import path from 'node:path';
import { MessageChannel, type MessagePort, type Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { ContentListing } from './content-listing.js';
import { startBackgroundWorker } from './start-background-worker.js';
import { CONTENT_DIR } from './project-layout.js';
import { POSTED, type PrefetchJob, type PrefetchMessage, STATE_SLOTS, TAKEN } from './content-prefetch-protocol.js';
import type { ReadText } from './read-text.js';

export interface PrefetchOptions {
  /** Files per message (default 256). */
  readonly batchSize?: number;
  /** Messages the worker may post before the main thread takes them (default 16). */
  readonly ahead?: number;
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
  #delivered = 0;

  private constructor(projectDir: string, options: PrefetchOptions) {
    this.root = path.join(path.resolve(projectDir), CONTENT_DIR);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    try {
      const job: PrefetchJob & { port: MessagePort } = {
        root: this.root,
        batchSize: options.batchSize ?? BATCH_SIZE,
        ahead: options.ahead ?? AHEAD,
        state: this.state,
        port: port2,
      };
      // Failures show as messages that never come: the main thread reads by itself when it waits too long.
      this.worker = startBackgroundWorker(new URL('./content-prefetch-worker.js', import.meta.url), job, [port2]);
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
    if (message !== undefined && 'listing' in message) return message.listing;
    this.close();
    return undefined;
  }

  /**
   * The texts of `documentFilePaths(listing)`, in order: `count` of them, or fewer when the worker
   * fails (the caller reads the rest).
   */
  *texts(count: number): Generator<ReadText> {
    for (let yielded = 0; yielded < count;) {
      const message = this.next();
      if (message === undefined || !('texts' in message)) break;
      yielded += message.texts.length;
      this.#delivered += message.texts.length;
      yield* message.texts;
    }
    this.close();
  }

  /** How many texts the worker delivered (a scan reads the rest on the main thread). */
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
