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
}

export interface ScanResult {
  readonly documents: StoredDocument[];
  readonly problems: FileError[];
}

/**
 * Reads every content file (links and special files are reported, never read: see plain-file.ts): synchronously (faster than fs.promises for many small files with a
 * warm cache), or from a prefetch of the same folder that a worker thread has been reading. Files
 * that fail are reported, never thrown, so one bad file never stops a start. Temp files of writes
 * that a crash interrupted are removed on the way.
 */
export function scanContent(projectDir: string, registry: SchemaRegistry, prefetch?: ContentPrefetch, options: ScanOptions = {}): ScanResult {
  const { visit, reuse } = options;
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
    // `mtimeMs` when the file was just stat'ed (it is then not stat'ed again).
    const decode = (text: ReadText, mtimeMs?: number): void => {
      const relative = paths[at++]!;
      const relPath = `${CONTENT_DIR}/${relative}`;
      try {
        const file = parseContentPath(registry, relPath);
        if (file === undefined) return;
        const stored = decodeStoredDocument(registry, file, text, () => mtimeMs ?? fs.lstatSync(`${root}/${relative}`).mtimeMs);
        if (visit) visit(stored);
        else documents.push(stored);
      } catch (error) {
        problems.push(error instanceof FileError ? error : new FileError(relPath, (error as Error).message));
      }
    };
    if (stats) {
      // The same, from the worker's stats (a file read here is stat'ed again for its mtime: it may have changed since).
      for (let i = 0; i < paths.length; i++) {
        const known = stats.plain[i] === 1 && reuse!(`${CONTENT_DIR}/${paths[i]}`, { size: stats.sizes[i]!, mtimeMs: stats.mtimes[i]! });
        if (known) at++;
        else decode(readText(`${root}/${paths[i]}`));
      }
    } else if (reuse) {
      // Files whose size and mtime are what the caller knows of them are not read again (nor a hard-linked one: the store never reads those).
      for (const relative of paths) {
        const stat = fs.lstatSync(`${root}/${relative}`, { throwIfNoEntry: false });
        const known =
          stat !== undefined && stat.isFile() && stat.nlink === 1 && reuse(`${CONTENT_DIR}/${relative}`, { size: stat.size, mtimeMs: stat.mtimeMs });
        if (known) at++;
        else decode(readText(`${root}/${relative}`), stat?.mtimeMs);
      }
    } else if (fromWorker) for (const text of fromWorker.texts(paths.length)) decode(text);
    // What the worker did not deliver (or everything, without one) is read here.
    while (at < paths.length) decode(readText(`${root}/${paths[at]}`));
  } finally {
    fromWorker?.close();
  }
  return { documents, problems };
}
