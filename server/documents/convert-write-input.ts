import { isPlainObject } from '../config/is-plain-object.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { validationError } from '../errors/api-error.js';
import type { Attribute, RelationAttribute } from '../schema/attribute.js';
import type { AttributeSet } from '../schema/content-type.js';
import { type SchemaRegistry, findRelationTarget } from '../schema/schema-registry.js';
import { castScalarInput } from './cast-scalar-input.js';
import { convertMorphInput } from './morph-input.js';
import { resolveRelationInput } from './relation-input.js';
import type { EntityError } from '../errors/entity-validation-error.js';
import { formatPath } from './yup-messages.js';

export interface ConvertContext {
  readonly registry: SchemaRegistry;
  readonly index: ContentIndex;
  /** The locale of the document being written (null for types that are not localized). */
  readonly locale: string | null;
  readonly defaultLocale: string;
  /** The document being written, when it exists already (for its derived relations). */
  readonly documentId: string | undefined;
}

export interface ConvertedInput {
  /** Stored values of the attributes the body set (owning relations as documentIds, media as paths). */
  readonly values: Record<string, unknown>;
  /** Derived (mappedBy) relations the body set: attribute → the documentIds it should hold. */
  readonly inverse: Map<string, string[]>;
  readonly errors: EntityError[];
}

/**
 * Converts a write body's attributes into their stored form: scalars cast, relations and media
 * resolved to documentIds and paths (unknown targets are 400s), components and zones rebuilt
 * without ids. Type problems are collected as yup-style errors.
 */
export function convertWriteInput(
  context: ConvertContext,
  set: AttributeSet,
  input: Record<string, unknown>,
  base: Readonly<Record<string, unknown>> | undefined,
): ConvertedInput {
  const values: Record<string, unknown> = {};
  const inverse = new Map<string, string[]>();
  const errors: EntityError[] = [];
  const run: Conversion = { context, errors };
  for (const [name, attribute] of set.attributes) {
    if (!(name in input)) continue;
    const value = input[name];
    if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) {
      inverse.set(name, relationIds(context, attribute, value, currentInverse(context, attribute)));
      continue;
    }
    if (attribute.kind === 'morph') {
      // A derived morph side (morphOne/morphMany) is not writable: check-input-keys refuses it.
      if (attribute.target === undefined) values[name] = convertMorphInput(context, attribute, value, base?.[name]);
      continue;
    }
    // Only a top-level relation builds on what the document holds (connect/disconnect); components are rebuilt.
    values[name] = attribute.kind === 'relation' ? convertRelation(context, attribute, value, base?.[name]) : convertValue(run, attribute, value, [name]);
  }
  return { values, inverse, errors };
}

/** One conversion: its context and the type errors it collects, at every depth. */
interface Conversion {
  readonly context: ConvertContext;
  readonly errors: EntityError[];
}

