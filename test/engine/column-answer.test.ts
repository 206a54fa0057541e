import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CompactEntry } from '../../server/content-index/compact-entry.js';
import type { Entry } from '../../server/content-index/entry.js';
import { answerByColumns, filterByColumns } from '../../server/engine/column-answer.js';
import { finishSteps } from '../../server/engine/sort-steps.js';
import { carriedFrom, noteCarried } from '../../server/content-index/carried-lists.js';
import { compileScalarTest } from '../../server/engine/compile-scalar-test.js';
import { compileSearch } from '../../server/engine/compile-search.js';
import { readEntryField } from '../../server/engine/field-value.js';
import type { FilterNode } from '../../server/query/filter-node.js';
import { articleEntry, blogArticle, randomText, seededRandom } from '../helpers/blog-article-entries.js';

const article = blogArticle;
const entry = (data: Record<string, unknown>): CompactEntry => articleEntry(data, 'col');

const random = seededRandom;

const WORDS = ['Garden', 'kitchen', 'GARDEN', 'gar', 'den', 'Ünï', 'ünï', 'É', '100%', 'a_b', '"q"', '\\', 'x\ny', '𝒳', 'µ', 'ÿ', 'À', 'z', 'River', 'light'];
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
  '"q"',
  '\\',
  'x\ny',
  '𝒳',
  'ÿ',
  'z',
  'river light',
  'zebra-crossing',
];
const CATEGORIES = ['news', 'tutorial', 'opinion', null];

/** Articles over many slabs: every searched attribute set or not, long bodies beside short summaries. */
function articles(seed: number, count: number): CompactEntry[] {
  const next = random(seed);
  const out: CompactEntry[] = [];
  for (let i = 0; i < count; i++) {
    const data: Record<string, unknown> = { title: text(next, 2), slug: `s-${i}-${text(next, 1).toLowerCase().replace(/\W/g, '')}` };
    if (next() < 0.9) data['summary'] = text(next, 3 + Math.floor(next() * 6));
    if (next() < 0.9) data['body'] = [{ type: 'paragraph', children: [{ type: 'text', text: text(next, 10 + Math.floor(next() * 150)) }] }];
    const category = CATEGORIES[Math.floor(next() * CATEGORIES.length)];
    if (category !== null) data['category'] = category;
    out.push(entry(data));
  }
  return out;
}

/** What the columns answer for `_q` and `filters`, over `rows` in `ordered`; undefined when they do not. */
function byColumns(rows: readonly Entry[], ordered: readonly Entry[], search: string | undefined, filters: FilterNode | undefined): Entry[] | undefined {
  const answer = answerByColumns(article, rows, { search, filters }, { wait: true });
  if (answer === undefined) return undefined;
  const whole = (e: Entry) => (search === undefined || compileSearch(article, search)(e)) && (filters === undefined || plainFilter(filters)(e));
  return finishSteps(filterByColumns(rows, ordered, answer, { rest: answer.rest === undefined ? undefined : plainFilter(answer.rest), whole }));
}

/** The plain per-entry test of a filter on the decoded values (no bytes, no columns). */
function plainFilter(node: FilterNode): (e: Entry) => boolean {
  if (node.kind === 'and') {
    const children = node.children.map(plainFilter);
    return (e) => children.every((child) => child(e));
  }
  if (node.kind !== 'compare') throw new Error('not used here');
  const attribute = article.attributes.get(node.field) as { type: 'text' | 'blocks' | 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'enumeration' };
  const scalar = compileScalarTest(attribute.type, node.operator, node.value);
  return (e) => scalar(readEntryField(e, node.field)) === true;
}

/** `_q` as the plain search: the id, or a decoded searchable text attribute holding the term. */
function plainSearch(term: string): (e: Entry) => boolean {
  const tests = ['title', 'slug', 'summary', 'category'].map((field) => compileScalarTest('string', '$containsi', term));
  return (e) => ['title', 'slug', 'summary', 'category'].some((field, i) => tests[i]!(readEntryField(e, field)) === true) || String(e.id).includes(term);
}

const ids = (list: readonly Entry[] | undefined) => list?.map((e) => e.id);

