// Worker thread entry of checkFilesInWorkers: checks its slice of the content files and posts the outcomes.
import { parentPort, workerData } from 'node:worker_threads';
import { loadSchemas } from '../store/load-schemas.js';
import { type ContentFile, parseContentPath } from '../store/content-path.js';
import { checkFiles } from './check-files.js';
import type { WorkerInput } from './check-files-in-workers.js';

const input = workerData as WorkerInput;
const registry = loadSchemas(input.projectDir);
const files: ContentFile[] = [];
for (const path of input.paths) {
  const file = parseContentPath(registry, path);
  if (file === undefined) throw new Error(`${path} is not a content file`);
  files.push(file);
}
parentPort?.postMessage(checkFiles({ ...input, registry }, files));
