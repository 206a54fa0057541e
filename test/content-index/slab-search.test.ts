import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CompactEntry, readStoredField } from '../../server/content-index/compact-entry.js';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import { isFolded } from '../../server/content-index/folded-slabs.js';
import { compileLongContains } from '../../server/engine/compile-long-contains.js';
import { compileScalarTest } from '../../server/engine/compile-scalar-test.js';
import { compileSearch } from '../../server/engine/compile-search.js';
import { foldSteps } from '../../server/runtime/fold-steps.js';
import { runSlowly } from '../../server/content-index/run-slowly.js';
import { articleEntry, blogArticle, randomText, seededRandom } from '../helpers/blog-article-entries.js';

const article = blogArticle;
const entry = (data: Record<string, unknown>): CompactEntry => articleEntry(data, 'doc');

const random = seededRandom;

const WORDS = ['Garden', 'kitchen', 'GARDEN', 'gar', 'den', 'Ünï', 'ünï', 'É', '100%', 'a_b', '"q"', '\\', 'x\ny', '𝒳', 'µ', 'ÿ', 'À', 'z'];
const text = (next: () => number, words: number): string => randomText(next, words, WORDS);

const NEEDLES = [
  'garden kitchen',
  'GARDEN',
  'gar',
  'dengar',
  'ünï',
  'ÜNÏ',
  'É',
  'é',
  '100%',
  '%',
  '_',
  'a_b',
  '\\"q\\"',
  '\\\\',
  '\\n',
  '𝒳',
  'µ',
  'ÿ',
  'à',
  'z',
  'Z',
  '',
];

/** The answer of the per-value path (the one before folded slabs) and of the decoded value. */
function expected(e: CompactEntry, field: string, needle: string): boolean {
  const type = (article.attributes.get(field) as { type: 'text' | 'blocks' }).type;
  return compileScalarTest(type, '$containsi', needle)(readStoredField(e, field)) === true;
}

test('the slab search answers as the decoded values do, with whole slabs scanned or value by value', () => {
  const next = random(7);
  const entries: CompactEntry[] = [];
  // Many records over several slabs; long bodies beside short summaries, and the needles common.
  for (let i = 0; i < 1500; i++) {
    const body = [{ type: 'paragraph', children: [{ type: 'text', text: text(next, 20 + Math.floor(next() * 200)) }] }];
    entries.push(entry(i % 3 === 0 ? { body, summary: text(next, 3) } : { summary: text(next, 4), body }));
  }
  assert.ok(new Set(entries.map((e) => e.parts().slab)).size > 3, 'several slabs');
  for (const needle of NEEDLES) {
    for (const field of ['body', 'summary']) {
      const fast = compileLongContains(field === 'body' ? 'blocks' : 'text', field, needle)!;
      for (const e of entries) assert.is(fast(e), expected(e, field, needle), `${field} contains ${JSON.stringify(needle)}`);
    }
  }
});

test('a hit across two values, or across two records, belongs to neither', () => {
  const long = 'y'.repeat(300);
  // Long bodies: the search scans whole slabs. The record's values lie back to back.
  const e = entry({ summary: 'ends with GAR', body: [{ t: `DEN starts ${long}` }] });
  const f = entry({ body: [{ t: `${long} ends` }], summary: 'Kitchen first' });
  const g = entry({ body: [{ t: `${long} the next record starts with` }] });
  const h = entry({ summary: 'GARDEN' });
  const contains = (of: CompactEntry, field: string, needle: string) => compileLongContains(field === 'body' ? 'blocks' : 'text', field, needle)!(of);
  assert.is(contains(e, 'body', 'gar[{"t":"den'), false);
  assert.is(contains(e, 'summary', 'gar[{"t":"den'), false);
  assert.is(contains(e, 'body', '[{"t":"den'), true);
  assert.is(contains(f, 'body', 'ends"}]kitchen'), false);
  assert.is(contains(f, 'body', 'ends"}]'), true);
  assert.is(contains(f, 'summary', '"}]kitchen'), false);
  assert.is(contains(g, 'body', 'with"}]'), true);
  assert.is(contains(g, 'body', 'with"}]\u0001'), false);
  assert.is(contains(h, 'summary', 'garden'), true);
  // Each answer is the decoded value's.
  for (const [of, field, needle] of [
    [e, 'body', 'gar[{"t":"den'],
    [f, 'body', 'ends"}]kitchen'],
    [f, 'summary', 'first'],
  ] as const)
    assert.is(contains(of, field, needle), expected(of, field, needle));
});

