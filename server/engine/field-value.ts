import { readStoredField } from '../content-index/compact-entry.js';
import type { Entry } from '../content-index/entry.js';
import type { ScalarType } from '../schema/attribute.js';
import { canonicalDateTime, canonicalTime } from '../schema/date-time-text.js';

/** A row the engine filters and sorts: a document version, a component value or a media record. */
export type Row = Entry | Readonly<Record<string, unknown>>;

export const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'] as const;

export function isSystemField(name: string): boolean {
  return (SYSTEM_FIELDS as readonly string[]).includes(name);
}

/** Reads a field of a document version (system fields from the entry, attributes from its data). */
export function readEntryField(entry: Entry, name: string): unknown {
  switch (name) {
    case 'id':
    case 'documentId':
    case 'createdAt':
    case 'updatedAt':
    case 'publishedAt':
    case 'locale':
      return entry[name];
    default:
      return readStoredField(entry, name);
  }
}

/**
 * A stored value in the form comparisons use: numbers for numeric types (bigints for biginteger,
 * exact past 2^53), canonical strings for dates and times (so they order as text), JSON text for
 * json and blocks, undefined → null.
 */
export function comparable(type: ScalarType | 'system', value: unknown): string | number | bigint | boolean | null {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return typeof value === 'number' ? value : numberOrText(value);
    case 'biginteger':
      return toBigInt(value);
    case 'timestamp':
      return typeof value === 'number' ? value : /^\d+$/.test(String(value)) ? Number(value) : Date.parse(String(value));
    case 'boolean':
      return typeof value === 'boolean' ? value : Boolean(value);
    case 'date':
      return String(value).slice(0, 10);
    case 'datetime':
      return canonicalDateTime(String(value)) ?? String(value);
    case 'time':
      return canonicalTime(String(value)) ?? String(value);
    case 'json':
    case 'blocks':
      // The column holds JSON text: a stored string is `"text"`, quotes included.
      return JSON.stringify(value);
    default:
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
  }
}

export type TextAnchor = 'contains' | 'start' | 'end' | 'whole';

/**
 * A test for SQLite's LIKE / LOWER comparisons with literal text. SQLite folds ASCII letters only,
 * so ASCII letters match either case and every other character only itself. Compiled once per
 * query into a regular expression, so testing a value neither folds nor allocates.
 */
export function asciiCaseInsensitive(text: string, anchor: TextAnchor): (value: string) => boolean {
  const body = text.replace(/[A-Za-z]|[\\^$.*+?()[\]{}|/]/g, (c) => (/[A-Za-z]/.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : `\\${c}`));
  const source = anchor === 'start' ? `^${body}` : anchor === 'end' ? `${body}$` : anchor === 'whole' ? `^${body}$` : body;
  const pattern = new RegExp(source);
  return (value) => pattern.test(value);
}

/** SQLite's ordering: NULL first, then numbers, then text by code point (its BINARY collation). */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  const aNumeric = typeof a === 'number' || typeof a === 'bigint';
  const bNumeric = typeof b === 'number' || typeof b === 'bigint';
  // Relational operators compare numbers and bigints exactly, mixed or not.
  if (aNumeric && bNumeric) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  if (aNumeric) return -1;
  if (bNumeric) return 1;
  return compareText(String(a), String(b));
}

/**
 * Code point order. JavaScript's `<` compares UTF-16 code units, which puts characters above
 * U+FFFF (surrogate pairs) before U+E000–U+FFFF; SQLite compares UTF-8 bytes, i.e. code points.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) return codePointRank(x) - codePointRank(y);
    return x - y;
  }
  return a.length - b.length;
}

/** Surrogates (U+D800–U+DFFF) start code points above U+FFFF, so they rank after U+E000–U+FFFF. */
function codePointRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** SQLite's numeric affinity: text that reads as a number compares as one, any other text stays text (above every number). */
function numberOrText(value: unknown): number | string {
  const number = Number(value);
  return Number.isNaN(number) && typeof value === 'string' ? value : number;
}

function toBigInt(value: unknown): bigint | number {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? BigInt(text) : Number(text);
}
