import { isPlainObject } from '../config/is-plain-object.js';
import type { AttributeSet } from '../schema/content-type.js';
import { isHiddenScalar } from '../schema/content-type.js';
import { type SchemaRegistry, findRelationTarget } from '../schema/schema-registry.js';
import { type FilterValueType, castFilterValue, castNullFlag } from './cast-filter-value.js';
import { type ComparisonOperator, type FilterNode, isComparisonOperator } from './filter-node.js';
import { validationError } from '../errors/api-error.js';
import { invalidKeyError } from '../errors/invalid-key-error.js';

/**
 * A level of the filter tree: a document or a component value (a media file is a document of the
 * upload type, see mediaFilterLevel). `canFind` says which content types the caller may reach
 * through relations (all when absent).
 */
export interface FilterLevel {
  readonly kind: 'document' | 'component';
  readonly set: AttributeSet;
  readonly canFind?: ((uid: string) => boolean) | undefined;
}

/** The level of a media file: a document of the upload type, on the columns a filter may compare. */
export function mediaFilterLevel(registry: SchemaRegistry): FilterLevel {
  return { kind: 'document', set: registry.uploadFile.comparable };
}

const DOCUMENT_FIELDS: Readonly<Record<string, FilterValueType>> = {
  id: 'id',
  documentId: 'string',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  publishedAt: 'datetime',
  locale: 'string',
};

/** Operators whose value is cast to the attribute's type (the LIKE family compares text). */
const CAST_OPERATORS = new Set<ComparisonOperator>(['$eq', '$ne', '$lt', '$lte', '$gt', '$gte', '$in', '$notIn', '$between']);
const LIST_OPERATORS = new Set<ComparisonOperator>(['$in', '$notIn', '$between']);

/**
 * Validates Strapi's `filters` object against the schema and turns it into a typed tree with
 * values cast once. Unknown, private and password keys, wrong-case operators and uncastable
 * values are 400s naming the key; empty objects are dropped.
 */
export function parseFilters(value: unknown, registry: SchemaRegistry, level: FilterLevel): FilterNode | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  // A list of filter objects must all hold (Strapi applies each in turn).
  if (Array.isArray(value)) return combine(value.map((item) => parseGroupItem(item, registry, level, [])).filter((n): n is FilterNode => n !== undefined));
  if (!isPlainObject(value)) throw validationError('The filters parameter must be an object or an array');
  return parseLevel(value, registry, level, []);
}

function parseLevel(object: Record<string, unknown>, registry: SchemaRegistry, level: FilterLevel, path: string[]): FilterNode | undefined {
  const children: FilterNode[] = [];
  const where = path.length === 0 ? null : path.join('.');
  for (const [key, value] of Object.entries(object)) {
    let node: FilterNode | undefined;
    if (key === '$and' || key === '$or') {
      const items = groupItems(value, key);
      const parsed = items.map((item) => parseGroupItem(item, registry, level, path)).filter((n): n is FilterNode => n !== undefined);
      node = parsed.length === 0 ? undefined : { kind: key === '$and' ? 'and' : 'or', children: parsed };
    } else if (key === '$not') {
      const inner = isPlainObject(value) ? parseLevel(value, registry, level, path) : undefined;
      if (!isPlainObject(value)) throw invalidKeyError(key, where, 'filters');
      node = inner && { kind: 'not', child: inner };
    } else if (key.startsWith('$')) {
      throw invalidKeyError(key, where, 'filters');
    } else {
      node = parseField(key, value, { registry, level, path });
    }
    if (node) children.push(node);
  }
  return combine(children);
}

function parseGroupItem(item: unknown, registry: SchemaRegistry, level: FilterLevel, path: string[]): FilterNode | undefined {
  // A nested array inside $or/$and is an implicit AND group.
  if (Array.isArray(item)) {
    return combine(item.map((inner) => parseGroupItem(inner, registry, level, path)).filter((n): n is FilterNode => n !== undefined));
  }
  if (!isPlainObject(item)) throw validationError('Invalid filters parameter: $and and $or expect an array of filter objects');
  return parseLevel(item, registry, level, path);
}

function groupItems(value: unknown, operator: string): unknown[] {
  if (Array.isArray(value)) return value;
  // qs turns arrays longer than its limit into objects with numeric keys.
  if (isPlainObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) return Object.values(value);
  throw validationError(`Invalid filters parameter: ${operator} expects an array`);
}

function combine(children: FilterNode[]): FilterNode | undefined {
  if (children.length === 0) return undefined;
  return children.length === 1 ? children[0] : { kind: 'and', children };
}

/** Where a filter key is read: the level it names a field of, and the path of keys leading there. */
interface FilterPlace {
  readonly registry: SchemaRegistry;
  readonly level: FilterLevel;
  readonly path: string[];
}