test('records added to a slab after it was folded are searched in their new bytes', () => {
  const first = entry({ body: [{ text: 'before the fold' }] });
  assert.is(compileLongContains('blocks', 'body', 'BEFORE')!(first), true);
  assert.ok(isFolded(first.parts().slab!));
  // The same slab gets more records (the one being filled), and an edited version of `first`.
  const later = entry({ body: [{ text: 'After The Fold' }] });
  const edited = entry({ body: [{ text: 'now without it' }] });
  assert.is(later.parts().slab, first.parts().slab);
  const fast = compileLongContains('blocks', 'body', 'after the fold')!;
  assert.is(fast(later), true);
  assert.is(fast(first), false);
  const old = compileLongContains('blocks', 'body', 'before')!;
  // The old record still holds the needle; the edited version does not.
  assert.is(old(first), true);
  assert.is(old(edited), false);
});

test('a slab with many hits (kept no more) answers value by value, exactly', () => {
  const entries: CompactEntry[] = [];
  for (let i = 0; i < 40; i++) entries.push(entry({ body: [{ text: i % 2 === 0 ? 'aa '.repeat(200) : 'ab '.repeat(200) + (i % 4 === 1 ? 'aa' : '') }] }));
  const fast = compileLongContains('blocks', 'body', 'AA')!;
  for (const e of entries) assert.is(fast(e), expected(e, 'body', 'AA'));
  assert.is(entries.filter((e) => fast(e)).length, 30);
});

test('_q searches the long text attributes of one slab once, as the decoded values', () => {
  const next = random(11);
  const entries: CompactEntry[] = [];
  for (let i = 0; i < 400; i++) entries.push(entry({ title: text(next, 2), summary: text(next, 30) }));
  for (const term of ['garden', 'Ünï', '100%', 'a_b', 'zz', '3']) {
    const search = compileSearch(article, term);
    // What `_q` is: the id, or a $containsi on any of the searchable text attributes set here.
    const match = (e: CompactEntry) =>
      String(e.id).includes(term) || compileScalarTest('string', '$containsi', term)(readStoredField(e, 'title')) === true || expected(e, 'summary', term);
    for (const e of entries) assert.is(search(e), match(e), `_q=${term} on ${e.id}`);
  }
});

test('the folded copies are made in the background, a slice at a time, and answer the same', async () => {
  const entries: CompactEntry[] = [];
  for (let i = 0; i < 300; i++) entries.push(entry({ body: [{ text: `Garden number ${i} ${'x'.repeat(8000 + i * 7)}` }] }));
  const index = {
    registry: { contentTypes: new Map() },
    *heldEntries() {
      yield* entries;
    },
  } as unknown as ContentIndex;
  let cancelled = false;
  // Nothing else wakes the event loop meanwhile: the slices must keep it going themselves.
  let folded = 0;
  function* folding(): Generator<void, void> {
    folded = (yield* foldSteps(index)).slabs;
  }
  await new Promise<void>((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error('the folding stalled')), 10_000);
    const done = (finished: boolean): void => {
      clearTimeout(guard);
      if (finished) resolve();
      else reject(new Error('stopped'));
    };
    // Slices as short as can be: several of them.
    runSlowly(folding(), { cancelled: () => cancelled, done, sliceMs: 0 });
  });
  assert.is(folded, new Set(entries.map((e) => e.parts().slab)).size);
  assert.ok(folded > 16, `${folded} slabs`);
  for (const e of entries) assert.ok(isFolded(e.parts().slab!));
  const fast = compileLongContains('blocks', 'body', 'GARDEN NUMBER 29')!;
  assert.equal(
    entries.filter((e) => fast(e)).map((e) => e.id),
    entries.filter((e) => expected(e, 'body', 'GARDEN NUMBER 29')).map((e) => e.id),
  );
  cancelled = true;
});

test.run();
