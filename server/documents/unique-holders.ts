import { readStoredField } from '../content-index/compact-entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { type DocumentRecord, versionOf } from '../content-index/entry.js';
import type { TypeChanges } from '../content-index/type-changes.js';
import type { Attribute } from '../schema/attribute.js';
import type { ContentType } from '../schema/content-type.js';

/** Per value of an attribute, the published documents holding it: one documentId, or several. */
type Holders = Map<unknown, string | string[]>;

/**
 * Whether a published version (of the type, in `locale`) other than document `documentId`'s holds
 * `value` in attribute `name` (strictly equal, as stored). Who holds each value is kept as a memo of
 * the index and carried over the type's changes: a write with a unique attribute at a million
 * documents looks its value up instead of reading every document's (1.6 s a write).
 */
export function isHeldByOther(
  index: ContentIndex,
  type: ContentType,
  name: string,
  locale: string | null,
  value: unknown,
  documentId: string | undefined,
): boolean {
  if (!isHoldable(value)) return false;
  const held = holdersOf(index, type, name, locale, () => collectHolders(index, type, name, locale)).get(value);
  if (held === undefined) return false;
  return typeof held === 'string' ? held !== documentId : held.some((id) => id !== documentId);
}

/** Whether the attribute's values must be unique among the published documents of a locale (uid attributes are in Strapi whether or not the schema says so). */
export function isUniqueAttribute(attribute: Attribute): boolean {
  return attribute.unique === true || (attribute.kind === 'scalar' && attribute.type === 'uid');
}

/** Published documents looked at between two yields of uniqueHolderSteps. */
const ENTRIES_PER_STEP = 4_096;

/**
 * The steps that make the holders of each unique attribute's values among each type's published
 * documents, per locale (the default one first), for a server to take between requests once it
 * listens: the first write that checks a value then looks it up, instead of making them (3.8 s of
 * that write at a million documents). Holders made while their type changed are dropped (a write
 * made its own). `perStep`: the published documents looked at between two yields.
 */
export function* uniqueHolderSteps(index: ContentIndex, perStep = ENTRIES_PER_STEP): Generator<void, void> {
  const locales = [index.defaultLocale, ...[...index.locales].filter((code) => code !== index.defaultLocale)];
  for (const type of index.registry.contentTypes.values()) {
    for (const locale of type.localized ? locales : [null]) {
      for (const [name, attribute] of type.attributes) {
        if (!isUniqueAttribute(attribute)) continue;
        const version = index.typeVersion(type);
        const holders = yield* collectSteps(index, type, name, locale, perStep);
        if (index.typeVersion(type) === version) holdersOf(index, type, name, locale, () => holders);
        yield;
      }
    }
  }
}

/** The holders of an attribute's values, kept as a memo of the index (made by `collect` when it holds none). */
function holdersOf(index: ContentIndex, type: ContentType, name: string, locale: string | null, collect: () => Holders): Holders {
  return index.memo<Holders>(type, `unique\u0000${name}\u0000${locale ?? ''}`, collect, (held, changes) => carryHolders(held, changes, name, locale));
}

/** The holders made at once (a check that finds none kept). */
function collectHolders(index: ContentIndex, type: ContentType, name: string, locale: string | null): Holders {
  const steps = collectSteps(index, type, name, locale, Infinity);
  for (;;) {
    const next = steps.next();
    if (next.done === true) return next.value;
  }
}

/** Makes the holders from the published documents, yielding every `perStep` of them. */
function* collectSteps(index: ContentIndex, type: ContentType, name: string, locale: string | null, perStep: number): Generator<void, Holders> {
  const entries = index.entries(type, 'published', locale);
  const holders: Holders = new Map();
  for (let i = 0; i < entries.length; i++) {
    addHolder(holders, readStoredField(entries[i]!, name), entries[i]!.documentId);
    if (i % perStep === perStep - 1) yield;
  }
  return holders;
}

function carryHolders(holders: Holders, changes: TypeChanges, name: string, locale: string | null): Holders {
  for (const { before, after } of changes.changed) {
    const old = publishedValue(before, name, locale);
    if (old !== undefined) removeHolder(holders, old.value, old.documentId);
    const now = publishedValue(after, name, locale);
    if (now !== undefined) addHolder(holders, now.value, now.documentId);
  }
  return holders;
}

function publishedValue(record: DocumentRecord | undefined, name: string, locale: string | null): { value: unknown; documentId: string } | undefined {
  if (record === undefined || record.locale !== locale) return undefined;
  const entry = versionOf(record, 'published');
  return entry === undefined ? undefined : { value: readStoredField(entry, name), documentId: entry.documentId };
}

/** Only a primitive can be strictly equal to a stored value (a value from a request is a new object); nothing holds null. */
function isHoldable(value: unknown): boolean {
  return value !== null && value !== undefined && typeof value !== 'object' && typeof value !== 'function';
}

function addHolder(holders: Holders, value: unknown, documentId: string): void {
  if (!isHoldable(value)) return;
  const held = holders.get(value);
  if (held === undefined) holders.set(value, documentId);
  else if (typeof held === 'string') holders.set(value, [held, documentId]);
  else held.push(documentId);
}

function removeHolder(holders: Holders, value: unknown, documentId: string): void {
  if (!isHoldable(value)) return;
  const held = holders.get(value);
  if (held === undefined) return;
  if (typeof held === 'string') {
    if (held === documentId) holders.delete(value);
    return;
  }
  const at = held.indexOf(documentId);
  if (at !== -1) held.splice(at, 1);
  if (held.length === 1) holders.set(value, held[0]!);
  else if (held.length === 0) holders.delete(value);
}
