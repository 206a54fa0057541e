import fs from 'node:fs';
import path from 'node:path';
import { FileError } from '../errors/file-error.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { removeStaleTempFiles } from './atomic-write.js';
import { documentFilePaths, listContent } from './content-listing.js';
import { parseContentPath } from './content-path.js';
import { RefusedFileError } from './plain-file.js';
import { CONTENT_DIR } from './project-layout.js';
import type { ContentPrefetch } from './content-prefetch.js';
import type { PrefetchBlock } from './content-prefetch-protocol.js';
import type { ContentStatListing } from './content-stats.js';
import { type StoredDocument, decodeStoredDocument } from './read-document.js';
import { type ReadText, readText } from './read-text.js';

export interface ScanOptions {
  /** Takes each document as it is decoded (then not kept in `documents`: a large project never holds all its parsed files at once). */
  readonly visit?: ((stored: StoredDocument) => void) | undefined;
  /** Given a listed file's path, size and mtime, whether what is known of it stands (it is then not read). */
  readonly reuse?: ((relPath: string, stat: { size: number; mtimeMs: number }) => boolean) | undefined;
  /** With `reuse`: the listing and stats a worker took (content-stats.ts), used instead of listing and stat'ing here. */
  readonly stats?: ContentStatListing | undefined;
  /**
   * Takes the blocks of versions a prefetch worker decoded itself (false: not taken), then each
   * file a taken block holds, in listing order (false: not placed, the file is read here).
   */
  readonly prefetched?: PrefetchedFiles | undefined;
  /** Told how many of the listed files are done, every PROGRESS_EVERY files and at the end. */
  readonly progress?: ((done: number, total: number) => void) | undefined;
}

/** How many files between two calls of `progress`. */
const PROGRESS_EVERY = 4_096;

/** What takes the files a prefetch worker decoded into blocks (the runtime's version prefetch). */
export interface PrefetchedFiles {
  adopt(block: PrefetchBlock): boolean;
  place(relPath: string): boolean;
}

/** Batches the main thread reads ahead while waiting for a worker's (see scanContent). */
const MAX_HELD = 16;

export interface ScanResult {
  readonly documents: StoredDocument[];
  readonly problems: FileError[];
}

/**
 * Reads every content file (links and special files are reported, never read: see plain-file.ts): synchronously (faster than fs.promises for many small files with a
 * warm cache), or shared with a prefetch worker of the same folder: batch by batch, the worker's
 * texts or blocks of versions (`prefetched` places those), and the batches this thread gets to first. Files
 * that fail are reported, never thrown, so one bad file never stops a start. Temp files of writes
 * that a crash interrupted are removed on the way.
 */