test('_q from the corpus answers as the plain search, in the list order and in another', () => {
  const rows = articles(11, 1200);
  assert.ok(new Set(rows.map((e) => e.parts().slab)).size > 3, 'several slabs');
  const reversed = [...rows].reverse();
  for (const term of NEEDLES) {
    const want = rows.filter(plainSearch(term));
    assert.equal(ids(byColumns(rows, rows, term, undefined)), ids(want), `_q=${JSON.stringify(term)}`);
    assert.equal(ids(byColumns(rows, reversed, term, undefined)), ids([...want].reverse()), `_q=${JSON.stringify(term)}, reversed`);
  }
  assert.ok(rows.filter(plainSearch('garden')).length > 100, 'common terms match many');
});

test('$containsi and its kin on long attributes answer as the decoded values, alone and with other conditions', () => {
  const rows = articles(23, 1500);
  for (const needle of NEEDLES) {
    for (const field of ['body', 'summary']) {
      for (const operator of ['$containsi', '$contains', '$notContainsi'] as const) {
        const filters: FilterNode = { kind: 'compare', field, operator, value: needle };
        assert.equal(ids(byColumns(rows, rows, undefined, filters)), ids(rows.filter(plainFilter(filters))), `${field} ${operator} ${JSON.stringify(needle)}`);
      }
    }
    // With `_q` and a condition no column answers (left for the rows the columns pass).
    const both: FilterNode = {
      kind: 'and',
      children: [
        { kind: 'compare', field: 'body', operator: '$containsi', value: needle },
        { kind: 'compare', field: 'title', operator: '$containsi', value: 'e' },
      ],
    };
    const want = rows.filter((e) => plainFilter(both)(e) && plainSearch('gar')(e));
    assert.equal(ids(byColumns(rows, rows, 'gar', both)), ids(want), `_q and body and title, ${JSON.stringify(needle)}`);
  }
});

test('a hit across two values of a row, or across two rows, belongs to neither', () => {
  const a = entry({ title: 'ends with GAR', slug: 'den-starts', summary: 'kit', body: [{ t: 'chen' }] });
  const b = entry({ title: 'DEN first', summary: 'the end gar' });
  const c = entry({ title: 'garden', summary: 'x' });
  const rows = [a, b, c];
  assert.equal(ids(byColumns(rows, rows, 'garden', undefined)), [c.id]);
  assert.equal(ids(byColumns(rows, rows, 'kitchen', undefined)), []);
  assert.equal(ids(byColumns(rows, rows, 'gar', undefined)), [a.id, b.id, c.id]);
  const body = (value: string, operator: '$containsi' | '$notContainsi' = '$containsi'): FilterNode => ({ kind: 'compare', field: 'body', operator, value });
  assert.equal(ids(byColumns(rows, rows, undefined, body('chen"}]'))), [a.id]);
  // b and c have no body: null never contains, and a NOT on null is unknown (not a match).
  assert.equal(ids(byColumns(rows, rows, undefined, body('zzz', '$notContainsi'))), [a.id]);
});

test('a new list (an edited, added or deleted entry) gets new columns; the old list keeps its answers', () => {
  const rows = articles(5, 300);
  const before = ids(byColumns(rows, rows, 'garden', undefined));
  const edited = [entry({ title: 'no match here' }), ...rows.slice(1, -1), entry({ title: 'A GARDEN', summary: 'Kitchen' })];
  assert.equal(ids(byColumns(edited, edited, 'garden', undefined)), ids(edited.filter(plainSearch('garden'))));
  assert.equal(ids(byColumns(edited, edited, 'garden kitchen', undefined)), ids(edited.filter(plainSearch('garden kitchen'))));
  assert.equal(ids(byColumns(rows, rows, 'garden', undefined)), before);
});

test('terms the columns cannot answer are left to the plain search; rows they cannot hold are tested whole', () => {
  const rows = [entry({ title: 'Item 12', views: 12 }), entry({ title: 'x\u0000y' }), entry({ title: 'lone \ud800 surrogate' }), entry({ title: 'plain' })];
  // A number also searches ids and numeric attributes; a NUL or a lone surrogate in the term.
  assert.is(answerByColumns(article, rows, { search: '12', filters: undefined }, { wait: true }), undefined);
  assert.is(answerByColumns(article, rows, { search: 'x\u0000y', filters: undefined }, { wait: true }), undefined);
  assert.is(answerByColumns(article, rows, { search: '\ud800', filters: undefined }, { wait: true }), undefined);
  // A short attribute's comparison is answered from its column of stored values, every row decided.
  const title: FilterNode = { kind: 'compare', field: 'title', operator: '$containsi', value: 'a' };
  assert.equal([...answerByColumns(article, rows, { search: undefined, filters: title }, { wait: true })!.flags], [0, 0, 1, 1]);
  // A value with a lone surrogate is not in the corpus: its row is tested whole.
  const answer = answerByColumns(article, rows, { search: 'surrogate', filters: undefined }, { wait: true })!;
  assert.equal([...answer.flags], [0, 0, 2, 0]);
  assert.equal(ids(byColumns(rows, rows, 'LONE', undefined)), [rows[2]!.id]);
  assert.equal(ids(byColumns(rows, rows, 'item', undefined)), [rows[0]!.id]);
});

