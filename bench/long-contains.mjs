#!/usr/bin/env node
// `$containsi` and `_q` over long text, answered from the stored UTF-8 bytes (ASCII-folded as they
// are searched, `engine/compile-long-contains.ts`) against the way before (decode the field to a
// string, test it with the case-insensitive regular expression), side by side in one process over
// one loaded project: each round times a scan of every published article by both, alternating, and
// the median is reported; then the first answer of each query through the read path (no cache).
// For the body it also times what a stored ASCII-folded copy of each body would give (not built).
//
//   node bench/generate.mjs --count 100000
//   node bench/long-contains.mjs [--dir <project>] [--rounds 5]
import { loadDist, loadPublishedArticles, option } from './lib/articles-in-process.mjs';

const { answerRead } = await loadDist('server/documents/answer-read.js');
const { compileFilter } = await loadDist('server/engine/compile-filter.js');
const { compileSearch } = await loadDist('server/engine/compile-search.js');
const { compileScalarTest } = await loadDist('server/engine/compile-scalar-test.js');
const { asciiCaseInsensitive, readEntryField } = await loadDist('server/engine/field-value.js');

const rounds = Number(option('rounds', '5'));
const { config, state, type, entries } = await loadPublishedArticles();
let started;

/** The way before: `_q` decodes title, slug, summary and category and tests each with the regex. */
function searchBefore(term) {
  const match = asciiCaseInsensitive(term, 'contains');
  const fields = ['title', 'slug', 'summary', 'category'];
  return (entry) => {
    if (match(String(entry.id))) return true;
    for (const field of fields) {
      const value = readEntryField(entry, field);
      if (value !== null && value !== undefined && match(String(value))) return true;
    }
    return false;
  };
}

function containsBefore(needle) {
  const test = compileScalarTest('blocks', '$containsi', needle);
  return (entry) => test(readEntryField(entry, 'body')) === true;
}

const containsNow = (needle) => compileFilter({}, type, { kind: 'compare', field: 'body', operator: '$containsi', value: needle });

const CASES = [
  ['_q, a common word', 'Search', searchBefore, (t) => compileSearch(type, t), '_q=Search'],
  ['_q, no match (full scan)', 'Qzxv', searchBefore, (t) => compileSearch(type, t), '_q=Qzxv'],
  ['body $containsi, common', 'Merge Review', containsBefore, containsNow, 'filters[body][$containsi]=Merge%20Review'],
  ['body $containsi, no match', 'Qzxv', containsBefore, containsNow, 'filters[body][$containsi]=Qzxv'],
];

function scan(predicate) {
  const start = performance.now();
  let hits = 0;
  for (const entry of entries) if (predicate(entry)) hits++;
  return { ms: performance.now() - start, hits };
}

// What a stored ASCII-folded copy of each body would give (not built: it doubles the long values'
// memory): the same bytes as the engine searches, folded once, each searched with Buffer.indexOf.
const folded = entries.map((entry) => {
  const bytes = Buffer.from(JSON.stringify(readEntryField(entry, 'body') ?? null), 'utf8');
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 65 && bytes[i] <= 90) bytes[i] |= 32;
  return bytes;
});
const foldedMB = folded.reduce((sum, bytes) => sum + bytes.length, 0) / 1e6;
function scanFolded(needle) {
  const bytes = Buffer.from(
    needle.replace(/[A-Z]/g, (c) => c.toLowerCase()),
    'utf8',
  );
  const start = performance.now();
  let hits = 0;
  for (const copy of folded) if (copy.indexOf(bytes) !== -1) hits++;
  return { ms: performance.now() - start, hits };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`scan of ${entries.length} articles, median of ${rounds} rounds (ms); first answer through the read path (ms)`);
console.log(`folded copies of the bodies (not built into the index): ${foldedMB.toFixed(0)} MB`);
for (const [name, term, before, now, query] of CASES) {
  const a = [];
  const b = [];
  const c = [];
  const body = name.startsWith('body');
  let hits;
  for (let round = 0; round < rounds; round++) {
    const old = scan(before(term));
    const fresh = scan(now(term));
    if (old.hits !== fresh.hits) throw new Error(`${name}: ${old.hits} hits before, ${fresh.hits} now`);
    hits = fresh.hits;
    if (body) {
      const copy = scanFolded(term);
      if (copy.hits !== hits) throw new Error(`${name}: ${copy.hits} hits with the folded copy`);
      c.push(copy.ms);
    }
    a.push(old.ms);
    b.push(fresh.ms);
  }
  started = performance.now();
  answerRead({ registry: state.registry, index: state.index }, { type, documentId: undefined, querystring: query }, { config, warn: () => {} });
  const first = performance.now() - started;
  const ratio = median(a) / median(b);
  console.log(
    `${name.padEnd(28)} hits ${String(hits).padStart(6)}  before ${median(a).toFixed(0).padStart(5)}  now ${median(b).toFixed(0).padStart(5)}  (${ratio.toFixed(1)}x)  first answer ${first.toFixed(0)}${body ? `  (folded copy: ${median(c).toFixed(0)})` : ''}`,
  );
}
