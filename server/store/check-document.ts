import { isPlainObject } from '../config/is-plain-object.js';
import type { Attribute, ScalarAttribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { isTextScalarType } from '../schema/scalar-families.js';
import { isDocumentId } from './content-path.js';
import { morphValueProblem } from './morph-value.js';
import { canonicalTime, isCanonicalDateTime, startsWithCalendarDay } from '../schema/date-time-text.js';

export const TIMESTAMP_KEYS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

/**
 * The documentId a renamed document was created under (`cms mv`): its numeric id keeps deriving
 * from it, so a rename never changes the id clients hold.
 */
export const RENAMED_FROM_KEY = 'renamedFrom';

export interface DocumentProblem {
  /** Dotted attribute path (`seo.metaTitle`, `blocks.0.__component`). */
  readonly path: string;
  readonly message: string;
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isIsoDateTime(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return isCanonicalDateTime(value) || (ISO_DATETIME.test(value) && startsWithCalendarDay(value) && !Number.isNaN(Date.parse(value)));
}

/**
 * Checks that a decoded document file fits its type's schema: known keys, values of the right
 * JSON kind, relations as documentIds on the owning side, media as paths, components and zones
 * in shape. The write rules (required, lengths, unique …) belong to validation, not to reading.
 */
export function checkStoredDocument(registry: SchemaRegistry, type: ContentType, data: Record<string, unknown>): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  for (const key of TIMESTAMP_KEYS) {
    const value = data[key];
    if (value === undefined || (value === null && key === 'publishedAt')) continue;
    if (!isIsoDateTime(value)) {
      problems.push({ path: key, message: `expected an ISO 8601 date-time, got ${show(value)}` });
    }
  }
  if ('id' in data || 'documentId' in data) {
    problems.push({ path: 'id' in data ? 'id' : 'documentId', message: 'ids are not stored in files: the documentId is the file name' });
  }
  const renamedFrom = data[RENAMED_FROM_KEY];
  if (renamedFrom !== undefined && !isDocumentId(renamedFrom)) {
    problems.push({ path: RENAMED_FROM_KEY, message: `expected the documentId the document was created under, got ${show(renamedFrom)}` });
  }
  checkAttributes({ registry, problems }, type, data, '');
  return problems;
}

/** What one document's check carries down (built once per document, not per value). */
interface DocumentCheck {
  readonly registry: SchemaRegistry;
  readonly problems: DocumentProblem[];
}

/** `prefix` is '' at the top level of a document, `<path>.` inside a component. */
function checkAttributes(run: DocumentCheck, set: AttributeSet, data: Record<string, unknown>, prefix: string): void {
  const topLevel = prefix === '';
  // for…in and paths built only when needed: this runs for every value of every file at start-up.
  for (const key in data) {
    const value = data[key];
    const attribute = set.attributes.get(key);
    if (attribute === undefined) {
      // An attribute of a kind cms does not know: its values are kept in the file and not read.
      if (set.leftOut?.has(key) === true) continue;
      const system = topLevel
        ? (TIMESTAMP_KEYS as readonly string[]).includes(key) || key === RENAMED_FROM_KEY || key === 'id' || key === 'documentId' || key === 'locale'
        : key === '__component';
      if (!system) run.problems.push({ path: prefix + key, message: `unknown attribute "${key}"` });
      continue;
    }
    if (value === null || value === undefined) continue;
    checkValue(run, attribute, value, prefix + key);
  }
}

function checkValue(run: DocumentCheck, attribute: Attribute, value: unknown, path: string): void {
  const { registry, problems } = run;
  switch (attribute.kind) {
    case 'scalar': {
      const expected = scalarMismatch(attribute, value);
      if (expected !== undefined) problems.push({ path, message: `expected ${expected}, got ${show(value)}` });
      return;
    }
    case 'relation': {
      if (attribute.mappedBy !== undefined) {
        problems.push({ path, message: `"${path}" is the derived side of ${attribute.target}.${attribute.mappedBy}: store the relation there` });
        return;
      }
      const ids = attribute.toMany ? value : [value];
      if (!Array.isArray(ids) || !ids.every(isDocumentId)) {
        problems.push({
          path,
          message: attribute.toMany ? `expected an array of documentIds, got ${show(value)}` : `expected a documentId, got ${show(value)}`,
        });
      }
      return;
    }
    case 'morph': {
      const problem = morphValueProblem(attribute, value, path);
      if (problem !== undefined) problems.push({ path, message: problem });
      return;
    }
    case 'media': {
      const paths = attribute.multiple ? value : [value];
      if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string' && p !== '')) {
        problems.push({
          path,
          message: attribute.multiple ? `expected an array of paths under uploads/, got ${show(value)}` : `expected a path under uploads/, got ${show(value)}`,
        });
      }
      return;
    }
    case 'component': {
      const component = registry.components.get(attribute.component);
      if (component === undefined) return;
      const items = attribute.repeatable ? value : [value];
      if (!Array.isArray(items)) {
        problems.push({ path, message: `expected an array of ${attribute.component} objects, got ${show(value)}` });
        return;
      }
      items.forEach((item, index) => {
        const itemPath = attribute.repeatable ? `${path}.${index}` : path;
        if (!isPlainObject(item)) problems.push({ path: itemPath, message: `expected a ${attribute.component} object, got ${show(item)}` });
        else checkAttributes(run, component, item, `${itemPath}.`);
      });
      return;
    }
    case 'dynamiczone': {
      if (!Array.isArray(value)) {
        problems.push({ path, message: `expected an array of components, got ${show(value)}` });
        return;
      }
      value.forEach((item, index) => {
        const itemPath = `${path}.${index}`;
        if (!isPlainObject(item)) {
          problems.push({ path: itemPath, message: `expected a component object, got ${show(item)}` });
          return;
        }
        const uid = item['__component'];
        const component = typeof uid === 'string' && attribute.components.includes(uid) ? registry.components.get(uid) : undefined;
        if (component === undefined) {
          problems.push({ path: `${itemPath}.__component`, message: `expected one of ${attribute.components.join(', ')}, got ${show(uid)}` });
          return;
        }
        checkAttributes(run, component, item, `${itemPath}.`);
      });
      return;
    }
  }
}

