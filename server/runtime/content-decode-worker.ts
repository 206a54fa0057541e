// Worker thread of ContentPrefetch (started by startContentPrefetch): lists content/ and reads every
// document file in listing order as the read-only worker does. While the main thread has batches
// waiting (it is the slower of the two), the worker also decodes and checks the collection files
// of the next batch and splits their values for the compact index, the long values written as
// arena records into a buffer transferred with the batch, which the main thread keeps as a slab: it
// then only places them (see loadProject). When the main thread waits, the batch goes as texts (it
// decodes them itself), so both threads stay busy. A file this worker cannot prepare exactly as the
// main thread would (an error to report, a single type, a file without its own timestamps) is
// posted as its text.
import path from 'node:path';
import { type MessagePort, workerData } from 'node:worker_threads';
import { type EntryTimes, compactParts } from '../content-index/compact-parts.js';
import { writeLongRecord } from '../content-index/text-arena.js';
import { entryTimes } from '../content-index/to-entry.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { documentFilePaths, listContent } from '../store/content-listing.js';
import { parseContentPath } from '../store/content-path.js';
import { POSTED, type PrefetchJob, type PreparedText, TAKEN, aheadPoster } from '../store/content-prefetch-protocol.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import { loadSchemaFiles } from '../store/load-schemas.js';
import { decodeStoredDocument } from '../store/read-document.js';
import { type ReadText, readText } from '../store/read-text.js';
import type { PreparedFile } from './prepared-file.js';
import { schemaKey } from './schema-key.js';

const BATCH_BYTES = 256 * 1024;
const job = workerData as PrefetchJob & { port: MessagePort };
const { root, batchSize, port, state, prepareAll } = job;
const post = aheadPoster(job, port);
const NO_MTIME = new Error('the file has no timestamps of its own');

function loadRegistry(): SchemaRegistry | undefined {
  try {
    return loadSchemaFiles(path.dirname(root)).registry;
  } catch {
    return undefined;
  }
}

/** The file decoded and split, or undefined to post its text (the main thread decodes it, or reports why not). */
function prepare(registry: SchemaRegistry, relative: string, text: string): { times: EntryTimes; parts: ReturnType<typeof compactParts> } | undefined {
  try {
    const file = parseContentPath(registry, `${CONTENT_DIR}/${relative}`);
    if (file === undefined || file.documentId === undefined) return undefined;
    const stored = decodeStoredDocument(registry, file, text, () => {
      throw NO_MTIME;
    });
    const times = entryTimes(stored);
    return { times, parts: compactParts(file.type, times, stored.data) };
  } catch {
    return undefined;
  }
}

let items: (ReadText | PreparedText)[] = [];
/** The batch's prepared files with where their records are in `bytes` (made views when posted). */
let records: { file: { long: Uint8Array | undefined }; start: number; end: number }[] = [];
let bytes = Buffer.allocUnsafeSlow(BATCH_BYTES);
let used = 0;

function flush(size = BATCH_BYTES): void {
  // The buffer stays in memory as long as one of its records does: a mostly empty one goes as a copy.
  let sent = bytes;
  if (used < (bytes.length * 3) / 4) {
    sent = Buffer.allocUnsafeSlow(used);
    bytes.copy(sent, 0, 0, used);
  }
  for (const { file, start, end } of records) file.long = new Uint8Array(sent.buffer, start, end - start);
  if (items.length > 0) post({ texts: items }, records.length > 0 ? [sent.buffer] : []);
  items = [];
  records = [];
  bytes = Buffer.allocUnsafeSlow(size);
  used = 0;
}

/** Writes the long values' record into the batch's buffer (a new batch when it is full). */
function record(file: { long: Uint8Array | undefined }, texts: string[], kinds: Parameters<typeof writeLongRecord>[3]): void {
  let end = writeLongRecord(bytes, used, texts, kinds);
  if (end < 0) {
    let size = 2 + 4 * texts.length;
    for (const text of texts) size += Buffer.byteLength(text, 'utf8');
    flush(Math.max(BATCH_BYTES, size));
    end = writeLongRecord(bytes, 0, texts, kinds);
  }
  records.push({ file, start: used, end });
  used = end;
}

try {
  const registry = loadRegistry();
  const listing = listContent(root);
  post({ listing, schemaKey: registry && schemaKey(registry) });
  let preparing = false;
  for (const relative of documentFilePaths(listing)) {
    // Decided per batch: prepare while the main thread has a batch waiting.
    if (items.length === 0) preparing = registry !== undefined && (prepareAll || Atomics.load(state, POSTED) - Atomics.load(state, TAKEN) >= 1);
    const text = readText(`${root}/${relative}`);
    const done = preparing && typeof text === 'string' ? prepare(registry!, relative, text) : undefined;
    if (done === undefined) items.push(text);
    else {
      const { short, placeholders, texts, kinds } = done.parts;
      const prepared: { -readonly [K in keyof PreparedFile]: PreparedFile[K] } = { times: done.times, short, placeholders, long: undefined };
      if (texts.length > 0) record(prepared, texts, kinds);
      items.push({ prepared });
    }
    if (items.length >= batchSize) flush();
  }
  flush(0);
} catch (error) {
  post({ failed: (error as Error).message });
}
port.close();
