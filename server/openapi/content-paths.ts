import type { CmsConfig } from '../config/cms-config.js';
import type { ContentType } from '../schema/content-type.js';
import { type SchemaRegistry, routeName } from '../schema/schema-registry.js';
import type { TypeNames } from '../types/type-names.js';
import { scalarSchema } from './attribute-schemas.js';
import { type JsonSchema, arrayOf, nullable, objectOf, schemaRef } from './json-schema.js';
import { buildOperation } from './operation.js';
import { pathParameter, queryParameters } from './query-parameters.js';
import { MEDIA_INPUT_SCHEMA, PAGINATION_SCHEMA, RELATION_INPUT_SCHEMA } from './shared-schemas.js';

type PathItem = Record<string, unknown>;

/** The routes of one content type (content-routes.ts), keyed by path below the API prefix. */
export function contentTypePaths(config: CmsConfig, type: ContentType, names: TypeNames): Record<string, PathItem> {
  const name = names.contentTypes.get(type.uid)!;
  const base = `/${routeName(type)}`;
  const one = objectOf({ data: schemaRef(name), meta: { type: 'object', additionalProperties: true } }, ['data', 'meta']);
  const body = objectOf({ data: schemaRef(`${name}Input`) }, ['data']);
  const depth = config.limits.populateDepth;
  const op = (action: string, spec: Omit<Parameters<typeof buildOperation>[1], 'action' | 'tag' | 'operationId'>) =>
    buildOperation(config, { ...spec, action: `${type.uid}.${action}`, tag: type.displayName, operationId: `${action}${name}` });
  const writes = queryParameters(type, 'write', depth);
  if (type.kind === 'singleType') {
    return {
      [base]: {
        get: op('find', {
          summary: `Get ${type.displayName}`,
          parameters: queryParameters(type, 'findOne', depth),
          responses: { '200': { description: 'The document', schema: one } },
          cached: true,
        }),
        put: op('update', {
          summary: `Create or update ${type.displayName}`,
          parameters: writes,
          requestBody: body,
          responses: { '200': { description: 'The document', schema: one } },
        }),
        delete: op('delete', { summary: `Delete ${type.displayName}`, parameters: writes, responses: { '204': { description: 'Deleted' } } }),
      },
    };
  }
  const id = pathParameter('documentId', 'The documentId');
  return {
    [base]: {
      get: op('find', {
        summary: `List ${type.displayName}`,
        parameters: queryParameters(type, 'find', depth),
        responses: {
          '200': {
            description: 'A page of documents',
            schema: objectOf({ data: arrayOf(schemaRef(name)), meta: objectOf({ pagination: schemaRef(PAGINATION_SCHEMA) }, ['pagination']) }, [
              'data',
              'meta',
            ]),
          },
        },
        cached: true,
      }),
      post: op('create', {
        summary: `Create ${type.displayName}`,
        parameters: writes,
        requestBody: body,
        responses: { '201': { description: 'Created', schema: one } },
      }),
    },
    [`${base}/{documentId}`]: {
      get: op('findOne', {
        summary: `Get one ${type.displayName}`,
        parameters: [id, ...queryParameters(type, 'findOne', depth)],
        responses: { '200': { description: 'The document', schema: one } },
        cached: true,
      }),
      put: op('update', {
        summary: `Update ${type.displayName}`,
        parameters: [id, ...writes],
        requestBody: body,
        responses: { '200': { description: 'The document', schema: one } },
      }),
      delete: op('delete', { summary: `Delete ${type.displayName}`, parameters: [id, ...writes], responses: { '204': { description: 'Deleted' } } }),
    },
  };
}

/** What a write's `data` takes: scalars, relations as documentIds, media as file ids, components inline. */
export function inputSchema(registry: SchemaRegistry, names: TypeNames, type: { attributes: ContentType['attributes'] }): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, attribute] of type.attributes) {
    if (attribute.private && attribute.kind !== 'scalar') continue;
    switch (attribute.kind) {
      case 'scalar':
        properties[key] = attribute.type === 'password' ? { type: 'string', writeOnly: true } : nullable(scalarSchema(attribute));
        break;
      case 'relation':
        properties[key] = schemaRef(RELATION_INPUT_SCHEMA);
        break;
      case 'media':
        properties[key] = schemaRef(MEDIA_INPUT_SCHEMA);
        break;
      case 'component': {
        const item = schemaRef(`${names.components.get(attribute.component)}Input`);
        properties[key] = attribute.repeatable ? arrayOf(item) : nullable(item);
        break;
      }
      case 'dynamiczone': {
        const items = attribute.components
          .filter((uid) => registry.components.has(uid))
          .map((uid) => ({ allOf: [objectOf({ __component: { const: uid } }, ['__component']), schemaRef(`${names.components.get(uid)}Input`)] }));
        properties[key] = arrayOf(items.length === 0 ? {} : { oneOf: items });
        break;
      }
    }
  }
  return { type: 'object', properties };
}