/** What the value should have been, or undefined when it fits. */
function scalarMismatch(attribute: ScalarAttribute, value: unknown): string | undefined {
  if (isTextScalarType(attribute.type)) return typeof value === 'string' ? undefined : 'a string';
  switch (attribute.type) {
    case 'enumeration':
      return typeof value === 'string' && attribute.enum?.includes(value) ? undefined : `one of ${attribute.enum?.join(', ')}`;
    case 'integer':
      return Number.isSafeInteger(value) ? undefined : 'an integer';
    case 'biginteger':
      return Number.isSafeInteger(value) || (typeof value === 'string' && /^-?\d+$/.test(value)) ? undefined : 'an integer (or a string of digits)';
    case 'float':
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'true or false';
    case 'date':
      return (typeof value === 'string' && ISO_DATE.test(value) && startsWithCalendarDay(value)) || isIsoDateTime(value) ? undefined : 'a date (YYYY-MM-DD)';
    case 'time':
      return typeof value === 'string' && canonicalTime(value) !== undefined ? undefined : 'a time (HH:mm:ss.SSS)';
    case 'datetime':
      return isIsoDateTime(value) ? undefined : 'an ISO 8601 date-time';
    case 'timestamp':
      return Number.isSafeInteger(value) || (typeof value === 'string' && (/^\d+$/.test(value) || !Number.isNaN(Date.parse(value))))
        ? undefined
        : 'a timestamp (epoch milliseconds or ISO date-time)';
    case 'blocks':
      return Array.isArray(value) ? undefined : 'an array of blocks';
    case 'json':
      return undefined;
  }
}

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** The 1-based line where an attribute path (`seo.metaTitle`) is written in a JSON or front-matter file. */
export function lineOfKey(text: string, path: string): number | undefined {
  let from = 0;
  let found = -1;
  for (const key of path.split('.').filter((part) => !/^\d+$/.test(part))) {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`(^|[\\s{,])"?${escaped}"?\\s*:`, 'm').exec(text.slice(from));
    if (!match) break;
    found = from + match.index + (match[1]?.length ?? 0);
    from = found;
  }
  if (found < 0) return undefined;
  let line = 1;
  for (let i = 0; i < found; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
