import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CompactEntry } from '../../server/content-index/compact-entry.js';
import { foldedSlab } from '../../server/content-index/folded-slabs.js';
import { LongColumn, setScanThread, valueSpan } from '../../server/content-index/long-column.js';
import { CLAIM_STATE, SCAN_WAITING } from '../../server/content-index/scan-spans.js';
import { breakScanThread, scanOnThread, scanThreadState } from '../../server/content-index/slab-scan-thread.js';
import { JSON_KIND, foldNeedle } from '../../server/content-index/text-arena.js';
import { compileScalarTest } from '../../server/engine/compile-scalar-test.js';
import { readEntryField } from '../../server/engine/field-value.js';
import { articleEntry } from '../helpers/blog-article-entries.js';

const entry = (data: Record<string, unknown>): CompactEntry => articleEntry(data, 'lc');

const WORDS = ['Garden', 'kitchen', 'GARDEN', 'gar', 'den', 'Ünï', 'É', '100%', 'a_b', '"q"', 'z', 'River'];
let state = 3;
function word(): string {
  state = (state * 1103515245 + 12345) & 0x7fffffff;
  return WORDS[state % WORDS.length]!;
}

/** Bodies over many slabs, a few without a body (not covered by the column). */
const rows: CompactEntry[] = [];
for (let i = 0; i < 3000; i++) {
  const words = Array.from({ length: 5 + (i % 90) }, word);
  rows.push(entry(i % 97 === 0 ? { title: 'none' } : { body: [{ type: 'paragraph', children: [{ type: 'text', text: words.join(i % 2 ? ' ' : '') }] }] }));
}
function build(list: readonly CompactEntry[] = rows): LongColumn {
  let span;
  const steps = LongColumn.build(list.length, (row) => {
    span = undefined;
    list[row]!.testLongValue('body', (slab, at, index) => ((span = valueSpan(slab, at, index, JSON_KIND)), undefined));
    return span;
  });
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}
const NEEDLES = ['garden kitchen', 'gar', 'dengar', 'ünï', '100%', '"q"', 'a_b', 'zz', 'river', '[{"type":"paragraph"', 'zebra-crossing'];
const expected = (needle: string, list: readonly CompactEntry[] = rows) =>
  list.flatMap((e, row) => (compileScalarTest('blocks', '$containsi', needle)(readEntryField(e, 'body')) === true ? [row] : []));
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

test('the scan thread and the main thread alone find the same rows as the decoded values', () => {
  const column = build();
  assert.ok(new Set(rows.map((e) => e.parts().slab)).size > 4, 'several slabs');
  assert.equal(column.uncovered.length, Math.ceil(3000 / 97));
  for (const needle of NEEDLES) {
    const folded = foldNeedle(needle)!.bytes;
    setScanThread(false);
    const alone = sorted(column.search(folded));
    setScanThread(true, 0);
    const split = sorted(column.search(folded));
    assert.equal(alone, expected(needle), `main thread: ${needle}`);
    assert.equal(split, alone, `with the scan thread: ${needle}`);
  }
  assert.ok(scanThreadState().running, 'the scan thread was used');
});

test('rows listed in another order than their bytes, some twice, are found as in order', () => {
  // A list in the order of neither the slabs nor the bytes (a view sorted otherwise, a cache read
  // into large slabs): each slab's spans are sorted by their starts, a group of hundreds natively.
  const shuffled: CompactEntry[] = [];
  for (let i = 0; i < rows.length; i++) shuffled.push(rows[(i * 1237) % rows.length]!);
  for (let i = 0; i < 400; i++) shuffled.push(rows[(i * 7) % rows.length]!);
  const column = build(shuffled);
  const perSlab = new Map<Buffer | undefined, number>();
  for (const e of shuffled) perSlab.set(e.parts().slab, (perSlab.get(e.parts().slab) ?? 0) + 1);
  assert.ok(Math.max(...perSlab.values()) > 64, 'a group past the insertion sort');
  setScanThread(false);
  for (const needle of NEEDLES) assert.equal(sorted(column.search(foldNeedle(needle)!.bytes)), expected(needle, shuffled), needle);
});

test('a scan thread that fails is stopped, and the main thread scans alone', () => {
  const slab = rows[1]!.parts().slab!;
  const { bytes, upTo } = foldedSlab(slab);
  // A part the thread cannot read (its offset past the shared buffer): it answers that it failed.
  const pending = scanOnThread(
    {
      groups: [{ buffer: bytes.buffer as SharedArrayBuffer, offset: bytes.buffer.byteLength + 8, upTo, from: 0, to: 1 }],
      spans: { starts: new Int32Array(1), ends: new Int32Array(1), rows: new Int32Array(1) },
      needle: new Uint8Array([97]),
    },
    1,
  )!;
  assert.ok(pending !== undefined);
  // The thread takes the scan up (a scan it has not taken up by the time of wait() is withdrawn).
  while (Atomics.load(pending.claims, CLAIM_STATE) === SCAN_WAITING) Atomics.wait(pending.claims, CLAIM_STATE, SCAN_WAITING, 10);
  assert.is(pending.wait(), undefined);
  assert.equal(scanThreadState(), { running: false, broken: true });
  setScanThread(true, 0);
  const column = build();
  for (const needle of ['garden', 'zebra']) assert.equal(sorted(column.search(foldNeedle(needle)!.bytes)), expected(needle), needle);
  breakScanThread();
  assert.equal(sorted(column.search(foldNeedle('kitchen')!.bytes)), expected('kitchen'));
});

test.run();