function convertValue(run: Conversion, attribute: Attribute, value: unknown, path: string[]): unknown {
  const { context, errors } = run;
  switch (attribute.kind) {
    case 'scalar': {
      const cast = castScalarInput(attribute, value, formatPath(path));
      if (!cast.ok) {
        errors.push({ path, message: cast.message, value: cast.value });
        return null;
      }
      return cast.value;
    }
    case 'relation':
      return convertRelation(context, attribute, value, undefined);
    case 'morph':
      return attribute.target === undefined ? convertMorphInput(context, attribute, value, undefined) : undefined;
    case 'media': {
      const paths = mediaPaths(context, value);
      return attribute.multiple ? paths : (paths[paths.length - 1] ?? null);
    }
    case 'component': {
      const component = context.registry.components.get(attribute.component);
      if (component === undefined || value === null || value === undefined) return attribute.repeatable ? [] : null;
      if (!attribute.repeatable) {
        if (!isPlainObject(value)) {
          errors.push({ path, message: `${formatPath(path)} must be a \`object\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value });
          return null;
        }
        return convertComponent(run, component, value, path);
      }
      if (!Array.isArray(value)) {
        errors.push({ path, message: `${formatPath(path)} must be a \`array\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value });
        return [];
      }
      return value.map((item, i) => (isPlainObject(item) ? convertComponent(run, component, item, [...path, String(i)]) : {}));
    }
    case 'dynamiczone': {
      if (value === null || value === undefined) return [];
      if (!Array.isArray(value)) {
        errors.push({ path, message: `${formatPath(path)} must be a \`array\` type, but the final value was: \`${JSON.stringify(value)}\`.`, value });
        return [];
      }
      const out: Record<string, unknown>[] = [];
      value.forEach((item, i) => {
        const itemPath = [...path, String(i)];
        const uid = isPlainObject(item) ? item['__component'] : undefined;
        if (uid === undefined || uid === null || uid === '') {
          errors.push({ path: [...itemPath, '__component'], message: `${formatPath(itemPath)}.__component is a required field` });
          return;
        }
        const component = typeof uid === 'string' && attribute.components.includes(uid) ? context.registry.components.get(uid) : undefined;
        if (component === undefined || !isPlainObject(item)) {
          errors.push({
            path: [...itemPath, '__component'],
            message: `${formatPath(itemPath)}.__component must be one of the following values: ${attribute.components.join(', ')}`,
            value: uid,
          });
          return;
        }
        out.push({ __component: component.uid, ...convertComponent(run, component, item, itemPath) });
      });
      return out;
    }
  }
}

/** A component value: every attribute of the component in schema order (null or [] when unset). */
function convertComponent(run: Conversion, component: AttributeSet, item: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of component.attributes) {
    out[name] = name in item ? convertValue(run, attribute, item[name], [...path, name]) : emptyValue(attribute);
  }
  return out;
}

/** What a file holds for an attribute nobody set: null, or [] for lists. */
export function emptyValue(attribute: Attribute): unknown {
  switch (attribute.kind) {
    case 'relation':
      return attribute.toMany ? [] : null;
    case 'media':
      return attribute.multiple ? [] : null;
    case 'component':
      return attribute.repeatable ? [] : null;
    case 'dynamiczone':
      return [];
    case 'scalar':
      return attribute.default === undefined ? null : attribute.default;
  }
}

/** A relation value as stored, built on the documentIds it holds now (`current`, as stored). */
function convertRelation(context: ConvertContext, attribute: RelationAttribute, value: unknown, current: unknown): unknown {
  const ids = relationIds(context, attribute, value, storedStrings(current));
  return attribute.toMany ? ids : (ids[ids.length - 1] ?? null);
}

function relationIds(context: ConvertContext, attribute: RelationAttribute, value: unknown, current: readonly string[]): string[] {
  const target = findRelationTarget(context.registry, attribute.target);
  if (target === undefined) return [];
  const locale = target.localized ? (context.locale ?? context.defaultLocale) : null;
  return resolveRelationInput({ index: context.index, type: target, locale }, value, current);
}

function currentInverse(context: ConvertContext, attribute: RelationAttribute): string[] {
  const target = findRelationTarget(context.registry, attribute.target);
  if (context.documentId === undefined || target === undefined || attribute.mappedBy === undefined) return [];
  return context.index.sourcesOf(target, attribute.mappedBy, context.documentId).map((record) => record.documentId);
}

/** Media are referenced by numeric file id (or `{id}`), as in Strapi; they are stored as paths. */
function mediaPaths(context: ConvertContext, value: unknown): string[] {
  if (value === null || value === undefined) return [];
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (isPlainObject(value) && ('set' in value || 'connect' in value)) items = [...asArray(value['set']), ...asArray(value['connect'])];
  else items = [value];
  const paths: string[] = [];
  let missing = 0;
  for (const item of items) {
    const key = isPlainObject(item) ? item['id'] : item;
    const id = typeof key === 'number' ? key : typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : Number.NaN;
    const record = Number.isNaN(id) ? undefined : context.index.media.findById(id);
    if (record) paths.push(record.path);
    else missing++;
  }
  if (missing > 0) throw validationError(`${missing} relation(s) of type plugin::upload.file associated with this entity do not exist`, {});
  return [...new Set(paths)];
}

function asArray(value: unknown): unknown[] {
  return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
}

/** The strings a stored relation or media value holds: one documentId or path, or a list of them. */
export function storedStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
}
