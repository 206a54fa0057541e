import { isPlainObject } from '../config/is-plain-object.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { validationError } from '../errors/api-error.js';
import type { ContentType } from '../schema/content-type.js';
import { isDocumentId } from '../store/content-path.js';

interface Target {
  readonly documentId: string;
  readonly position: Position | undefined;
}

type Position = { readonly before: string } | { readonly after: string } | { readonly start: true } | { readonly end: true };

/** The documents a relation value may name: of the target type, in the locale written. */
export interface RelationTarget {
  readonly index: ContentIndex;
  readonly type: ContentType;
  /** Null for types that are not localized. */
  readonly locale: string | null;
}

/**
 * Turns a relation value of a write body into the ordered documentIds it leaves, given the
 * current ones. Accepts every form Strapi does: documentId strings, numeric ids, `{documentId}` /
 * `{id}` objects, arrays (set), null, and `{connect, disconnect, set}` with positions.
 */
export function resolveRelationInput(relation: RelationTarget, value: unknown, current: readonly string[]): string[] {
  if (value === null) return [];
  if (Array.isArray(value)) return unique(value.map((item) => lookup(relation, item, false)!.documentId));
  if (!isPlainObject(value) || !('connect' in value || 'disconnect' in value || 'set' in value || 'options' in value)) {
    return [lookup(relation, value, false)!.documentId];
  }
  if ('set' in value && ('connect' in value || 'disconnect' in value)) {
    throw validationError('Cannot use "set" with "connect" or "disconnect" in the same relation', {});
  }
  if ('set' in value) {
    const items = asList(value['set']);
    return unique(items.map((item) => lookup(relation, item, false)!.documentId));
  }
  let result = [...current];
  for (const item of asList(value['disconnect'])) {
    const found = lookup(relation, item, true);
    if (found) result = result.filter((id) => id !== found.documentId);
  }
  const connects = asList(value['connect']).map((item) => lookup(relation, item, false)!);
  const seen = new Set<string>();
  for (const connect of connects) {
    if (seen.has(connect.documentId)) {
      throw validationError(`The document "${connect.documentId}" is connected more than once in the same relation`, {});
    }
    seen.add(connect.documentId);
  }
  for (const connect of connects) result = place(result, connect);
  return result;
}

function place(list: string[], target: Target): string[] {
  const rest = list.filter((id) => id !== target.documentId);
  const position = target.position;
  if (position === undefined || 'end' in position) {
    // Connecting what is already there without a position keeps its place.
    return position === undefined && list.includes(target.documentId) ? list : [...rest, target.documentId];
  }
  if ('start' in position) return [target.documentId, ...rest];
  const anchor = 'before' in position ? position.before : position.after;
  const at = rest.indexOf(anchor);
  if (at < 0) throw validationError(`There is no relation with id "${anchor}" to place "${target.documentId}" next to`, {});
  rest.splice('before' in position ? at : at + 1, 0, target.documentId);
  return rest;
}

/** One item of a relation value → the document it names. `optional`: unknown numeric ids are skipped. */
function lookup(relation: RelationTarget, item: unknown, optional: boolean): Target | undefined {
  const { index, type: target, locale } = relation;
  let position: Position | undefined;
  let key: unknown = item;
  if (isPlainObject(item)) {
    position = parsePosition(item['position']);
    key = item['documentId'] ?? item['id'];
  }
  const numeric = typeof key === 'number' || (typeof key === 'string' && /^\d+$/.test(key) && !(isPlainObject(item) && 'documentId' in item));
  if (numeric) {
    const record = index.findRecordById(target, Number(key));
    if (record) return { documentId: record.documentId, position };
    if (optional) return undefined;
    throw validationError(`Document with id "${String(key)}", locale "${locale}" not found`, {});
  }
  if (typeof key === 'string' && isDocumentId(key) && index.findRecord(target, key, locale)) return { documentId: key, position };
  throw validationError(`Document with id "${typeof key === 'string' ? key : JSON.stringify(key)}", locale "${locale}" not found`, {});
}

function parsePosition(value: unknown): Position | undefined {
  if (!isPlainObject(value)) return undefined;
  if (typeof value['before'] === 'string') return { before: value['before'] };
  if (typeof value['after'] === 'string') return { after: value['after'] };
  if (value['start'] === true) return { start: true };
  if (value['end'] === true) return { end: true };
  return undefined;
}

function asList(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}