function parseField(key: string, value: unknown, place: FilterPlace): FilterNode | undefined {
  const { registry, level, path } = place;
  const where = path.length === 0 ? null : path.join('.');
  const fieldPath = [...path, key];
  const attribute = level.set.queryAttributes.get(key);
  if (attribute === undefined) {
    const type =
      level.kind === 'document' && Object.hasOwn(DOCUMENT_FIELDS, key) ? DOCUMENT_FIELDS[key] : level.kind === 'component' && key === 'id' ? 'id' : undefined;
    if (type === undefined) throw invalidKeyError(key, where, 'filters');
    return parseScalar(key, type, value, fieldPath);
  }
  // A key that is an attribute but may not be filtered on is named with its own path, as Strapi does.
  const own = fieldPath.join('.');
  switch (attribute.kind) {
    case 'scalar':
      if (isHiddenScalar(attribute)) throw invalidKeyError(key, own, 'filters');
      return parseScalar(key, attribute.type, value, fieldPath);
    case 'relation': {
      const target = findRelationTarget(registry, attribute.target);
      // A relation to a type the caller may not find is as unknown as a private one (Strapi's throwRestrictedRelations).
      const restricted = level.canFind !== undefined && !level.canFind(attribute.target);
      if (target === undefined || attribute.private || restricted) throw invalidKeyError(key, own, 'filters');
      return parseLink(key, value, { registry, level: { kind: 'document', set: target, canFind: level.canFind }, path: fieldPath });
    }
    case 'media':
      if (attribute.private) throw invalidKeyError(key, own, 'filters');
      return parseLink(key, value, { registry, level: mediaFilterLevel(registry), path: fieldPath });
    case 'component': {
      const component = registry.components.get(attribute.component);
      if (component === undefined || attribute.private) throw invalidKeyError(key, own, 'filters');
      return parseLink(key, value, { registry, level: { kind: 'component', set: component, canFind: level.canFind }, path: fieldPath });
    }
    case 'dynamiczone':
    case 'morph':
      throw invalidKeyError(key, own, 'filters');
  }
}

/**
 * A relation, media or component attribute: nested keys filter the related items ("some related
 * item matches"); operators and bare values compare the related items' ids. `inside` is the related level.
 */
function parseLink(key: string, value: unknown, inside: FilterPlace): FilterNode | undefined {
  const { registry, level: target, path: fieldPath } = inside;
  if (!isPlainObject(value)) {
    const idNode = parseScalar('id', 'id', value, [...fieldPath, 'id']);
    return idNode && { kind: 'nested', field: key, where: idNode };
  }
  const nested: Record<string, unknown> = {};
  const direct: FilterNode[] = [];
  for (const [inner, innerValue] of Object.entries(value)) {
    if (inner === '$null' || inner === '$notNull') {
      direct.push({ kind: 'compare', field: key, operator: inner, value: castNullFlag(innerValue) });
    } else if (isComparisonOperator(inner)) {
      const idNode = parseScalar('id', 'id', { [inner]: innerValue }, [...fieldPath, 'id']);
      if (idNode) direct.push({ kind: 'nested', field: key, where: idNode });
    } else {
      nested[inner] = innerValue;
    }
  }
  const where = parseLevel(nested, registry, target, fieldPath);
  if (where) direct.push({ kind: 'nested', field: key, where });
  return combine(direct);
}

/** Conditions on one scalar field: a bare value ($eq), an array ($in), or an operator object. */
function parseScalar(key: string, type: FilterValueType, value: unknown, fieldPath: string[]): FilterNode | undefined {
  const path = fieldPath.join('.');
  if (Array.isArray(value)) {
    return { kind: 'compare', field: key, operator: '$in', value: value.map((v) => castFilterValue(type, v, key, path)) };
  }
  if (!isPlainObject(value)) return { kind: 'compare', field: key, operator: '$eq', value: castFilterValue(type, value, key, path) };
  const where = fieldPath.slice(0, -1).join('.') || null;
  const children: FilterNode[] = [];
  for (const [operator, operand] of Object.entries(value)) {
    if (operator === '$not') {
      const inner = parseScalar(key, type, operand, fieldPath);
      if (inner) children.push({ kind: 'not', child: inner });
      continue;
    }
    if (operator === '$and' || operator === '$or') {
      const items = groupItems(operand, operator)
        .map((item) => parseScalar(key, type, item, fieldPath))
        .filter((n): n is FilterNode => n !== undefined);
      if (items.length > 0) children.push({ kind: operator === '$and' ? 'and' : 'or', children: items });
      continue;
    }
    if (!isComparisonOperator(operator)) throw invalidKeyError(operator, where === null ? key : `${where}.${key}`, 'filters');
    children.push({ kind: 'compare', field: key, operator, value: castOperand(operator, operand, { type, key, path }) });
  }
  return combine(children);
}

/** The field an operand is cast for: its value type, its key and the dotted path naming it in errors. */
interface OperandField {
  readonly type: FilterValueType;
  readonly key: string;
  readonly path: string;
}

function castOperand(operator: ComparisonOperator, operand: unknown, field: OperandField): unknown {
  const { type, key, path } = field;
  if (operator === '$null' || operator === '$notNull') return castNullFlag(operand);
  const cast = (v: unknown): unknown => (CAST_OPERATORS.has(operator) ? castFilterValue(type, v, key, path) : castText(v, key, path));
  if (LIST_OPERATORS.has(operator)) {
    const list = Array.isArray(operand) ? operand : isPlainObject(operand) ? Object.values(operand) : [operand];
    if (operator === '$between' && list.length !== 2) {
      throw validationError(`Invalid value for ${path}.$between: expected an array of two values`);
    }
    return list.map(cast);
  }
  return Array.isArray(operand) ? operand.map(cast) : cast(operand);
}

function castText(value: unknown, key: string, path: string): unknown {
  if (value === null) return null;
  if (typeof value === 'object') return castFilterValue('string', value, key, path);
  return String(value);
}
