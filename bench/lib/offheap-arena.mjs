// (c) of bench/text-search.mjs: the searched text of every document in one Buffer outside the
// JavaScript heap, ASCII-folded, with each document's start offset; a query is Buffer.indexOf
// over it, each hit mapped to its document by binary search. (The original text, needed only to
// answer, is what the files hold; matching needs the folded copy alone.)
import fs from 'node:fs';
import { bodyText, foldAsciiBytes } from './text-match.mjs';

/** Reads every article ({id, file}) once and builds the arena: `{ search(needle), bytes }`. */
export function buildArena(articles) {
  let total = 0;
  const parts = [];
  // Gathered in chunks of Buffers outside the heap, so the heap never holds every text at once.
  for (const { file } of articles) {
    const bytes = Buffer.from(bodyText(fs.readFileSync(file, 'utf8')), 'utf8');
    parts.push(bytes);
    total += bytes.length;
  }
  const arena = Buffer.allocUnsafe(total);
  const offsets = total < 2 ** 32 ? new Uint32Array(articles.length + 1) : new Float64Array(articles.length + 1);
  let at = 0;
  parts.forEach((bytes, i) => {
    offsets[i] = at;
    bytes.copy(arena, at);
    at += bytes.length;
  });
  offsets[articles.length] = at;
  parts.length = 0;
  foldAsciiBytes(arena);
  const ids = articles.map((article) => article.id);

  /** The document whose text holds byte `position`: the last start ≤ position. */
  const documentAt = (position) => {
    let low = 0;
    let high = articles.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (offsets[middle] <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  };

  return {
    bytes: arena.length + offsets.byteLength,
    search(needle) {
      const folded = foldAsciiBytes(Buffer.from(needle, 'utf8'));
      const found = [];
      let from = 0;
      for (;;) {
        const position = arena.indexOf(folded, from);
        if (position < 0) return found;
        const document = documentAt(position);
        const end = offsets[document + 1];
        // A hit running into the next document's text is no match: look again from the next byte.
        if (position + folded.length <= end) {
          found.push(ids[document]);
          from = end;
        } else {
          from = position + 1;
        }
      }
    },
  };
}
