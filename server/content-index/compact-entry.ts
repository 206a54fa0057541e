import type { ContentType } from '../schema/content-type.js';
import type { Entry } from './entry.js';
import { flatString } from './flat-string.js';
import { packTime, unpackTime } from './packed-time.js';
import { type PathShape, shapeOfPath } from './path-shape.js';
import { type StringPool, pooled } from './string-pool.js';
import { type PlaceholderCode, compactParts, shapeOf } from './compact-parts.js';
import { readLongValue, storeLongValues } from './text-arena.js';

/**
 * Where a long value sits among an entry's off-heap values: an entry's short values hold one of
 * these shared placeholders in place of the value, so its keys keep their order at no cost.
 */
class LongSlot {
  constructor(readonly index: number) {}
}

/** Placeholders for a file's own timestamps when they are the entry's (the usual case). */
const CREATED = Symbol('createdAt');
const UPDATED = Symbol('updatedAt');
const PUBLISHED = Symbol('publishedAt');

const slots: LongSlot[] = [];
function slotAt(index: number): LongSlot {
  for (let i = slots.length; i <= index; i++) slots.push(new LongSlot(i));
  return slots[index]!;
}

/** The identity and timestamps of an entry, as `toEntry` works them out. */
export interface EntryHead {
  readonly id: number;
  readonly documentId: string;
  readonly locale: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly publishedAt: string | null;
  readonly path: string;
}

/** A head as an entry holds it: times packed (packed-time.ts), the path as its shape (the index cache keeps them so). */
export interface PackedHead {
  readonly id: number;
  readonly documentId: string;
  readonly locale: string | null;
  readonly where: string | PathShape;
  readonly created: number | string;
  readonly updated: number | string;
  readonly published: number | string | null;
}

/**
 * A document version held compactly: short values (numbers, strings, relation targets) on the heap,
 * long ones off it (see text-arena.ts), timestamps as numbers. `data` decodes the whole on demand
 * (the last one decoded is kept); filters and sorts read single fields through `field`.
 */
export class CompactEntry implements Entry {
  declare readonly id: number;
  declare readonly documentId: string;
  declare readonly locale: string | null;
  /** The file's path, or how it is made of the documentId (shared by every file of a folder). */
  declare private readonly where: string | PathShape;
  declare private readonly created: number | string;
  /** As packTime gives it, or (both numbers) the ms since `created`: a small integer takes no heap of its own. */
  declare private readonly updated: number | string;
  /** As packTime gives it, or (both numbers) the ms since updatedAt. */
  declare private readonly published: number | string | null;
  /** A draft view of a published file: its publishedAt reads null. */
  declare private readonly draftView: boolean;
  declare private readonly short: Readonly<Record<string | symbol, unknown>>;
  declare private readonly slab: Buffer | undefined;
  declare private readonly at: number;

  /** Entries are made by `of` (see `held` for why not by a constructor). */
  private constructor() {}

  static of(head: EntryHead | PackedHead, short: Readonly<Record<string, unknown>>, long: { slab: Buffer; at: number } | undefined): CompactEntry {
    // A packed head (the index cache's) is taken as it is: nothing is parsed again, and its
    // documentId (from JSON.parse) is a string of its own already.
    if ('where' in head)
      return held(head.id, head.documentId, head.locale, head.where, head.created, head.updated, head.published, false, short, long?.slab, long?.at ?? 0);
    const created = packTime(head.createdAt) as number | string;
    const updated = packTime(head.updatedAt) as number | string;
    const published = packTime(head.publishedAt);
    return held(
      head.id,
      // A copy of its own: the documentId is often a slice of a longer text (the file's path) it would keep alive.
      flatString(head.documentId),
      head.locale,
      shapeOfPath(head.path, head.documentId),
      created,
      // Held as differences: times close together are small integers, which take no heap number.
      typeof created === 'number' && typeof updated === 'number' ? updated - created : updated,
      typeof updated === 'number' && typeof published === 'number' ? published - updated : published,
      false,
      short,
      long?.slab,
      long?.at ?? 0,
    );
  }

