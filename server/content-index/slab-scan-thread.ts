import { Worker } from 'node:worker_threads';
import { CLAIM_STATE, SCAN_WAITING, SCAN_WITHDRAWN, type Spans } from './scan-spans.js';

/** What the scan thread is sent: the slabs' shared folded bytes and the spans to scan in each. */
export interface ScanRequest {
  readonly groups: readonly { buffer: SharedArrayBuffer; offset: number; upTo: number; from: number; to: number }[];
  readonly spans: Spans;
  readonly needle: Uint8Array;
  /** Shared, room for every span sent. */
  readonly found: Int32Array;
  /** Shared with the main thread, which scans the same groups: see scanSpans. */
  readonly claims: Int32Array;
  /** Shared, one slot: 0 until the thread answers. */
  readonly signal: Int32Array;
}

export const SIGNAL_FAILED = -1;
/** How long the main thread waits for an answer before it scans the part itself (and stops using the thread). */
const WAIT_MS = 30_000;

let worker: Worker | undefined;
let broken = false;

/**
 * Starts the scan thread (once; kept, never keeping the process alive). A text search splits its
 * scan of the slabs' folded copies between this thread and the main thread, which waits for its part
 * (Atomics.wait: the engine stays synchronous). False when there is none (it failed, or cannot start).
 */
export function startScanThread(): boolean {
  if (broken) return false;
  if (worker !== undefined) return true;
  try {
    worker = new Worker(new URL('./slab-scan-worker.js', import.meta.url), { execArgv: [] });
    worker.unref();
    worker.on('error', stop);
    worker.on('exit', stop);
    return true;
  } catch {
    stop();
    return false;
  }
}

function stop(): void {
  broken = true;
  const was = worker;
  worker = undefined;
  void was?.terminate();
}

/** A scan shared with the thread: `wait()` answers the rows it found, or undefined when it failed. */
export interface PendingScan {
  /** The claims the main thread scans with (scanSpans). */
  readonly claims: Int32Array;
  wait(): Int32Array | undefined;
}

/**
 * Shares a scan with the thread, which claims groups as the main thread does; undefined when there is
 * no thread. A thread that has not taken the scan up by the time the main thread is done is told not
 * to (nothing is waited for).
 */
export function scanOnThread(request: Omit<ScanRequest, 'found' | 'signal' | 'claims'>, room: number): PendingScan | undefined {
  if (!startScanThread() || worker === undefined) return undefined;
  const found = new Int32Array(new SharedArrayBuffer(Math.max(1, room) * 4));
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const claims = new Int32Array(new SharedArrayBuffer(8));
  try {
    worker.postMessage({ ...request, found, signal, claims } satisfies ScanRequest);
  } catch {
    stop();
    return undefined;
  }
  return {
    claims,
    wait() {
      if (Atomics.compareExchange(claims, CLAIM_STATE, SCAN_WAITING, SCAN_WITHDRAWN) === SCAN_WAITING) return found.subarray(0, 0);
      const outcome = Atomics.wait(signal, 0, 0, WAIT_MS);
      const value = Atomics.load(signal, 0);
      if (outcome === 'timed-out' || value <= 0) {
        stop();
        return undefined;
      }
      return found.subarray(0, value - 1);
    },
  };
}

/** For tests: whether a scan thread is in use, and a way to make the next ones fail. */
export function scanThreadState(): { running: boolean; broken: boolean } {
  return { running: worker !== undefined, broken };
}

/** For tests: stops the thread as if it had failed (scans then run on the main thread alone). */
export function breakScanThread(): void {
  stop();
}
