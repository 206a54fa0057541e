import type { AttributeSet } from '../schema/content-type.js';
import { isHiddenScalar } from '../schema/content-type.js';
import { validationError } from '../errors/api-error.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

/** System fields a `fields` list may name on documents. */
const DOCUMENT_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'];

/**
 * `fields=title,slug`, `fields[0]=title`, `fields=*`: the scalar fields to return, or undefined for
 * all of them. `id` and `documentId` are always returned, so they are not listed.
 */
export function parseFields(value: unknown, owner: AttributeSet, isDocument: boolean): readonly string[] | undefined {
  if (value === undefined || value === null) return undefined;
  let names: string[];
  if (typeof value === 'string') names = value.split(',');
  else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) names = value.flatMap((v: string) => v.split(','));
  else throw validationError('Invalid fields parameter. Expected a string or an array of strings');
  names = names.map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0) return undefined;
  const out: string[] = [];
  let all = false;
  for (const name of names) {
    if (name === '*') {
      all = true;
      continue;
    }
    const attribute = owner.attributes.get(name);
    const allowed =
      attribute === undefined
        ? (isDocument && DOCUMENT_FIELDS.includes(name)) || (!isDocument && name === 'id')
        : attribute.kind === 'scalar' && !isHiddenScalar(attribute);
    // Strapi names an attribute that may not be selected with its own path, an unknown key with none.
    if (!allowed) throw invalidKeyError(name, attribute === undefined ? null : name, 'fields');
    if (name !== 'id' && name !== 'documentId' && !out.includes(name)) out.push(name);
  }
  return all ? undefined : out;
}
