import fs from 'node:fs';
import path from 'node:path';
import { FileError } from '../errors/file-error.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { checkStoredDocument, lineOfKey } from './check-document.js';
import type { ContentFile } from './content-path.js';
import { decodeDocument } from './decode-document.js';
import { RefusedFileError, readPlainFile } from './plain-file.js';
import type { ReadText } from './read-text.js';

/** A decoded document file that fits its schema. */
export interface StoredDocument {
  readonly file: ContentFile;
  readonly data: Record<string, unknown>;
  /** The file's modification time, read only when the file lacks its own timestamps. */
  readonly mtimeMs: number | undefined;
}

/**
 * Reads, decodes and checks one content file, refusing links and special files on its way (see
 * plain-file.ts). Throws a FileError that says where it went wrong.
 */
export function readDocumentFile(projectDir: string, registry: SchemaRegistry, file: ContentFile): StoredDocument {
  let text: ReadText;
  try {
    text = readPlainFile(projectDir, file.path).toString('utf8');
  } catch (error) {
    text = { error: (error as Error).message, refused: error instanceof RefusedFileError };
  }
  return decodeStoredDocument(registry, file, text, () => fs.lstatSync(path.join(projectDir, file.path)).mtimeMs);
}

/** Decodes and checks a content file's text (the part of reading that needs no disk), or reports why it could not be read. */
export function decodeStoredDocument(registry: SchemaRegistry, file: ContentFile, text: ReadText, mtime: () => number): StoredDocument {
  if (typeof text !== 'string') throw text.refused ? new RefusedFileError(file.path, text.error) : new FileError(file.path, `cannot read: ${text.error}`);
  let data: Record<string, unknown>;
  // A conflict marker starts a line, which no valid JSON text allows: JSON files are searched for
  // one only when they fail to parse (saving a pass over every file at start-up).
  if (file.format !== 'json') throwOnConflictMarker(file, text);
  try {
    data = decodeDocument(text, file.format, file.type, file.path);
  } catch (error) {
    throwOnConflictMarker(file, text);
    throw error;
  }
  const problems = checkStoredDocument(registry, file.type, data);
  const first = problems[0];
  if (first !== undefined) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    const line = lineOfKey(text, first.path);
    throw new FileError(file.path, `${first.path}: ${first.message}${more}`, line === undefined ? undefined : { line, column: 1 });
  }
  const needsMtime = typeof data['createdAt'] !== 'string' || typeof data['updatedAt'] !== 'string';
  return { file, data, mtimeMs: needsMtime ? mtime() : undefined };
}

function throwOnConflictMarker(file: ContentFile, text: string): void {
  if (text.includes('\n<<<<<<< ') || text.startsWith('<<<<<<< ')) {
    const line = text.slice(0, text.indexOf('<<<<<<< ')).split('\n').length;
    throw new FileError(file.path, 'unresolved git merge conflict', { line, column: 1 });
  }
}
