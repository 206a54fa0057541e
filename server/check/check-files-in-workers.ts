import { Worker } from 'node:worker_threads';
import type { ContentFile } from '../store/content-path.js';
import type { FileOutcome, FilesInput } from './check-files.js';

/** What a worker gets: everything but the registry, which it loads itself (schemas hold Maps of shared objects). */
export interface WorkerInput {
  readonly projectDir: string;
  readonly i18n: FilesInput['i18n'];
  readonly known: FilesInput['known'];
  readonly media: FilesInput['media'];
  readonly paths: readonly string[];
}

/** checkFiles over `count` worker threads, each on a contiguous slice; outcomes come back in file order. */
export async function checkFilesInWorkers(input: FilesInput, files: readonly ContentFile[], count: number): Promise<FileOutcome[]> {
  const size = Math.ceil(files.length / count);
  const slices: Promise<FileOutcome[]>[] = [];
  for (let start = 0; start < files.length; start += size) {
    const workerData: WorkerInput = {
      projectDir: input.projectDir,
      i18n: input.i18n,
      known: input.known,
      media: input.media,
      paths: files.slice(start, start + size).map((file) => file.path),
    };
    slices.push(runWorker(workerData));
  }
  return (await Promise.all(slices)).flat();
}

function runWorker(workerData: WorkerInput): Promise<FileOutcome[]> {
  return new Promise((resolve, reject) => {
    // execArgv: not the parent's flags, which under `node -e` would make the worker run the eval'd code.
    const worker = new Worker(new URL('./check-files-worker.js', import.meta.url), { workerData, execArgv: [] });
    let result: FileOutcome[] | undefined;
    worker.once('message', (outcomes: FileOutcome[]) => (result = outcomes));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result !== undefined) resolve(result);
      else reject(new Error(`a check worker stopped with exit code ${code} before answering`));
    });
  });
}