test('a list searched before its columns are made is tested entry by entry meanwhile, and the columns are made between turns', async () => {
  const rows = articles(31, 4000);
  const query = { search: 'garden', filters: { kind: 'compare', field: 'body', operator: '$containsi', value: 'kitchen' } as FilterNode };
  assert.is(answerByColumns(article, rows, query), undefined);
  let answer;
  for (let turn = 0; turn < 10_000 && answer === undefined; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    answer = answerByColumns(article, rows, query);
  }
  assert.ok(answer !== undefined, 'made between turns');
  const whole = (e: Entry) => plainSearch('garden')(e) && plainFilter(query.filters)(e);
  assert.equal(ids(finishSteps(filterByColumns(rows, rows, answer, { rest: undefined, whole }))), ids(rows.filter(whole)));
});

test('a column made between turns is given up once its list is stale, and made when asked again while current', async () => {
  const rows = articles(37, 4000);
  const query = { search: 'kitchen', filters: undefined };
  let stale = false;
  const making = { wait: false, stale: () => stale };
  assert.is(answerByColumns(article, rows, query, making), undefined);
  stale = true;
  for (let turn = 0; turn < 200; turn++) await new Promise((resolve) => setImmediate(resolve));
  assert.is(answerByColumns(article, rows, query, { wait: false, stale: () => true }), undefined, 'made although its list was stale');
  stale = false;
  let answer;
  for (let turn = 0; turn < 10_000 && answer === undefined; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    answer = answerByColumns(article, rows, query, making);
  }
  assert.ok(answer !== undefined, 'made between turns once current again');
});

/** `rows` carried over edits as the index carries a list: some entries taken out, new ones put in, the rest in their order (noted as a carry). */
function carried(rows: readonly CompactEntry[], seed: number): { list: CompactEntry[]; removed: CompactEntry[]; added: CompactEntry[] } {
  const next = random(seed);
  const removed: CompactEntry[] = [];
  const added = articles(seed + 1, 6);
  const list = rows.filter((row) => {
    if (next() >= 0.01) return true;
    removed.push(row);
    return false;
  });
  for (const entry of added) list.splice(Math.floor(next() * (list.length + 1)), 0, entry);
  noteCarried(rows, list, removed, added);
  return { list, removed, added };
}

test('a list carried over edits is answered from the columns of the list it was carried from until its own are made', () => {
  const rows = articles(31, 1500);
  const needles = ['garden', 'GARDEN kitchen', 'ünï', 'z', 'river light'];
  const queries: [string | undefined, FilterNode | undefined][] = [];
  for (const needle of needles) {
    queries.push([needle, undefined]);
    for (const operator of ['$containsi', '$notContainsi'] as const) queries.push([undefined, { kind: 'compare', field: 'body', operator, value: needle }]);
    queries.push([
      'gar',
      {
        kind: 'and',
        children: [
          { kind: 'compare', field: 'summary', operator: '$containsi', value: needle },
          { kind: 'compare', field: 'title', operator: '$containsi', value: 'e' },
        ],
      },
    ]);
  }
  // The old list's columns are made (as a search makes them); the carried lists' are not.
  for (const [search, filters] of queries) byColumns(rows, rows, search, filters);
  let answered = 0;
  const check = (list: readonly Entry[]) => {
    const reversed = [...list].reverse();
    for (const [search, filters] of queries) {
      const answer = answerByColumns(article, list, { search, filters }, { wait: false });
      assert.ok(answer !== undefined, `answered from the older columns: ${search} ${JSON.stringify(filters)}`);
      const whole = (e: Entry) => (search === undefined || compileSearch(article, search)(e)) && (filters === undefined || plainFilter(filters)(e));
      const tests = { rest: answer.rest === undefined ? undefined : plainFilter(answer.rest), whole };
      const want = list.filter(whole);
      assert.equal(ids(finishSteps(filterByColumns(list, list, answer, tests))), ids(want), `${search} ${JSON.stringify(filters)}`);
      assert.equal(
        ids(finishSteps(filterByColumns(list, reversed, answer, tests))),
        ids([...want].reverse()),
        `${search} ${JSON.stringify(filters)}, reversed`,
      );
      answered++;
    }
  };
  const once = carried(rows, 41);
  check(once.list);
  // Carried again: the note moves to the list that replaces it, and still refers to the first list.
  const twice = carried(once.list, 43);
  assert.is(carriedFrom(once.list), undefined);
  assert.is(carriedFrom(twice.list)?.from, rows, 'a list carried twice refers to the first list');
  check(twice.list);
  assert.ok(once.removed.length > 5 && twice.removed.length > 5, 'entries taken out');
  assert.is(answered, queries.length * 2);
  // A list whose carry does not line up (an entry moved past another, not noted) is not answered from them.
  const moved = [...once.list];
  [moved[10], moved[500]] = [moved[500]!, moved[10]!];
  noteCarried(rows, moved, once.removed, once.added);
  assert.is(answerByColumns(article, moved, { search: 'garden' }, { wait: false, madeOnly: true }), undefined);
  // Nor a list carried from one whose columns were never made.
  const fresh = articles(47, 200);
  const fromFresh = carried(fresh, 53);
  assert.is(answerByColumns(article, fromFresh.list, { search: 'garden' }, { wait: false, madeOnly: true }), undefined);
});

