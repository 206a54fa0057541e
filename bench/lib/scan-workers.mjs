// (a) of bench/text-search.mjs: every query reads, parses and tests every file again, on worker
// threads, each over its share of the files (from the OS page cache once they have been read).
// Nothing is kept between queries.
import fs from 'node:fs';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { bodyText, foldAscii } from './text-match.mjs';

/** Starts `workers` threads over `articles` ({id, file}); `search(needle)` resolves to the matching ids. */
export function createScanPool(articles, workers) {
  const share = Math.ceil(articles.length / workers);
  const threads = [];
  for (let i = 0; i < workers; i++) {
    const slice = articles.slice(i * share, (i + 1) * share);
    threads.push(new Worker(new URL(import.meta.url), { workerData: { role: 'scan', articles: slice } }));
  }
  const ask = (thread, needle) =>
    new Promise((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
      thread.postMessage(needle);
    });
  return {
    async search(needle) {
      const parts = await Promise.all(threads.map((thread) => ask(thread, needle)));
      return parts.flat();
    },
    close: () => Promise.all(threads.map((thread) => thread.terminate())),
  };
}

if (!isMainThread && workerData?.role === 'scan') {
  parentPort.on('message', (needle) => {
    const folded = foldAscii(needle);
    const ids = [];
    for (const { id, file } of workerData.articles) {
      if (foldAscii(bodyText(fs.readFileSync(file, 'utf8'))).includes(folded)) ids.push(id);
    }
    parentPort.postMessage(ids);
  });
}