  get path(): string {
    const where = this.where;
    return typeof where === 'string' ? where : `${where.prefix}${this.documentId}${where.suffix}`;
  }

  /** Whether the entry's file is at `path` (without making the path: a load asks it of every file). */
  isAt(path: string): boolean {
    const where = this.where;
    if (typeof where === 'string') return where === path;
    const { prefix, suffix } = where;
    const id = this.documentId;
    return path.length === prefix.length + id.length + suffix.length && path.startsWith(prefix) && path.startsWith(id, prefix.length) && path.endsWith(suffix);
  }

  get createdAt(): string {
    return unpackTime(this.created)!;
  }

  get updatedAt(): string {
    return unpackTime(this.updatedTime())!;
  }

  get publishedAt(): string | null {
    return this.draftView ? null : this.filePublishedAt();
  }

  /** Whether `publishedAt` is set (neither null nor empty), without writing it out. */
  isPublished(): boolean {
    return !this.draftView && this.published !== null && this.published !== '';
  }

  /** Whether `publishedAt` is null (a draft: an empty one is not), without writing it out. */
  publishedAtIsNull(): boolean {
    return this.draftView || this.published === null;
  }

  /** The file's values, decoded (the last decoded is kept: a caller may read them twice in a row). */
  get data(): Readonly<Record<string, unknown>> {
    return decodedData(this);
  }

  /** One attribute's value as stored, without decoding the rest. */
  field(name: string): unknown {
    return this.expand(this.short[name]);
  }

  /**
   * A test of an attribute's long value in its stored bytes (`test` gets the slab, the record's
   * offset and the value's index); undefined when the attribute is not a long value here.
   */
  testLongValue(name: string, test: (slab: Buffer, at: number, index: number) => boolean | undefined): boolean | undefined {
    const value = this.short[name];
    return value instanceof LongSlot ? test(this.slab!, this.at, value.index) : undefined;
  }

  /**
   * A timestamp as held: ms since the epoch when its text is toISOString's (packed-time.ts), else
   * that text; null where the field reads null. Such texts order as their ms do.
   */
  heldTime(field: 'createdAt' | 'updatedAt' | 'publishedAt'): number | string | null {
    if (field === 'createdAt') return this.created;
    if (field === 'updatedAt') return this.updatedTime();
    return this.draftView ? null : this.publishedTime();
  }

  /** createdAt in ms since the epoch (Date.parse of createdAt, without writing it out first). */
  createdMs(): number {
    return typeof this.created === 'number' ? this.created : Date.parse(this.created);
  }

  /** The file's own publishedAt (a draft view reads null). */
  filePublishedAt(): string | null {
    return unpackTime(this.publishedTime());
  }

  /** The same version under another id. */
  withId(id: number): CompactEntry {
    return this.copy({ id }, this.draftView);
  }

  /** The draft view of a published version: the same values, publishedAt null. */
  asDraft(): CompactEntry {
    return this.copy({}, true);
  }

  /** @internal the decoding itself (decodedData keeps the results). */
  decode(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(this.short)) out[key] = this.expand(this.short[key]);
    return out;
  }

  /** @internal for the index cache: the head as it is held. */
  packedHead(): PackedHead {
    const { id, documentId, locale, where, created, updated, published } = this;
    return { id, documentId, locale, where, created, updated, published };
  }

  /** @internal for the index cache: the short values and the long record. */
  parts(): { short: Readonly<Record<string | symbol, unknown>>; slab: Buffer | undefined; at: number } {
    return { short: this.short, slab: this.slab, at: this.at };
  }

  private expand(value: unknown): unknown {
    if (value instanceof LongSlot) return readLongValue(this.slab!, this.at, value.index);
    if (value === CREATED) return this.createdAt;
    if (value === UPDATED) return this.updatedAt;
    if (value === PUBLISHED) return this.filePublishedAt();
    return value;
  }

  private updatedTime(): number | string {
    return typeof this.created === 'number' && typeof this.updated === 'number' ? this.created + this.updated : this.updated;
  }

  private publishedTime(): number | string | null {
    const updated = this.updatedTime();
    return typeof updated === 'number' && typeof this.published === 'number' ? updated + this.published : this.published;
  }

  /** A copy of the held (packed) fields themselves: nothing is written out as text and parsed again. */
  private copy(change: { id?: number }, draftView: boolean): CompactEntry {
    const { documentId, locale, where, created, updated, published, short, slab, at } = this;
    return held(change.id ?? this.id, documentId, locale, where, created, updated, published, draftView, short, slab, at);
  }
}

