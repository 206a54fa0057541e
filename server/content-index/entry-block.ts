import type { ContentType } from '../schema/content-type.js';
import { CompactEntry, type PackedHead, type PlaceholderCode, internedAttributes, placeholderCode, placeholderOf } from './compact-entry.js';
import { type PathShape, pathShape } from './path-shape.js';
import { type StringPool, pooled } from './string-pool.js';
import { holdsLongRecord, longRecordBytes } from './text-arena.js';

// A block of the index cache: many file versions as one JSON text, parsed at once, plus their long
// records one after another, adopted as a slab when read back (no copy per record). The text is
// `[layouts, shapes, rows, strings]`:
//   layouts: [keys, codes] per distinct list of short keys; a code says what the value is: null (a
//            value in the row), 'i' (the same, pooled), 's' (a pooled string: its index in
//            `strings`), 'a' (pooled strings: an array of indexes in `strings`), or a placeholder's
//            code (no value in the row)
//   shapes:  [prefix, suffix] of the paths (path-shape.ts)
//   strings: each pooled string of the block once (relation targets, media paths, enumeration
//            values): a row names them by index, so a read pools each once per block, not once per use
//   rows:    flat, per version: where (a shape's index or the path), documentId, locale, created,
//            updated, published (packed as the entry holds them), size, mtime, layout, long record's
//            offset (-1 for none), then the row's values in key order.

/** One file's version for a block, with the size and mtime its file had (its type tells which values are pooled). */
export interface BlockItem {
  readonly entry: CompactEntry;
  readonly type: ContentType | undefined;
  readonly size: number;
  readonly mtimeMs: number;
}

/** A block: the JSON text, and the long records in the order of their offsets. */
export interface EntryBlock {
  readonly text: string;
  readonly bytes: readonly Buffer[];
}

type LayoutCode = PlaceholderCode | 'i' | 's' | 'a' | null;
const NONE: ReadonlySet<string> = new Set();
const FIELDS = 10;

/**
 * `recordAt`: where a version's long record will be for the reader, given its bytes (by default the
 * records are written one after another, as `bytes` lists them).
 */
export function encodeEntryBlock(items: readonly BlockItem[], recordAt?: (bytes: Buffer) => number): EntryBlock {
  const layouts: [string[], LayoutCode[]][] = [];
  const layoutIds = new Map<string, number>();
  const shapes: [string, string][] = [];
  const shapeIds = new Map<PathShape, number>();
  const rows: unknown[] = [];
  const strings: string[] = [];
  const stringIds = new Map<string, number>();
  const idOf = (text: string): number => {
    let id = stringIds.get(text);
    if (id === undefined) stringIds.set(text, (id = strings.push(text) - 1));
    return id;
  };
  const long: Buffer[] = [];
  let longBytes = 0;
  let last: number | undefined;
  for (const { entry, type, size, mtimeMs } of items) {
    const head = entry.packedHead();
    const { short, slab, at } = entry.parts();
    const interned = type === undefined ? NONE : internedAttributes(type);
    const keys = Object.keys(short);
    const codes: LayoutCode[] = [];
    const values: unknown[] = [];
    for (const key of keys) {
      const value = short[key];
      const code = placeholderCode(value);
      if (code !== undefined) codes.push(code);
      else if (!interned.has(key)) {
        codes.push(null);
        values.push(value);
      } else if (typeof value === 'string') {
        codes.push('s');
        values.push(idOf(value));
      } else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
        codes.push('a');
        values.push((value as string[]).map(idOf));
      } else {
        codes.push('i');
        values.push(value);
      }
    }
    // Versions in a row mostly share their layout: the last one is tried before a key is made.
    let layout = last !== undefined && sameItems(layouts[last]![0], keys) && sameItems(layouts[last]![1], codes) ? last : undefined;
    if (layout === undefined) {
      const layoutKey = JSON.stringify([keys, codes]);
      layout = layoutIds.get(layoutKey);
      if (layout === undefined) layoutIds.set(layoutKey, (layout = layouts.push([keys, codes]) - 1));
      last = layout;
    }
    let where: string | number;
    if (typeof head.where === 'string') where = head.where;
    else {
      let shape = shapeIds.get(head.where);
      if (shape === undefined) shapeIds.set(head.where, (shape = shapes.push([head.where.prefix, head.where.suffix]) - 1));
      where = shape;
    }
    let record = -1;
    if (slab !== undefined) {
      const bytes = longRecordBytes(slab, at);
      long.push(bytes);
      record = recordAt === undefined ? longBytes : recordAt(bytes);
      longBytes += bytes.length;
    }
    rows.push(where, head.documentId, head.locale, head.created, head.updated, head.published, size, mtimeMs, layout, record);
    for (const value of values) rows.push(value);
  }
  return { text: JSON.stringify([layouts, shapes, rows, strings]), bytes: long };
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A layout made ready for reading: per key, the placeholder it holds, or undefined for a value of the row. */
interface ReadLayout {
  readonly keys: readonly string[];
  readonly codes: readonly LayoutCode[];
  readonly placeholders: readonly unknown[];
  readonly values: number;
  /**
   * An object with the layout's keys, in order, from JSON.parse (which gives it room for each in the
   * object itself): each version's short values are a copy of it (`{ ...template }`: V8 copies its
   * shape) filled in. Made key by key, each such object went through a shape per key and kept the
   * keys past its first four in a second object of their own (a million of each at a restart).
   */
  readonly template: Readonly<Record<string, unknown>>;
}

/**
 * Reads a block back, handing each version to `visit` with the size and mtime its file had (its
 * path is the entry's); the long records stay in `slab`. False, at the first thing that is not as
 * `encodeEntryBlock` writes it. Nothing is made per version but what the entry keeps (a million
 * versions are read at a start): the head and the long record's place are handed over in objects
 * made once per block.
 */
