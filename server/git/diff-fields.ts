import { isPlainObject } from '../config/is-plain-object.js';

/**
 * One field that differs between two decoded versions of a document: a value replaced
 * (`title: 'A' → 'B'`), or items gone from or joined to a list (`categories: + design`). `field`
 * is a dotted path (`seo.metaTitle`, `blocks[1].text`).
 */
export type FieldChange =
  | { readonly field: string; readonly op: 'set'; readonly before: unknown; readonly after: unknown }
  | { readonly field: string; readonly op: 'list'; readonly added: readonly unknown[]; readonly removed: readonly unknown[] }
  | { readonly field: string; readonly op: 'reorder'; readonly before: readonly unknown[]; readonly after: readonly unknown[] };

/** Keys every write changes, so a diff would always show them. */
const NOISE = new Set(['updatedAt']);

/**
 * The fields that differ between two decoded documents (undefined: the file did not exist), in
 * the order the newer version holds its keys, then keys only the older one had.
 */
export function diffFields(before: Readonly<Record<string, unknown>> | undefined, after: Readonly<Record<string, unknown>> | undefined): FieldChange[] {
  const out: FieldChange[] = [];
  const a = before ?? {};
  const b = after ?? {};
  for (const key of unionKeys(a, b)) if (!NOISE.has(key)) diffValue(key, a[key], b[key], out);
  return out;
}

function diffValue(field: string, a: unknown, b: unknown, out: FieldChange[]): void {
  if (isEqual(a, b)) return;
  if (isUnset(a) && isUnset(b)) return;
  const listA = Array.isArray(a) ? a : isUnset(a) ? [] : undefined;
  const listB = Array.isArray(b) ? b : isUnset(b) ? [] : undefined;
  if (listA !== undefined && listB !== undefined && (Array.isArray(a) || Array.isArray(b))) {
    diffList(field, listA, listB, out);
    return;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of unionKeys(a, b)) diffValue(`${field}.${key}`, a[key], b[key], out);
    return;
  }
  out.push({ field, op: 'set', before: a ?? null, after: b ?? null });
}

/** Lists of ids or paths are compared as sets (then order); lists of components item by item. */
function diffList(field: string, a: readonly unknown[], b: readonly unknown[], out: FieldChange[]): void {
  if ([...a, ...b].every((item) => !isPlainObject(item) && !Array.isArray(item))) {
    const added = b.filter((item) => !a.includes(item));
    const removed = a.filter((item) => !b.includes(item));
    if (added.length > 0 || removed.length > 0) out.push({ field, op: 'list', added, removed });
    else out.push({ field, op: 'reorder', before: a, after: b });
    return;
  }
  const length = Math.max(a.length, b.length);
  const added: unknown[] = [];
  const removed: unknown[] = [];
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    if (i >= a.length) added.push(describeItem(y));
    else if (i >= b.length) removed.push(describeItem(x));
    else if (isPlainObject(x) && isPlainObject(y) && x['__component'] === y['__component']) diffValue(`${field}[${i}]`, x, y, out);
    else if (!isEqual(x, y)) out.push({ field: `${field}[${i}]`, op: 'set', before: x, after: y });
  }
  if (added.length > 0 || removed.length > 0) out.push({ field, op: 'list', added, removed });
}

/** A component item in a list change: its dynamic-zone component, or the item itself. */
function describeItem(item: unknown): unknown {
  return isPlainObject(item) && typeof item['__component'] === 'string' ? item['__component'] : item;
}

function unionKeys(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string[] {
  const keys = Object.keys(b);
  for (const key of Object.keys(a)) if (!(key in b)) keys.push(key);
  return keys;
}

function isUnset(value: unknown): boolean {
  return value === undefined || value === null;
}

function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
