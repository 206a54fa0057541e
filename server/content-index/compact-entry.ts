import type { ContentType } from '../schema/content-type.js';
import type { Entry } from './entry.js';
import { flatString } from './flat-string.js';
import { packTime, unpackTime } from './packed-time.js';
import { type PathShape, shapeOfPath } from './path-shape.js';
import { type StringPool, pooled } from './string-pool.js';
import { type PlaceholderCode, compactParts, shapeOf } from './compact-parts.js';
import {
  type ArenaRef,
  adoptLongRecord,
  type FoldedNeedle,
  type LongKind,
  longRecordBytes,
  longValueContains,
  readLongValue,
  storeLongRecord,
  storeLongValues,
} from './text-arena.js';

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

/**
 * A document version held compactly: short values (numbers, strings, relation targets) on the heap,
 * long ones off it (see text-arena.ts), timestamps as numbers. `data` decodes the whole on demand
 * (a few recently decoded are kept); filters and sorts read single fields through `field`.
 */
export class CompactEntry implements Entry {
  readonly id: number;
  readonly documentId: string;
  readonly locale: string | null;
  /** The file's path, or how it is made of the documentId (shared by every file of a folder). */
  private readonly where: string | PathShape;
  private readonly created: number | string;
  /** As packTime gives it, or (both numbers) the ms since `created`: a small integer takes no heap of its own. */
  private readonly updated: number | string;
  /** As packTime gives it, or (both numbers) the ms since updatedAt. */
  private readonly published: number | string | null;
  /** A draft view of a published file: its publishedAt reads null. */
  private readonly draftView: boolean;
  private readonly short: Readonly<Record<string | symbol, unknown>>;
  private readonly slab: Buffer | undefined;
  private readonly at: number;

  constructor(head: EntryHead, short: Readonly<Record<string, unknown>>, long: { slab: Buffer; at: number } | undefined, draftView = false) {
    this.id = head.id;
    // A copy of its own: the documentId is often a slice of a longer text (the file's path) it would keep alive.
    this.documentId = flatString(head.documentId);
    this.locale = head.locale;
    this.where = shapeOfPath(head.path, head.documentId);
    const created = packTime(head.createdAt) as number | string;
    const updated = packTime(head.updatedAt) as number | string;
    const published = packTime(head.publishedAt);
    this.created = created;
    this.updated = typeof created === 'number' && typeof updated === 'number' ? updated - created : updated;
    this.published = typeof updated === 'number' && typeof published === 'number' ? published - updated : published;
    this.draftView = draftView;
    this.short = short;
    this.slab = long?.slab;
    this.at = long?.at ?? 0;
  }

