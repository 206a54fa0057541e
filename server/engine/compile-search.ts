import type { Entry } from '../content-index/entry.js';
import type { SlabSearch } from '../content-index/slab-search.js';
import type { ContentType } from '../schema/content-type.js';
import { compileLongContains } from './compile-long-contains.js';
import { asciiCaseInsensitive, readEntryField } from './field-value.js';

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration']);
const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);

/**
 * `_q`: a case-insensitive substring match over the id and every searchable text attribute (and
 * the numeric ones when the term is a number), as Strapi's search does. Passwords are never searched.
 */
export function compileSearch(type: ContentType, term: string): (entry: Entry) => boolean {
  const matches = asciiCaseInsensitive(term, 'contains');
  const fields = searchedFields(type, isNumericTerm(term));
  // Long text attributes are searched in their stored bytes where they can be (see compile-long-contains.ts),
  // one scan of each slab serving all of them.
  const searches = new Map<string, SlabSearch>();
  const fast = fields.map((field) => {
    const attribute = type.attributes.get(field);
    return attribute?.kind === 'scalar' ? compileLongContains(attribute.type, field, term, searches) : undefined;
  });
  // An id is digits: a term with anything else is never in one.
  const inId = /^\d*$/.test(term);
  return (entry) => {
    if (inId && matches(String(entry.id))) return true;
    for (let i = 0; i < fields.length; i++) {
      const found = fast[i]?.(entry);
      if (found !== undefined) {
        if (found) return true;
        continue;
      }
      const field = fields[i]!;
      const value = readEntryField(entry, field);
      if (value !== null && value !== undefined && matches(typeof value === 'string' ? value : String(value))) return true;
    }
    return false;
  };
}

/** Whether `_q` also searches the numeric attributes (and, when all digits, the id) for this term. */
export function isNumericTerm(term: string): boolean {
  return term.trim() !== '' && !Number.isNaN(Number(term));
}

/** The attributes `_q` searches: the searchable text ones, and the numeric ones for a numeric term. */
export function searchedFields(type: ContentType, numeric: boolean): string[] {
  const fields: string[] = [];
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind !== 'scalar' || !attribute.searchable || attribute.type === 'password') continue;
    if (TEXT_TYPES.has(attribute.type) || (numeric && NUMBER_TYPES.has(attribute.type))) fields.push(name);
  }
  return fields;
}
