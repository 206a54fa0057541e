// Worker thread of ContentStats: lists content/, lstats each document file (counting them in the
// shared state as it goes, so the main thread can tell a slow worker from a stalled one), and posts
// the listing with the stats in one message.
import fs from 'node:fs';
import { type MessagePort, workerData } from 'node:worker_threads';
import { documentFilePaths, listContent } from './content-listing.js';

const { root, state, port } = workerData as { root: string; state: Int32Array; port: MessagePort };

try {
  const listing = listContent(root);
  const paths = documentFilePaths(listing);
  const sizes = new Float64Array(paths.length);
  const mtimes = new Float64Array(paths.length);
  const plain = new Uint8Array(paths.length);
  for (let i = 0; i < paths.length; i++) {
    const stat = fs.lstatSync(`${root}/${paths[i]}`, { throwIfNoEntry: false });
    if (stat !== undefined && stat.isFile() && stat.nlink === 1) {
      sizes[i] = stat.size;
      mtimes[i] = stat.mtimeMs;
      plain[i] = 1;
    }
    if ((i & 1023) === 1023) Atomics.store(state, 0, i + 1);
  }
  port.postMessage({ listing, sizes, mtimes, plain }, [sizes.buffer, mtimes.buffer, plain.buffer]);
} catch (error) {
  port.postMessage({ failed: (error as Error).message });
}
Atomics.store(state, 0, -1);
Atomics.notify(state, 0);
port.close();
