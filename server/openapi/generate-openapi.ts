import type { CmsConfig } from '../config/cms-config.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { ENVELOPE_NAMES } from '../types/typescript-envelope.js';
import { assignTypeNames, compare } from '../types/type-names.js';
import { componentSchema, documentSchema } from './attribute-schemas.js';
import { contentTypePaths, inputSchema } from './content-paths.js';
import type { JsonSchema } from './json-schema.js';
import { BEARER_SCHEME, errorResponses } from './operation.js';
import { pluginPaths } from './plugin-paths.js';
import { ERROR_SCHEMA, sharedSchemas } from './shared-schemas.js';

export const OPENAPI_VERSION = '3.1.0';

/**
 * The OpenAPI 3.1 document of the Content API as cms serves it for these schemas and this config:
 * every content type's routes with their query parameters, request and answer schemas (components,
 * dynamic zones, relations and media in their populated shapes), the upload, i18n and
 * users-permissions routes, Strapi's error envelope, and the bearer scheme (API token or JWT).
 * Pure: the same schemas and config give the same document.
 */
export function generateOpenApi(registry: SchemaRegistry, config: CmsConfig): Record<string, unknown> {
  const names = assignTypeNames(registry, new Set(ENVELOPE_NAMES));
  const schemas: Record<string, JsonSchema> = sharedSchemas(registry);
  const types = [...registry.contentTypes.values()].sort((a, b) => compare(names.contentTypes.get(a.uid)!, names.contentTypes.get(b.uid)!));
  let paths: Record<string, unknown> = {};
  for (const type of types) {
    const name = names.contentTypes.get(type.uid)!;
    schemas[name] = documentSchema(registry, names, type);
    schemas[`${name}Input`] = inputSchema(registry, names, type);
    paths = { ...paths, ...contentTypePaths(config, type, names) };
  }
  for (const component of [...registry.components.values()].sort((a, b) => compare(a.uid, b.uid))) {
    const name = names.components.get(component.uid)!;
    schemas[name] = componentSchema(registry, names, component);
    schemas[`${name}Input`] = inputSchema(registry, names, component);
  }
  paths = { ...paths, ...pluginPaths(config) };
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'cms Content API',
      version: '1.0.0',
      description: "Strapi v5's Content API as cms serves it. Errors use Strapi's envelope; GET answers carry an ETag.",
    },
    servers: [{ url: config.rest.prefix || '/' }],
    paths,
    components: {
      schemas,
      responses: errorResponses(ERROR_SCHEMA),
      securitySchemes: {
        [BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: 'An API token (`cms token create`) or a user’s JWT (`POST /auth/local`)' },
      },
    },
  };
}
