import { type TransferListItem, Worker } from 'node:worker_threads';

/**
 * Starts a worker thread that never keeps the process alive and whose failure is not an error of
 * the process: the caller notices it as answers that never come, and does the work itself. Not the
 * parent's flags: under `node -e`, they would make the worker run the eval'd code. Throws only when
 * the worker cannot be made at all.
 */
export function startBackgroundWorker(module: URL, workerData: unknown, transferList: readonly TransferListItem[] = []): Worker {
  const worker = new Worker(module, { workerData, transferList: [...transferList], execArgv: [] });
  worker.unref();
  worker.on('error', () => undefined);
  return worker;
}
