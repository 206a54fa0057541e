import { RefusedFileError, readListedFile } from './plain-file.js';

/** A file's text, or why it could not be read. */
export type ReadText = string | { readonly error: string; readonly refused: boolean };

/**
 * Reads a file that a listing found in a real folder of the project, as UTF-8, without throwing: a
 * scan reports an unreadable (or refused: see plain-file.ts) file and goes on.
 */
export function readText(file: string): ReadText {
  try {
    return readListedFile(file, file).toString('utf8');
  } catch (error) {
    return { error: (error as Error).message, refused: error instanceof RefusedFileError };
  }
}