export function decodeEntryBlock(text: string, slab: Buffer, pool: StringPool, visit: (entry: CompactEntry, size: number, mtimeMs: number) => void): boolean {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || parsed.length !== 4 || !parsed.every(Array.isArray)) return false;
  const [rawLayouts, rawShapes, rows, rawStrings] = parsed as [unknown[], unknown[], unknown[], unknown[]];
  const strings: string[] = [];
  for (const text of rawStrings) {
    if (typeof text !== 'string') return false;
    strings.push(pooled(pool, text) as string);
  }
  const layouts: ReadLayout[] = [];
  for (const layout of rawLayouts) {
    const read = readLayout(layout);
    if (read === undefined) return false;
    layouts.push(read);
  }
  const shapes: PathShape[] = [];
  for (const shape of rawShapes) {
    if (!Array.isArray(shape) || typeof shape[0] !== 'string' || typeof shape[1] !== 'string') return false;
    shapes.push(pathShape(shape[0], shape[1]));
  }
  const head: { -readonly [K in keyof PackedHead]: PackedHead[K] } = {
    id: 0,
    documentId: '',
    locale: null,
    where: '',
    created: 0,
    updated: 0,
    published: null,
  };
  const long = { slab, at: 0 };
  let i = 0;
  while (i < rows.length) {
    if (rows.length - i < FIELDS) return false;
    const where = rows[i];
    const documentId = rows[i + 1];
    const locale = rows[i + 2];
    const created = rows[i + 3];
    const updated = rows[i + 4];
    const published = rows[i + 5];
    const size = rows[i + 6];
    const mtimeMs = rows[i + 7];
    const layoutId = rows[i + 8];
    const record = rows[i + 9];
    i += FIELDS;
    const layout = typeof layoutId === 'number' ? layouts[layoutId] : undefined;
    const shape = typeof where === 'number' ? shapes[where] : typeof where === 'string' ? where : undefined;
    const hasLong = record !== -1;
    if (
      layout === undefined ||
      shape === undefined ||
      typeof documentId !== 'string' ||
      (locale !== null && typeof locale !== 'string') ||
      !isPackedTime(created) ||
      !isPackedTime(updated) ||
      (published !== null && !isPackedTime(published)) ||
      typeof size !== 'number' ||
      typeof mtimeMs !== 'number' ||
      (hasLong && !holdsLongRecord(slab, record)) ||
      rows.length - i < layout.values
    )
      return false;
    const { keys, codes, placeholders, template } = layout;
    const short: Record<string, unknown> = { ...template };
    for (let k = 0; k < keys.length; k++) {
      const code = codes[k];
      let value: unknown;
      if (code === null) value = rows[i++];
      else if (code === 's') value = stringAt(strings, rows[i++]);
      else if (code === 'a') value = fromStrings(strings, rows[i++]);
      else if (code === 'i') value = pooled(pool, rows[i++]);
      else value = placeholders[k];
      // An index that names no string: not what encodeEntryBlock writes.
      if (value === undefined && (code === 's' || code === 'a')) return false;
      short[keys[k]!] = value;
    }
    head.documentId = documentId;
    head.locale = locale;
    head.where = shape;
    head.created = created;
    head.updated = updated;
    head.published = published;
    long.at = record as number;
    visit(CompactEntry.of(head, short, hasLong ? long : undefined), size, mtimeMs);
  }
  return true;
}

/** The string an index names, or undefined when it names none. */
function stringAt(strings: readonly string[], index: unknown): string | undefined {
  return Number.isInteger(index) ? strings[index as number] : undefined;
}

/**
 * The strings an array of indexes names, or undefined when one names none. Made by `map`, which
 * sizes the array to fit: one grown by `push` keeps room for 17, a million such arrays 120 MB more.
 */
function fromStrings(strings: readonly string[], indexes: unknown): string[] | undefined {
  if (!Array.isArray(indexes)) return undefined;
  let named = true;
  const out = indexes.map((index: unknown) => {
    const text = stringAt(strings, index);
    if (text === undefined) named = false;
    return text;
  });
  return named ? (out as string[]) : undefined;
}

function isPackedTime(value: unknown): value is number | string {
  return typeof value === 'number' || typeof value === 'string';
}

function readLayout(layout: unknown): ReadLayout | undefined {
  if (!Array.isArray(layout) || !Array.isArray(layout[0]) || !Array.isArray(layout[1])) return undefined;
  const [keys, codes] = layout as [unknown[], unknown[]];
  // Keys are attribute names, never __proto__ (which a copy of the template would hold as a key of its own).
  if (keys.length !== codes.length || !keys.every((key) => typeof key === 'string' && key !== '__proto__')) return undefined;
  const placeholders: unknown[] = [];
  let values = 0;
  for (const code of codes) {
    if (inRow(code)) values++;
    else if (!(code === 'c' || code === 'u' || code === 'p' || (Number.isInteger(code) && (code as number) >= 0 && (code as number) <= 0xffff)))
      return undefined;
    placeholders.push(inRow(code) ? undefined : placeholderOf(code as PlaceholderCode));
  }
  const template = JSON.parse(`{${keys.map((key) => `${JSON.stringify(key)}:null`).join(',')}}`) as Record<string, unknown>;
  return { keys: keys as string[], codes: codes as LayoutCode[], placeholders, values, template };
}

/** Whether a layout code stands for a value in the row (the others are placeholders). */
function inRow(code: unknown): boolean {
  return code === null || code === 'i' || code === 's' || code === 'a';
}