  get path(): string {
    const where = this.where;
    return typeof where === 'string' ? where : `${where.prefix}${this.documentId}${where.suffix}`;
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

  /** The file's values, decoded (kept for a while: answers read them more than once). */
  get data(): Readonly<Record<string, unknown>> {
    return decodedData(this);
  }

  /** One attribute's value as stored, without decoding the rest. */
  field(name: string): unknown {
    return this.expand(this.short[name]);
  }

  /**
   * Whether an attribute's long value, stored as `kind`, holds the needle (ASCII case folded),
   * searched in its stored bytes; undefined when the attribute is not such a value here.
   */
  longValueContains(name: string, kind: LongKind, needle: FoldedNeedle): boolean | undefined {
    const value = this.short[name];
    return value instanceof LongSlot ? longValueContains(this.slab!, this.at, value.index, kind, needle) : undefined;
  }

  /** createdAt in ms since the epoch (Date.parse of createdAt, without writing it out first). */
  createdMs(): number {
    return typeof this.created === 'number' ? this.created : Date.parse(this.created);
  }

  /** The file's own publishedAt (a draft view reads null). */
  filePublishedAt(): string | null {
    const updated = this.updatedTime();
    return unpackTime(typeof updated === 'number' && typeof this.published === 'number' ? updated + this.published : this.published);
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

  /** A copy of the held (packed) fields themselves: nothing is written out as text and parsed again. */
  private copy(change: { id?: number }, draftView: boolean): CompactEntry {
    const copy = Object.create(CompactEntry.prototype) as CompactEntry;
    return Object.assign(copy, this, { id: change.id ?? this.id, draftView });
  }
}

/** Builds the compact form of a file's values (see compactParts), on this thread. */
export function compactEntry(type: ContentType, head: EntryHead, data: Readonly<Record<string, unknown>>, pool: StringPool): CompactEntry {
  const { short, placeholders, texts, kinds } = compactParts(type, head, data);
  return entryFromPrepared(type, head, { short, placeholders, long: texts.length === 0 ? undefined : storeLongValues(texts, kinds) }, pool);
}

/** What a worker thread prepared of a file (compactParts, its long values as one record), made an entry. */
export interface PreparedEntry {
  readonly short: Record<string, unknown>;
  readonly placeholders: readonly [string, PlaceholderCode][];
  /** The record's bytes (adopted where they are: see adoptLongRecord), or where it is stored already. */
  readonly long: Uint8Array | ArenaRef | undefined;
}

/** The entry of prepared parts: repeated strings of the type's interned attributes shared through `pool`. */
export function entryFromPrepared(type: ContentType, head: EntryHead, prepared: PreparedEntry, pool: StringPool): CompactEntry {
  const { short, placeholders, long } = prepared;
  for (const key of shapeOf(type).interned) if (key in short) short[key] = pooled(pool, short[key]);
  for (const [key, code] of placeholders) short[key] = code === 'c' ? CREATED : code === 'u' ? UPDATED : code === 'p' ? PUBLISHED : slotAt(code);
  return new CompactEntry(head, short, long === undefined ? undefined : long instanceof Uint8Array ? adoptLongRecord(long) : long);
}

/** A field of any entry: from the compact form without decoding it, or from plain data. */
export function readStoredField(entry: Entry, name: string): unknown {
  return entry instanceof CompactEntry ? entry.field(name) : entry.data[name];
}

const RECENT_LIMIT = 256;
/** Recently decoded values, by the short values they came from (shared by the copies of one file's version). */
const recent = new Map<object, Record<string, unknown>>();

function decodedData(entry: CompactEntry): Record<string, unknown> {
  const key = entry.parts().short;
  let data = recent.get(key);
  if (data !== undefined) {
    recent.delete(key);
    recent.set(key, data);
    return data;
  }
  data = entry.decode();
  recent.set(key, data);
  if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value!);
  return data;
}

export type { PlaceholderCode } from './compact-parts.js';

/** An entry taken apart for the index cache: plain short values, where the placeholders were, the long record. */
export function entryParts(entry: CompactEntry): {
  head: EntryHead;
  short: Record<string, unknown>;
  placeholders: [string, PlaceholderCode][];
  long: Buffer | undefined;
} {
  const { short: held, slab, at } = entry.parts();
  const short: Record<string, unknown> = {};
  const placeholders: [string, PlaceholderCode][] = [];
  for (const key of Object.keys(held)) {
    const value = held[key];
    const code = value instanceof LongSlot ? value.index : value === CREATED ? 'c' : value === UPDATED ? 'u' : value === PUBLISHED ? 'p' : undefined;
    if (code === undefined) short[key] = value;
    else {
      short[key] = null;
      placeholders.push([key, code]);
    }
  }
  const head: EntryHead = {
    id: 0,
    documentId: entry.documentId,
    locale: entry.locale,
    path: entry.path,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    publishedAt: entry.filePublishedAt(),
  };
  return { head, short, placeholders, long: slab === undefined ? undefined : longRecordBytes(slab, at) };
}

/** The entry `entryParts` took apart, put together again (its long record copied into the arena). */
export function entryFromParts(
  head: EntryHead,
  short: Record<string, unknown>,
  placeholders: readonly [string, PlaceholderCode][],
  long: Uint8Array | undefined,
  pool: StringPool,
): CompactEntry {
  for (const key of Object.keys(short)) short[key] = pooled(pool, short[key]);
  for (const [key, code] of placeholders) short[key] = code === 'c' ? CREATED : code === 'u' ? UPDATED : code === 'p' ? PUBLISHED : slotAt(code);
  return new CompactEntry(head, short, long === undefined ? undefined : storeLongRecord(long));
}
