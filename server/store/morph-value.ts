import { isPlainObject } from '../config/is-plain-object.js';
import type { MorphAttribute } from '../schema/attribute.js';
import { isDocumentId } from './content-path.js';

/** One stored morph link: the type it points at and the document. */
export interface MorphLink {
  readonly __type: string;
  readonly documentId: string;
}

export function isMorphLink(value: unknown): value is MorphLink {
  return isPlainObject(value) && typeof value['__type'] === 'string' && typeof value['documentId'] === 'string' && isDocumentId(value['documentId']);
}

/** The links a stored morphTo value holds (malformed items are left out; the check reports them). */
export function morphLinks(value: unknown): MorphLink[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.filter(isMorphLink);
}

/** What is wrong with a stored morph value, or undefined when it fits. */
export function morphValueProblem(attribute: MorphAttribute, value: unknown, path: string): string | undefined {
  if (attribute.relation === 'morphOne' || attribute.relation === 'morphMany') {
    return `"${path}" is the derived side of ${attribute.target ?? '?'}.${attribute.morphBy ?? '?'}: store the relation there`;
  }
  const items = attribute.toMany ? value : [value];
  if (Array.isArray(items) && items.every(isMorphLink)) return undefined;
  const shape = '{ "__type": "<content-type uid>", "documentId": "<id>" }';
  return attribute.toMany ? `expected an array of ${shape}, got ${JSON.stringify(value)}` : `expected ${shape}, got ${JSON.stringify(value)}`;
}
