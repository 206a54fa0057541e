import { parentPort } from 'node:worker_threads';
import { type ScanRequest, SIGNAL_FAILED } from './slab-scan-thread.js';
import { CLAIM_STATE, SCAN_TAKEN, SCAN_WAITING, scanSpans } from './scan-spans.js';

/**
 * The scan thread (slab-scan-thread.ts): scans the spans it is sent over the folded copies it shares
 * with the main thread, writes the rows found into the shared `found`, and wakes the main thread
 * through `signal` (the count plus one, or SIGNAL_FAILED).
 */
parentPort?.on('message', (request: ScanRequest) => {
  // Withdrawn: the main thread scanned every group already and waits for nothing.
  if (Atomics.compareExchange(request.claims, CLAIM_STATE, SCAN_WAITING, SCAN_TAKEN) !== SCAN_WAITING) return;
  let result = SIGNAL_FAILED;
  try {
    const groups = request.groups.map((g) => ({ bytes: Buffer.from(g.buffer, g.offset, g.upTo), upTo: g.upTo, from: g.from, to: g.to }));
    result = scanSpans(groups, request.spans, Buffer.from(request.needle), request.found, request.claims) + 1;
  } finally {
    Atomics.store(request.signal, 0, result);
    Atomics.notify(request.signal, 0);
  }
});
