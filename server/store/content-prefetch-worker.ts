// Worker thread of ContentPrefetch: lists content/, posts the listing, then reads every document
// file in listing order and posts the texts in batches, never more than `ahead` messages ahead of
// the main thread (a slow consumer must not end up holding the whole project twice).
import { type MessagePort, workerData } from 'node:worker_threads';
import { documentFilePaths, listContent } from './content-listing.js';
import { POSTED, type PrefetchJob, type PrefetchMessage, TAKEN } from './content-prefetch-protocol.js';
import { type ReadText, readText } from './read-text.js';

const { root, batchSize, ahead, state, port } = workerData as PrefetchJob & { port: MessagePort };
let posted = 0;

function post(message: PrefetchMessage): void {
  for (let taken = Atomics.load(state, TAKEN); posted - taken >= ahead; taken = Atomics.load(state, TAKEN)) {
    Atomics.wait(state, TAKEN, taken, 1_000);
  }
  port.postMessage(message);
  Atomics.store(state, POSTED, ++posted);
  Atomics.notify(state, POSTED);
}

try {
  const listing = listContent(root);
  post({ listing });
  const paths = documentFilePaths(listing);
  for (let start = 0; start < paths.length; start += batchSize) {
    const texts: ReadText[] = [];
    for (const relative of paths.slice(start, start + batchSize)) texts.push(readText(`${root}/${relative}`));
    post({ texts });
  }
} catch (error) {
  post({ failed: (error as Error).message });
}
port.close();
