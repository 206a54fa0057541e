import type { MessagePort } from 'node:worker_threads';
import { documentFilePaths, listContent } from './content-listing.js';
import { POSTED, type PrefetchBatch, type PrefetchJob, type PrefetchMessage, TAKEN, WORKER_CLAIM } from './content-prefetch-protocol.js';
import { type ReadText, readText } from './read-text.js';

/**
 * Turns a batch of texts (and their paths under content/) into what is posted: by default the
 * texts themselves; a worker that decodes files itself puts their versions in a block.
 */
export type BatchMaker = (paths: readonly string[], texts: readonly ReadText[]) => Omit<PrefetchBatch, 'batch'>;

/** The batch of a worker that only reads: the texts themselves. */
export const textsOnly: BatchMaker = (_paths, texts) => ({ texts: [...texts] });

/**
 * The loop of a prefetch worker: lists content/, posts the listing, then reads the document files
 * in listing order and posts them in batches, never more than `ahead` messages ahead of the main
 * thread (a slow consumer must not end up holding the whole project twice), skipping the batches
 * the main thread has claimed (it does those itself).
 */
export function prefetchContent(job: PrefetchJob, port: MessagePort, makeBatch: () => BatchMaker = () => textsOnly): void {
  const { root, batchSize, ahead, state } = job;
  let posted = 0;
  const post = (message: PrefetchMessage): void => {
    for (let taken = Atomics.load(state, TAKEN); posted - taken >= ahead; taken = Atomics.load(state, TAKEN)) {
      Atomics.wait(state, TAKEN, taken, 1_000);
    }
    port.postMessage(message);
    Atomics.store(state, POSTED, ++posted);
    Atomics.notify(state, POSTED);
  };
  try {
    const listing = listContent(root);
    const paths = documentFilePaths(listing);
    const claims = new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * Math.ceil(paths.length / batchSize)));
    post({ listing, claims });
    // Made once the listing is out: what it sets up (a decoder's schemas) overlaps the main thread's.
    const batchOf = makeBatch();
    for (let batch = 0; batch < claims.length; batch++) {
      if (Atomics.compareExchange(claims, batch, 0, WORKER_CLAIM) !== 0) continue;
      const files = paths.slice(batch * batchSize, (batch + 1) * batchSize);
      post({
        batch,
        ...batchOf(
          files,
          files.map((relative): ReadText => readText(`${root}/${relative}`)),
        ),
      });
    }
  } catch (error) {
    post({ failed: (error as Error).message });
  }
  port.close();
}
