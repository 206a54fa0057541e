import { isPlainObject } from '../config/is-plain-object.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { MEDIA_FIELDS } from './serialize-entry.js';

type Json = Record<string, unknown>;

/**
 * Rewrites a v5 `data` value into Strapi v4's shape (`Strapi-Response-Format: v4`): documents become
 * `{id, documentId, attributes}`, relation and media values are wrapped in `{data}`, components and
 * dynamic-zone entries stay flat.
 */
export function toV4Format(registry: SchemaRegistry, type: ContentType, data: unknown): unknown {
  if (Array.isArray(data)) return data.map((item) => documentToV4(registry, type, item));
  return data === null ? null : documentToV4(registry, type, data);
}

function documentToV4(registry: SchemaRegistry, set: AttributeSet, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const { id, documentId, ...rest } = value;
  return { id, documentId, attributes: attributesToV4(registry, set, rest) };
}

function mediaToV4(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const { id, documentId, ...rest } = value;
  const attributes: Json = {};
  for (const name of MEDIA_FIELDS) if (name in rest) attributes[name] = rest[name];
  return { id, documentId, attributes };
}

function attributesToV4(registry: SchemaRegistry, set: AttributeSet, values: Json): Json {
  const out: Json = {};
  for (const [name, value] of Object.entries(values)) {
    const attribute = set.attributes.get(name);
    switch (attribute?.kind) {
      case 'relation': {
        const target = registry.contentTypes.get(attribute.target);
        if (target === undefined || (isPlainObject(value) && 'count' in value && !('documentId' in value))) out[name] = value;
        else out[name] = { data: Array.isArray(value) ? value.map((v) => documentToV4(registry, target, v)) : value === null ? null : documentToV4(registry, target, value) };
        break;
      }
      case 'media':
        out[name] = { data: Array.isArray(value) ? value.map(mediaToV4) : value === null ? null : mediaToV4(value) };
        break;
      case 'component': {
        const component = registry.components.get(attribute.component);
        out[name] = component === undefined ? value : Array.isArray(value) ? value.map((v) => componentToV4(registry, component, v)) : componentToV4(registry, component, value);
        break;
      }
      case 'dynamiczone':
        out[name] = Array.isArray(value)
          ? value.map((item) => {
              const component = isPlainObject(item) && typeof item['__component'] === 'string' ? registry.components.get(item['__component']) : undefined;
              return component === undefined ? item : componentToV4(registry, component, item);
            })
          : value;
        break;
      default:
        out[name] = value;
    }
  }
  return out;
}

function componentToV4(registry: SchemaRegistry, set: AttributeSet, value: unknown): unknown {
  return isPlainObject(value) ? attributesToV4(registry, set, value) : value;
}
