import type { ContentType } from '../schema/content-type.js';
import { JSON_KIND, type LongKind, TEXT_KIND } from './text-arena.js';

/** Placeholders of an entry's short values, as plain codes: a long value's index, or c/u/p for a timestamp. */
export type PlaceholderCode = number | 'c' | 'u' | 'p';

/** The timestamps an entry's file holds, as `toEntry` works them out. */
export interface EntryTimes {
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
}

/**
 * A file's values split for the compact form, in plain data (a worker thread can post it): the
 * short values (null where a placeholder goes), the placeholders, and the long values' texts.
 */
export interface CompactParts {
  readonly short: Record<string, unknown>;
  readonly placeholders: [string, PlaceholderCode][];
  readonly texts: string[];
  readonly kinds: LongKind[];
}

/** At most this many long values per entry (the record counts them in 16 bits); the rest stay short. */
const MAX_LONG = 0xffff;
const LONG_SCALARS = new Set(['text', 'richtext', 'blocks', 'json']);
const INTERNED_KINDS = new Set(['relation', 'media', 'morph']);

export interface TypeShape {
  /** Attributes kept off the heap. */
  readonly long: ReadonlySet<string>;
  /** Attributes whose strings repeat across documents (relation targets, media paths, enumerations). */
  readonly interned: ReadonlySet<string>;
}

const shapes = new WeakMap<ContentType, TypeShape>();

export function shapeOf(type: ContentType): TypeShape {
  let shape = shapes.get(type);
  if (shape === undefined) {
    const long = new Set<string>();
    const interned = new Set<string>();
    for (const [name, attribute] of type.attributes) {
      if (attribute.kind === 'component' || attribute.kind === 'dynamiczone' || (attribute.kind === 'scalar' && LONG_SCALARS.has(attribute.type)))
        long.add(name);
      else if (INTERNED_KINDS.has(attribute.kind) || (attribute.kind === 'scalar' && attribute.type === 'enumeration')) interned.add(name);
    }
    shape = { long, interned };
    shapes.set(type, shape);
  }
  return shape;
}

/**
 * Splits a file's values: long strings as they are, other long values as JSON.stringify writes
 * them (cheaper than finding them in the file's text, and without its indentation); a timestamp
 * equal to the entry's own becomes a placeholder.
 */
export function compactParts(type: ContentType, times: EntryTimes, data: Readonly<Record<string, unknown>>): CompactParts {
  const { long } = shapeOf(type);
  const short: Record<string, unknown> = {};
  const placeholders: [string, PlaceholderCode][] = [];
  const texts: string[] = [];
  const kinds: LongKind[] = [];
  for (const key of Object.keys(data)) {
    const value = data[key];
    let code: PlaceholderCode | undefined;
    if (long.has(key) && value !== null && value !== undefined && texts.length < MAX_LONG) {
      code = texts.length;
      const text = typeof value === 'string';
      texts.push(text ? value : JSON.stringify(value));
      kinds.push(text ? TEXT_KIND : JSON_KIND);
    } else if (key === 'createdAt' && value === times.createdAt) code = 'c';
    else if (key === 'updatedAt' && value === times.updatedAt) code = 'u';
    else if (key === 'publishedAt' && value !== null && value === times.publishedAt) code = 'p';
    if (code === undefined) short[key] = value;
    else {
      short[key] = null;
      placeholders.push([key, code]);
    }
  }
  return { short, placeholders, texts, kinds };
}
