import type { Attribute, ScalarAttribute } from '../schema/attribute.js';
import { type AttributeSet, type ContentType, isHiddenScalar } from '../schema/content-type.js';
import { isNumberScalarType, isTextScalarType } from '../schema/scalar-families.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { TypeNames } from '../types/type-names.js';
import { USER_UID } from '../schema/user-type.js';
import { type JsonSchema, arrayOf, nullable, objectOf, schemaRef } from './json-schema.js';

/** Names of the shared schemas every document refers to. */
export const MEDIA_SCHEMA = 'StrapiMedia';
export const JSON_VALUE_SCHEMA = 'StrapiJson';
export const BLOCK_NODE_SCHEMA = 'StrapiBlockNode';
export const COUNT_SCHEMA = 'StrapiRelationCount';

/**
 * A document as the Content API answers it: id, documentId, scalars (null when unset, left out by
 * `fields`), the timestamps, `locale` on localized types, and relations, media, components and
 * dynamic zones in their populated shapes (present only when populated). Required attributes are
 * never null, as `cms types` says.
 */
export function documentSchema(registry: SchemaRegistry, names: TypeNames, type: ContentType): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'integer' }, documentId: { type: 'string' } };
  Object.assign(properties, scalarProperties(type));
  properties['createdAt'] = { type: 'string', format: 'date-time' };
  properties['updatedAt'] = { type: 'string', format: 'date-time' };
  properties['publishedAt'] = type.draftAndPublish ? nullable({ type: 'string', format: 'date-time' }) : { type: 'string', format: 'date-time' };
  if (type.localized) properties['locale'] = { type: 'string' };
  Object.assign(properties, populatedProperties(registry, names, type));
  return { description: `${type.displayName} (${type.uid})`, ...objectOf(properties, ['id', 'documentId']) };
}

/** A component item: its id, scalars, and populated attributes. */
export function componentSchema(registry: SchemaRegistry, names: TypeNames, set: AttributeSet & { uid: string; displayName: string }): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'integer' }, ...scalarProperties(set), ...populatedProperties(registry, names, set) };
  return { description: `Component ${set.uid} (${set.displayName})`, ...objectOf(properties, ['id']) };
}

/** A file of the media library as populated media answer it (`plugin::upload.file`). */
export function mediaSchema(uploadFile: ContentType): JsonSchema {
  const properties: Record<string, JsonSchema> = { id: { type: 'integer' }, documentId: { type: 'string' }, ...scalarProperties(uploadFile) };
  for (const name of ['createdAt', 'updatedAt', 'publishedAt']) properties[name] = { type: 'string', format: 'date-time' };
  return { description: 'A file of the media library', ...objectOf(properties, ['id', 'documentId']) };
}

function scalarProperties(set: AttributeSet): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [name, attribute] of set.attributes) {
    if (attribute.kind !== 'scalar' || attribute.private || isHiddenScalar(attribute)) continue;
    const schema = scalarSchema(attribute);
    out[name] = attribute.required ? schema : nullable(schema);
  }
  return out;
}

function populatedProperties(registry: SchemaRegistry, names: TypeNames, set: AttributeSet): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  // queryAttributes: answers also populate the virtual relations (`localizations`).
  for (const [name, attribute] of set.queryAttributes) {
    if (attribute.kind === 'scalar' || attribute.private) continue;
    out[name] = { description: 'Only with populate', ...populatedSchema(registry, names, attribute) };
  }
  return out;
}

/** A scalar as the API answers it (engine/serialize-scalar). */
export function scalarSchema(attribute: ScalarAttribute): JsonSchema {
  if (attribute.type === 'integer') return { type: 'integer' };
  if (isNumberScalarType(attribute.type)) return { type: 'number' };
  if (isTextScalarType(attribute.type)) return attribute.type === 'email' ? { type: 'string', format: 'email' } : { type: 'string' };
  switch (attribute.type) {
    case 'enumeration':
      return { type: 'string', enum: [...(attribute.enum ?? [])] };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'datetime':
      return { type: 'string', format: 'date-time' };
    case 'time':
    case 'timestamp':
    case 'biginteger':
      return { type: 'string' };
    case 'boolean':
      return { type: 'boolean' };
    case 'blocks':
      return arrayOf(schemaRef(BLOCK_NODE_SCHEMA));
    case 'json':
      return schemaRef(JSON_VALUE_SCHEMA);
  }
  return {};
}

/** The users-permissions user (relations to users, and the users routes). */
export const USER_SCHEMA = 'UsersPermissionsUser';

function populatedSchema(registry: SchemaRegistry, names: TypeNames, attribute: Exclude<Attribute, ScalarAttribute>): JsonSchema {
  switch (attribute.kind) {
    case 'relation': {
      const target = attribute.target === USER_UID ? USER_SCHEMA : names.contentTypes.get(attribute.target);
      const item = target === undefined ? {} : schemaRef(target);
      // `populate[x][count]=true` answers `{count}` instead of the items.
      return attribute.toMany ? { anyOf: [arrayOf(item), schemaRef(COUNT_SCHEMA)] } : { anyOf: [item, { type: 'null' }, schemaRef(COUNT_SCHEMA)] };
    }
    case 'media':
      return attribute.multiple ? arrayOf(schemaRef(MEDIA_SCHEMA)) : nullable(schemaRef(MEDIA_SCHEMA));
    case 'component': {
      const component = names.components.get(attribute.component);
      const item = component === undefined ? {} : schemaRef(component);
      return attribute.repeatable ? arrayOf(item) : nullable(item);
    }
    case 'dynamiczone': {
      const items = attribute.components
        .filter((uid) => registry.components.has(uid))
        .map((uid) => ({ allOf: [objectOf({ __component: { const: uid } }, ['__component']), schemaRef(names.components.get(uid)!)] }));
      return arrayOf(items.length === 0 ? {} : { oneOf: items });
    }
    case 'morph': {
      // A morphTo side answers documents of any type (morphToMany items carry `__type`); morphOne/morphMany their target's.
      const target = attribute.target === undefined ? undefined : names.contentTypes.get(attribute.target);
      const item = target === undefined ? {} : schemaRef(target);
      return attribute.toMany ? arrayOf(item) : nullable(item);
    }
  }
}
