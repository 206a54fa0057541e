// Worker thread of CacheCheck: walks the cache open at `fd` checking every checksum, and stores the
// verdict (1 intact, 2 not, 3 the check itself failed) in the shared state.
import { workerData } from 'node:worker_threads';
import { walkIndexCache } from './index-cache-walk.js';

const { fd, key, state } = workerData as { fd: number; key: string; state: Int32Array };

let verdict = 3;
try {
  verdict = walkIndexCache(fd, key, { summed: true, progress: (bytes) => Atomics.store(state, 1, Math.floor(bytes / 1e6)) }) ? 1 : 2;
} catch {
  verdict = 3;
}
Atomics.store(state, 0, verdict);
Atomics.notify(state, 0);
