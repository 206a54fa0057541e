import type { Worker } from 'node:worker_threads';
import { startBackgroundWorker } from './start-background-worker.js';

/** The worker's verdict in the shared state: still checking, intact, not intact. */
const CHECKING = 0;
const INTACT = 1;
const NOT_INTACT = 2;
/** How long a verdict is waited for after the last progress the worker reported. */
const STALL_MS = 10_000;

/**
 * Checks an index cache's checksums on a worker thread (index-cache-check-worker.ts) while the
 * main thread decodes it: the CRC-32 of every byte is then off the main thread's way. The worker
 * reads the file the caller holds open, by its descriptor.
 */
export class CacheCheck {
  private worker: Worker | undefined;
  /** [verdict, bytes checked so far in MB]. */
  private readonly state = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

  private constructor(fd: number, key: string) {
    try {
      this.worker = startBackgroundWorker(new URL('./index-cache-check-worker.js', import.meta.url), { fd, key, state: this.state });
    } catch {
      this.close();
    }
  }

  /** Starts checking the cache open at `fd`, made under `key`. Never throws. */
  static start(fd: number, key: string): CacheCheck {
    return new CacheCheck(fd, key);
  }

  /** Whether the cache is intact, waiting for the worker; undefined when it failed or stalled (the caller checks by itself). */
  verdict(): boolean | undefined {
    let seen = Atomics.load(this.state, 1);
    let idle = 0;
    while (this.worker !== undefined) {
      const verdict = Atomics.load(this.state, 0);
      if (verdict !== CHECKING) return verdict === INTACT ? true : verdict === NOT_INTACT ? false : undefined;
      if (idle >= STALL_MS) break;
      const before = Date.now();
      Atomics.wait(this.state, 0, CHECKING, 100);
      const now = Atomics.load(this.state, 1);
      idle = now === seen ? idle + Date.now() - before : 0;
      seen = now;
    }
    return undefined;
  }

  /** Stops the worker (before the caller closes the file it reads). */
  close(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
