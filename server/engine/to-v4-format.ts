import { isPlainObject } from '../config/is-plain-object.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import { type SchemaRegistry, findRelationTarget } from '../schema/schema-registry.js';

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

function documentToV4(registry: SchemaRegistry, set: AttributeSet | undefined, value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const { id, documentId, ...rest } = value;
  // Like Strapi's transform, anything else in the object (a `{count}` answer too) goes under `attributes`.
  const out: Json = {};
  if (id !== undefined) out['id'] = id;
  if (documentId !== undefined) out['documentId'] = documentId;
  out['attributes'] = set === undefined ? rest : attributesToV4(registry, set, rest);
  return out;
}

/** `{data: …}` around a relation or media value: an entry, a list of entries, or null. */
function wrapData(registry: SchemaRegistry, set: AttributeSet | undefined, value: unknown): unknown {
  return { data: Array.isArray(value) ? value.map((v) => documentToV4(registry, set, v)) : value === null ? null : documentToV4(registry, set, value) };
}

function attributesToV4(registry: SchemaRegistry, set: AttributeSet, values: Json): Json {
  const out: Json = {};
  for (const [name, value] of Object.entries(values)) {
    const attribute = set.queryAttributes.get(name);
    switch (attribute?.kind) {
      case 'relation':
        out[name] = wrapData(registry, findRelationTarget(registry, attribute.target), value);
        break;
      case 'media':
        out[name] = wrapData(registry, undefined, value);
        break;
      case 'component': {
        const component = registry.components.get(attribute.component);
        out[name] =
          component === undefined
            ? value
            : Array.isArray(value)
              ? value.map((v) => componentToV4(registry, component, v))
              : componentToV4(registry, component, value);
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
