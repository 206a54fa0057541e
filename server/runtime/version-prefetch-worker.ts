// Worker thread of the version prefetch (start-version-prefetch.ts): lists and reads content/ as the
// store's prefetch does, and decodes the files it can into blocks of versions (version-batches.ts).
import path from 'node:path';
import { type MessagePort, workerData } from 'node:worker_threads';
import { cutSlabsFromChunks } from '../content-index/text-arena.js';
import type { PrefetchJob } from '../store/content-prefetch-protocol.js';
import { prefetchContent } from '../store/prefetch-content.js';
import { versionBatches } from './version-batches.js';

const { port, ...job } = workerData as PrefetchJob & { port: MessagePort };
// The versions' long records go straight into shared memory, which the main thread adopts as it is.
cutSlabsFromChunks();
prefetchContent(job, port, () => versionBatches(path.dirname(job.root)));
