#!/usr/bin/env node
// Text search over long values through the slabs' folded copies (content-index/slab-search.ts)
// against the per-value search of the build before (text-arena.ts `longValueContains`: each value's
// bytes read as Latin-1 and lower-cased), side by side in one process over one loaded project.
// First the SEARCHES of bench/million.mjs through the read path (no HTTP, no answer cache): the very
// first one pays for folding the slabs it reads. Then rounds that scan every published article
// both ways, alternating; the median is reported and the matches of both ways must be the same.
//
//   node bench/generate.mjs --count 100000
//   node bench/folded-search.mjs [--dir <project>] [--rounds 5]
import { loadDist, loadPublishedArticles, option } from './lib/articles-in-process.mjs';

const { answerRead } = await loadDist('server/documents/answer-read.js');
const { compileFilter } = await loadDist('server/engine/compile-filter.js');
const { compileSearch } = await loadDist('server/engine/compile-search.js');
const { CompactEntry } = await loadDist('server/content-index/compact-entry.js');
const { JSON_KIND, TEXT_KIND, foldNeedle, longValueContains } = await loadDist('server/content-index/text-arena.js');
const { asciiCaseInsensitive, readEntryField } = await loadDist('server/engine/field-value.js');

const rounds = Number(option('rounds', '5'));
const { config, state, type, entries } = await loadPublishedArticles();
let started;

const SEARCHES = [
  '_q=mountain',
  '_q=river%20light',
  '_q=zebra-crossing',
  'filters[body][$containsi]=Garden%20Kitchen',
  'filters[body][$containsi]=zebra-crossing',
];
console.log('first answers through the read path (ms; the first one folds every slab it reads unless --fold-first):');
if (process.argv.includes('--fold-first')) {
  // As `cms serve` does after a load (runtime/fold-slabs-slowly.ts), in one go here.
  const { foldedSlab, reserveFoldedCopies } = await loadDist('server/content-index/folded-slabs.js');
  const cpu = process.cpuUsage();
  const seen = new Set();
  for (const entry of state.index.heldEntries()) {
    const slab = entry instanceof CompactEntry ? entry.parts().slab : undefined;
    if (slab !== undefined) seen.add(slab);
  }
  reserveFoldedCopies(seen);
  for (const slab of seen) foldedSlab(slab);
  console.log(`  folded ${seen.size} slabs first: CPU ${cpuMs(cpu).toFixed(0)} ms`);
}
const context = { registry: state.registry, index: state.index };
for (const query of SEARCHES) {
  started = performance.now();
  const cpu = process.cpuUsage();
  const answer = answerRead(context, { type, documentId: undefined, querystring: `${query}&pagination[pageSize]=25` }, { config, warn: () => {} });
  const wall = performance.now() - started;
  console.log(`  ${query.padEnd(44)} wall ${wall.toFixed(0).padStart(6)}  CPU ${cpuMs(cpu).toFixed(0).padStart(6)}  ${Object.keys(answer).join(',')}`);
}

/** The build before: each value searched on its own (Latin-1 + toLowerCase for an ASCII needle). */
function perValue(field, kind, text) {
  const needle = foldNeedle(text);
  const test = (slab, at, index) => longValueContains(slab, at, index, kind, needle);
  return (entry) => entry instanceof CompactEntry && entry.testLongValue(field, test) === true;
}
/** `_q` of the build before: id, title, slug and category by regex, summary per value. */
function searchBefore(term) {
  const match = asciiCaseInsensitive(term, 'contains');
  const summary = perValue('summary', TEXT_KIND, term);
  return (entry) => {
    if (match(String(entry.id))) return true;
    for (const field of ['title', 'slug']) if (match(String(readEntryField(entry, field) ?? ''))) return true;
    if (summary(entry)) return true;
    const category = readEntryField(entry, 'category');
    return category !== null && category !== undefined && match(String(category));
  };
}
const bodyNow = (text) => compileFilter({}, type, { kind: 'compare', field: 'body', operator: '$containsi', value: text });

const CASES = [
  ['body $containsi=Garden Kitchen', 'Garden Kitchen', (t) => perValue('body', JSON_KIND, t), bodyNow],
  ['body $containsi=zebra-crossing', 'zebra-crossing', (t) => perValue('body', JSON_KIND, t), bodyNow],
  ['body $containsi=ünï (non-ASCII)', 'ünï', (t) => perValue('body', JSON_KIND, t), bodyNow],
  ['_q=mountain', 'mountain', searchBefore, (t) => compileSearch(type, t)],
  ['_q=river light', 'river light', searchBefore, (t) => compileSearch(type, t)],
  ['_q=zebra-crossing', 'zebra-crossing', searchBefore, (t) => compileSearch(type, t)],
];

/** CPU time of this process (user + system, ms): the figure a loaded machine distorts least. */
function cpuMs(since) {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function scan(predicate) {
  const start = process.cpuUsage();
  let hits = 0;
  for (const entry of entries) if (predicate(entry)) hits++;
  return { ms: cpuMs(start), hits };
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`scan of ${entries.length} articles, median of ${rounds} rounds (CPU ms of the process)`);
for (const [name, term, before, now] of CASES) {
  const a = [];
  const b = [];
  let hits;
  for (let round = 0; round < rounds; round++) {
    const old = scan(before(term));
    const fresh = scan(now(term));
    if (old.hits !== fresh.hits) throw new Error(`${name}: ${old.hits} matches before, ${fresh.hits} now`);
    hits = fresh.hits;
    a.push(old.ms);
    b.push(fresh.ms);
  }
  const ratio = median(a) / median(b);
  console.log(
    `${name.padEnd(34)} matches ${String(hits).padStart(6)}  per value ${median(a).toFixed(0).padStart(5)}  folded slabs ${median(b).toFixed(0).padStart(5)}  (${ratio.toFixed(1)}x)`,
  );
}
const slabs = new Set();
for (const entry of entries) if (entry.parts().slab) slabs.add(entry.parts().slab);
const bytes = [...slabs].reduce((sum, slab) => sum + slab.length, 0);
console.log(`slabs read: ${slabs.size}, ${(bytes / 1e6).toFixed(0)} MB, and as much again in their folded copies`);
