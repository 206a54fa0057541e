// (b) of bench/text-search.mjs: a full-text index library (MiniSearch) over the words of each
// document's searched text. A word index answers words, not substrings: a needle is cut at the
// characters that separate words, and each piece becomes the vocabulary words that can hold it
// (inside the needle: the word itself; the first piece: words ending with it; the last: words
// starting with it; a needle of one piece: words containing it). Those give candidates (the
// library's AND of ORs), and each candidate's text is then read back from its file and tested,
// because the index cannot tell whether the pieces stand side by side in that order.
import fs from 'node:fs';
import MiniSearch from 'minisearch';
import { bodyText, foldAscii } from './text-match.mjs';

/** Anything but ASCII letters and digits and non-ASCII characters separates words. */
const SEPARATOR = /[^a-z0-9\u0080-\uffff]+/;

function words(text) {
  return text.split(SEPARATOR).filter((word) => word !== '');
}

/** Indexes every article ({id, file}): `{ search(needle), vocabulary }`. */
export function buildWordIndex(articles) {
  const vocabulary = new Set();
  const index = new MiniSearch({
    fields: ['text'],
    tokenize: words,
    processTerm: (term) => term,
  });
  articles.forEach(({ file }, i) => {
    const text = foldAscii(bodyText(fs.readFileSync(file, 'utf8')));
    for (const word of words(text)) vocabulary.add(word);
    index.add({ id: i, text });
  });
  const all = [...vocabulary];

  /** The index's candidates for a folded needle: document numbers, or undefined for "every document". */
  const candidates = (folded) => {
    const pieces = folded.split(SEPARATOR);
    const open = { start: pieces[0] !== '', end: pieces.at(-1) !== '' };
    const last = pieces.length - 1;
    const groups = [];
    pieces.forEach((piece, i) => {
      if (piece === '') return;
      const inStart = i === 0 && open.start;
      const inEnd = i === last && open.end;
      const terms = all.filter((word) =>
        inStart && inEnd ? word.includes(piece) : inStart ? word.endsWith(piece) : inEnd ? word.startsWith(piece) : word === piece,
      );
      groups.push(terms);
    });
    if (groups.length === 0) return undefined;
    if (groups.some((terms) => terms.length === 0)) return [];
    const results = index.search({ combineWith: 'AND', queries: groups.map((terms) => ({ combineWith: 'OR', queries: terms })) });
    return results.map((result) => result.id);
  };

  return {
    vocabulary: vocabulary.size,
    search(needle) {
      const folded = foldAscii(needle);
      const numbers = candidates(folded) ?? articles.map((_, i) => i);
      const found = [];
      for (const i of numbers) {
        const { id, file } = articles[i];
        if (foldAscii(bodyText(fs.readFileSync(file, 'utf8'))).includes(folded)) found.push(id);
      }
      return { ids: found, candidates: numbers.length };
    },
  };
}