export function scanContent(projectDir: string, registry: SchemaRegistry, prefetch?: ContentPrefetch, options: ScanOptions = {}): ScanResult {
  const { visit, reuse, prefetched } = options;
  const stats = reuse ? options.stats : undefined;
  const documents: StoredDocument[] = [];
  const problems: FileError[] = [];
  const root = path.join(projectDir, CONTENT_DIR);
  const fromWorker = prefetch?.covers(projectDir) ? prefetch : undefined;
  try {
    const listing = stats?.listing ?? fromWorker?.takeListing() ?? listContent(root);
    for (const { path: relPath, reason } of listing.refused) problems.push(new RefusedFileError(relPath, reason));
    removeStaleTempFiles(root, listing.files);
    for (const folder of listing.folders) removeStaleTempFiles(`${root}/${folder.name}`, folder.names);
    // Every document file name, in the order the worker reads them.
    const paths = documentFilePaths(listing);
    let at = 0;
    const { progress } = options;
    let reportAt = progress === undefined ? Infinity : 0;
    const report = (): void => {
      if (at < reportAt) return;
      progress!(at, paths.length);
      reportAt = at + PROGRESS_EVERY;
    };
    // `mtimeMs` when the file was just stat'ed (it is then not stat'ed again).
    const decodeFile = (i: number, text: ReadText, mtimeMs?: number): StoredDocument | FileError | undefined => {
      const relative = paths[i]!;
      const relPath = `${CONTENT_DIR}/${relative}`;
      try {
        const file = parseContentPath(registry, relPath);
        if (file === undefined) return undefined;
        return decodeStoredDocument(registry, file, text, () => mtimeMs ?? fs.lstatSync(`${root}/${relative}`).mtimeMs);
      } catch (error) {
        return error instanceof FileError ? error : new FileError(relPath, (error as Error).message);
      }
    };
    const settle = (decoded: StoredDocument | FileError | undefined): void => {
      if (decoded instanceof FileError) problems.push(decoded);
      else if (decoded === undefined) return;
      else if (visit) visit(decoded);
      else documents.push(decoded);
    };
    const decode = (text: ReadText, mtimeMs?: number): void => settle(decodeFile(at++, text, mtimeMs));
    if (stats) {
      // The same, from the worker's stats (a file read here is stat'ed again for its mtime: it may have changed since).
      for (let i = 0; i < paths.length; i++) {
        report();
        const known = stats.plain[i] === 1 && reuse!(`${CONTENT_DIR}/${paths[i]}`, { size: stats.sizes[i]!, mtimeMs: stats.mtimes[i]! });
        if (known) at++;
        else decode(readText(`${root}/${paths[i]}`));
      }
    } else if (reuse) {
      // Files whose size and mtime are what the caller knows of them are not read again (nor a hard-linked one: the store never reads those).
      for (const relative of paths) {
        report();
        const stat = fs.lstatSync(`${root}/${relative}`, { throwIfNoEntry: false });
        const known =
          stat !== undefined && stat.isFile() && stat.nlink === 1 && reuse(`${CONTENT_DIR}/${relative}`, { size: stat.size, mtimeMs: stat.mtimeMs });
        if (known) at++;
        else decode(readText(`${root}/${relative}`), stat?.mtimeMs);
      }
    } else if (fromWorker) {
      const readHere = (from: number, to: number): (StoredDocument | FileError | undefined)[] => {
        const out = [];
        for (let i = from; i < to; i++) out.push(decodeFile(i, readText(`${root}/${paths[i]}`)));
        return out;
      };
      const { batchSize } = fromWorker;
      // Batch by batch, in order: one the worker has not started is read here; while the worker does
      // one, the batches after it are read and decoded here until it is done, and placed after it.
      for (let batch = 0; at < paths.length; batch++) {
        report();
        const end = Math.min(at + batchSize, paths.length);
        if (fromWorker.claim(batch)) {
          while (at < end) decode(readText(`${root}/${paths[at]}`));
          continue;
        }
        const workers = batch;
        const held: (StoredDocument | FileError | undefined)[] = [];
        // At most MAX_HELD batches are held decoded: a stalled worker must not have the whole project parsed at once here.
        for (
          let from = end;
          from < paths.length && batch - workers < MAX_HELD && !fromWorker.arrived() && fromWorker.claim(batch + 1);
          from += batchSize, batch++
        )
          held.push(...readHere(from, Math.min(from + batchSize, paths.length)));
        const taken = fromWorker.take(workers);
        const adopted = taken?.block !== undefined && prefetched !== undefined && prefetched.adopt(taken.block);
        for (const text of taken?.texts ?? []) {
          if (text !== null) decode(text);
          else if (adopted && prefetched.place(`${CONTENT_DIR}/${paths[at]}`)) at++;
          else decode(readText(`${root}/${paths[at]}`));
        }
        // What the worker did not deliver of its batch.
        while (at < end) decode(readText(`${root}/${paths[at]}`));
        for (const decoded of held) settle(decoded);
        at += held.length;
      }
    }
    // What the worker did not deliver (or everything, without one) is read here.
    while (at < paths.length) {
      report();
      decode(readText(`${root}/${paths[at]}`));
    }
    progress?.(paths.length, paths.length);
  } finally {
    fromWorker?.close();
  }
  return { documents, problems };
}
