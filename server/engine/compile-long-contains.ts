import { CompactEntry } from '../content-index/compact-entry.js';
import type { Entry } from '../content-index/entry.js';
import { SlabSearch } from '../content-index/slab-search.js';
import { JSON_KIND, type LongKind, TEXT_KIND, foldNeedle } from '../content-index/text-arena.js';
import type { ScalarType } from '../schema/attribute.js';

/**
 * A case-insensitive substring test (SQLite's LIKE '%…%', ASCII folding) on a long attribute,
 * answered from the entry's stored UTF-8 bytes without decoding them, through the slabs' folded
 * copies (content-index/slab-search.ts: one scan per slab when the attribute fills most of it). The
 * stored bytes are what `comparable` compares: a text or rich text string as it is, a json or blocks
 * value as JSON.stringify writes it. The test answers undefined where that does not hold (a plain
 * entry, a null value, a value stored otherwise), and the caller then compares as before. Undefined
 * when no entry could be answered so. One test serves one query (it keeps what it found per slab);
 * tests given the same `shared` map share their scans.
 */
export function compileLongContains(
  type: ScalarType | 'system',
  field: string,
  text: string,
  shared?: Map<string, SlabSearch>,
): ((entry: Entry) => boolean | undefined) | undefined {
  const kind = longKind(type);
  if (kind === undefined) return undefined;
  const needle = foldNeedle(text);
  if (needle === undefined) return undefined;
  // The tests of one query share a search per needle (`_q` over several attributes scans a slab once).
  let search = shared?.get(text);
  if (search === undefined) {
    search = new SlabSearch(needle);
    shared?.set(text, search);
  }
  const test = (slab: Buffer, at: number, index: number): boolean | undefined => search!.contains(slab, at, index, kind);
  return (entry) => (entry instanceof CompactEntry ? entry.testLongValue(field, test) : undefined);
}

/** The kind a long attribute's values are stored as, or undefined when it is not one searched in bytes. */
export function longKind(type: ScalarType | 'system'): LongKind | undefined {
  return type === 'text' || type === 'richtext' ? TEXT_KIND : type === 'json' || type === 'blocks' ? JSON_KIND : undefined;
}
