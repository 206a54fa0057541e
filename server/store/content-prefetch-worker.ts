// Worker thread of ContentPrefetch: lists content/, posts the listing, then reads every document
// file in listing order and posts the texts in batches (see aheadPoster).
import { type MessagePort, workerData } from 'node:worker_threads';
import { documentFilePaths, listContent } from './content-listing.js';
import { type PrefetchJob, aheadPoster } from './content-prefetch-protocol.js';
import { type ReadText, readText } from './read-text.js';

const job = workerData as PrefetchJob & { port: MessagePort };
const { root, batchSize, port } = job;
const post = aheadPoster(job, port);

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
