// What `$containsi` over a `blocks` attribute matches, as the server's engine does it (and SQLite):
// the attribute's JSON text (`comparable` in server/engine/field-value.ts), a substring, with ASCII
// letters folded and every other character compared as it is (`asciiCaseInsensitive`). Shared by
// the three searches of bench/text-search.mjs, so that they are held to the same exactness.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The searched text of an article file: its body's JSON text, as the engine compares it. */
export function bodyText(fileText) {
  return JSON.stringify(JSON.parse(fileText).body);
}

/** ASCII letters lower-cased, nothing else changed (SQLite's LOWER and LIKE). */
export function foldAscii(text) {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** The same folding on UTF-8 bytes in place: bytes of other characters are all ≥ 0x80, never touched. */
export function foldAsciiBytes(bytes) {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte >= 0x41 && byte <= 0x5a) bytes[i] = byte + 0x20;
  }
  return bytes;
}

/** The article files of a generated project: documentIds and paths, in listing order. */
export function listArticles(dir) {
  const folder = path.join(dir, 'content', 'articles');
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ id: name.slice(0, -'.json'.length), file: path.join(folder, name) }));
}

/** A short fingerprint of a set of documentIds, to show two searches found the same documents. */
export function fingerprint(ids) {
  return crypto
    .createHash('sha1')
    .update([...ids].sort().join('\n'))
    .digest('hex')
    .slice(0, 12);
}
