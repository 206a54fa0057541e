import fs from 'node:fs';

/** A file's text, or why it could not be read. */
export type ReadText = string | { readonly error: string };

/** Reads a file as UTF-8 without throwing: a scan reports an unreadable file and goes on. */
export function readText(file: string): ReadText {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    return { error: (error as Error).message };
  }
}