test('comparisons of short attributes answer from their stored columns as the filter does on each entry, alone, together and beside others', () => {
  const next = random(31);
  const rows: CompactEntry[] = [];
  for (let i = 0; i < 800; i++) {
    const data: Record<string, unknown> = { title: text(next, 2) };
    // Each attribute missing, null or set, in every kind of value the filter compares.
    const roll = next();
    if (roll < 0.8) data['views'] = Math.floor(next() * 1000) - 100;
    else if (roll < 0.9) data['views'] = null;
    if (next() < 0.85) data['rating'] = Math.round(next() * 500) / 100;
    if (next() < 0.9) data['featured'] = next() < 0.5;
    if (next() < 0.85) data['publishedDate'] = `202${Math.floor(next() * 6)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`;
    const category = CATEGORIES[Math.floor(next() * CATEGORIES.length)];
    if (category !== null) data['category'] = category;
    if (next() < 0.5) data['summary'] = text(next, 4);
    rows.push(entry(data));
  }
  const compare = (field: string, operator: string, value: unknown): FilterNode => ({ kind: 'compare', field, operator, value }) as FilterNode;
  const filters: FilterNode[] = [
    compare('views', '$gt', 500),
    compare('views', '$lte', '0'),
    compare('views', '$ne', 42),
    compare('views', '$eq', null),
    compare('views', '$null', true),
    compare('views', '$notNull', true),
    compare('views', '$in', [1, 2, 3, 500, null]),
    compare('views', '$notIn', [1, 2, 3]),
    compare('views', '$between', [10, 20]),
    compare('rating', '$gte', 2.5),
    compare('featured', '$eq', true),
    compare('featured', '$ne', 'false'),
    compare('publishedDate', '$lt', '2023-05-01'),
    compare('category', '$eq', 'news'),
    compare('category', '$nei', 'NEWS'),
    compare('category', '$startsWith', 'gu'),
    compare('title', '$containsi', 'garden'),
    compare('title', '$notContainsi', 'garden'),
  ];
  const reversed = [...rows].reverse();
  for (const filter of filters) {
    const label = JSON.stringify(filter);
    const want = rows.filter(plainFilter(filter));
    assert.equal(ids(byColumns(rows, rows, undefined, filter)), ids(want), label);
    assert.equal(ids(byColumns(rows, reversed, undefined, filter)), ids([...want].reverse()), `${label}, reversed`);
  }
  // Together, beside a long attribute's condition, and beside `_q`.
  const together: FilterNode = { kind: 'and', children: [filters[0]!, filters[13]!, compare('summary', '$containsi', 'gar')] };
  assert.equal(ids(byColumns(rows, rows, undefined, together)), ids(rows.filter(plainFilter(together))));
  assert.equal(ids(byColumns(rows, rows, 'river', together)), ids(rows.filter((e) => plainFilter(together)(e) && plainSearch('river')(e))));
  assert.ok(rows.filter(plainFilter(filters[0]!)).length > 100, 'views over 500: many');
});

test.run();
