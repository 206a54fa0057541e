// Worker thread of ContentPrefetch: lists content/ and posts the texts of its document files in
// batches (prefetch-content.ts).
import { type MessagePort, workerData } from 'node:worker_threads';
import type { PrefetchJob } from './content-prefetch-protocol.js';
import { prefetchContent } from './prefetch-content.js';

const { port, ...job } = workerData as PrefetchJob & { port: MessagePort };
prefetchContent(job, port);
