import type { SchemaRegistry } from '../schema/schema-registry.js';
import { BLOCK_NODE_SCHEMA, COUNT_SCHEMA, JSON_VALUE_SCHEMA, MEDIA_SCHEMA, USER_SCHEMA, mediaSchema } from './attribute-schemas.js';
import { type JsonSchema, arrayOf, nullable, objectOf, schemaRef } from './json-schema.js';

export const ERROR_SCHEMA = 'StrapiErrorResponse';
export const PAGINATION_SCHEMA = 'StrapiPagination';
export const UPLOAD_FILE_SCHEMA = 'StrapiUploadFile';
export const RELATION_INPUT_SCHEMA = 'StrapiRelationInput';
export const MEDIA_INPUT_SCHEMA = 'StrapiMediaInput';
export const ROLE_SCHEMA = 'UsersPermissionsRole';

/** The schemas every document answer and every route shares: media, values, pagination, errors, inputs, users. */
export function sharedSchemas(registry: SchemaRegistry): Record<string, JsonSchema> {
  const timestamps = { createdAt: { type: 'string' }, updatedAt: { type: 'string' }, publishedAt: { type: 'string' } };
  const id = { anyOf: [{ type: 'string' }, { type: 'integer' }] };
  return {
    [JSON_VALUE_SCHEMA]: { description: 'Any JSON value (attributes of type json)' },
    [BLOCK_NODE_SCHEMA]: {
      description: "A node of a blocks attribute (Strapi's structured rich text)",
      type: 'object',
      properties: { type: { type: 'string' }, children: arrayOf(schemaRef(BLOCK_NODE_SCHEMA)), text: { type: 'string' } },
      required: ['type'],
      additionalProperties: true,
    },
    [MEDIA_SCHEMA]: mediaSchema(registry.uploadFile),
    [UPLOAD_FILE_SCHEMA]: { allOf: [schemaRef(MEDIA_SCHEMA), objectOf({ isUrlSigned: { type: 'boolean' } })] },
    [COUNT_SCHEMA]: { description: 'A relation populated with `count: true`', ...objectOf({ count: { type: 'integer' } }, ['count']) },
    [PAGINATION_SCHEMA]: {
      description:
        '`meta.pagination`: page mode (the default; pageCount and total left out with withCount=false), or offset mode with `pagination[start|limit]`',
      anyOf: [
        objectOf({ page: { type: 'integer' }, pageSize: { type: 'integer' }, pageCount: { type: 'integer' }, total: { type: 'integer' } }, [
          'page',
          'pageSize',
        ]),
        objectOf({ start: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' } }, ['start', 'limit']),
      ],
    },
    [ERROR_SCHEMA]: {
      description: "Strapi's error envelope: every 4xx and 5xx answer",
      ...objectOf(
        {
          data: { type: 'null' },
          error: objectOf(
            {
              status: { type: 'integer' },
              name: { type: 'string', description: 'ValidationError, NotFoundError, ForbiddenError …' },
              message: { type: 'string' },
              details: { type: 'object', additionalProperties: true },
            },
            ['status', 'name', 'message', 'details'],
          ),
        },
        ['data', 'error'],
      ),
    },
    [RELATION_INPUT_SCHEMA]: {
      description: 'A relation in a write: documentIds (or ids), or `{connect, disconnect, set}`',
      anyOf: [
        id,
        { type: 'null' },
        arrayOf(id),
        objectOf({
          connect: arrayOf({ anyOf: [id, { type: 'object' }] }),
          disconnect: arrayOf({ anyOf: [id, { type: 'object' }] }),
          set: arrayOf({ anyOf: [id, { type: 'object' }] }),
        }),
      ],
    },
    [MEDIA_INPUT_SCHEMA]: { description: 'Media in a write: file ids', anyOf: [{ type: 'integer' }, { type: 'null' }, arrayOf({ type: 'integer' })] },
    [USER_SCHEMA]: objectOf(
      {
        id: { type: 'integer' },
        documentId: { type: 'string' },
        username: { type: 'string' },
        email: { type: 'string' },
        provider: { type: 'string' },
        confirmed: { type: 'boolean' },
        blocked: { type: 'boolean' },
        ...timestamps,
        role: nullable(schemaRef(ROLE_SCHEMA)),
      },
      ['id', 'documentId'],
    ),
    [ROLE_SCHEMA]: objectOf({ id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' }, type: { type: 'string' } }, [
      'id',
      'name',
      'type',
    ]),
  };
}
