import type { Entry } from '../content-index/entry.js';
import type { ScalarType } from '../schema/attribute.js';

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
      return entry.id;
    case 'documentId':
      return entry.documentId;
    case 'createdAt':
      return entry.createdAt;
    case 'updatedAt':
      return entry.updatedAt;
    case 'publishedAt':
      return entry.publishedAt;
    case 'locale':
      return entry.locale;
    default:
      return entry.data[name];
  }
}

/**
 * A stored value in the form comparisons use: numbers for numeric types, canonical strings for
 * dates and times (so they order as text), JSON text for json and blocks, undefined → null.
 */
export function comparable(type: ScalarType | 'system', value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'integer':
    case 'float':
    case 'decimal':
    case 'biginteger':
      return typeof value === 'number' ? value : Number(value);
    case 'timestamp':
      return typeof value === 'number' ? value : /^\d+$/.test(String(value)) ? Number(value) : Date.parse(String(value));
    case 'boolean':
      return typeof value === 'boolean' ? value : Boolean(value);
    case 'date':
      return String(value).slice(0, 10);
    case 'datetime': {
      const ms = Date.parse(String(value));
      return Number.isNaN(ms) ? String(value) : new Date(ms).toISOString();
    }
    case 'time':
      return normalizeTime(String(value));
    case 'json':
    case 'blocks':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value);
  }
}

function normalizeTime(value: string): string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value);
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}.${(match[4] ?? '').padEnd(3, '0')}` : value;
}

/** SQLite's LIKE and LOWER fold ASCII letters only; so do we. */
export function foldAscii(value: string): string {
  return /[A-Z]/.test(value) ? value.replace(/[A-Z]+/g, (s) => s.toLowerCase()) : value;
}

/** SQLite's ordering: NULL first, then numbers, then text by code point. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}