/**
 * An entry, made by an object literal with CompactEntry's prototype rather than by `new`: V8 moves
 * the objects of a literal whose objects outlive collections straight into the old generation
 * (allocation-site pretenuring), which it does not do for a class's `new`. A start makes an entry
 * per document and keeps every one, so made by `new` each was copied twice by young-generation
 * collections (restart at 1,000,000: 324 against 348 scavenges, 3.2–3.4 s of them against 3.6–3.8 s).
 * Every entry is made here, so all share one hidden class.
 */
function held(
  id: number,
  documentId: string,
  locale: string | null,
  where: string | PathShape,
  created: number | string,
  updated: number | string,
  published: number | string | null,
  draftView: boolean,
  short: Readonly<Record<string | symbol, unknown>>,
  slab: Buffer | undefined,
  at: number,
): CompactEntry {
  return {
    __proto__: CompactEntry.prototype,
    id,
    documentId,
    locale,
    where,
    created,
    updated,
    published,
    draftView,
    short,
    slab,
    at,
  } as unknown as CompactEntry;
}

/**
 * Builds the compact form of a file's values (see compactParts): repeated strings of the type's
 * interned attributes shared through `pool`, the long values stored in the arena as one record.
 */
export function compactEntry(type: ContentType, head: EntryHead, data: Readonly<Record<string, unknown>>, pool: StringPool): CompactEntry {
  const { short, placeholders, texts, kinds } = compactParts(type, head, data);
  for (const key of shapeOf(type).interned) if (key in short) short[key] = pooled(pool, short[key]);
  for (const [key, code] of placeholders) short[key] = placeholderOf(code);
  return CompactEntry.of(head, short, texts.length === 0 ? undefined : storeLongValues(texts, kinds));
}

/** A field of any entry: from the compact form without decoding it, or from plain data. */
export function readStoredField(entry: Entry, name: string): unknown {
  return entry instanceof CompactEntry ? entry.field(name) : entry.data[name];
}

/**
 * The version decoded last, by the short values it came from (shared by the copies of one file's
 * version), and its values: a second read of the same version in a row decodes nothing. No more
 * is kept: decoded values held across young-generation collections get promoted, and at a million
 * documents every full collection that brings on marks the whole index (keeping the last 256, pages
 * of 25 documents grew the old generation by 10–25 KB each; now by almost nothing).
 */
let lastKey: object | undefined;
let lastData: Record<string, unknown> | undefined;

function decodedData(entry: CompactEntry): Record<string, unknown> {
  const key = entry.parts().short;
  if (key === lastKey && lastData !== undefined) return lastData;
  const data = entry.decode();
  lastKey = key;
  lastData = data;
  return data;
}

export type { PlaceholderCode } from './compact-parts.js';

/** The code of a held short value when it is a placeholder, else undefined. */
export function placeholderCode(value: unknown): PlaceholderCode | undefined {
  return value instanceof LongSlot ? value.index : value === CREATED ? 'c' : value === UPDATED ? 'u' : value === PUBLISHED ? 'p' : undefined;
}

/** The placeholder a code stands for. */
export function placeholderOf(code: PlaceholderCode): unknown {
  return code === 'c' ? CREATED : code === 'u' ? UPDATED : code === 'p' ? PUBLISHED : slotAt(code);
}

/** Attributes of a type whose values repeat across documents (they are pooled: see string-pool.ts). */
export function internedAttributes(type: ContentType): ReadonlySet<string> {
  return shapeOf(type).interned;
}
