import type { CmsConfig } from '../config/cms-config.js';
import { type JsonSchema, schemaRef } from './json-schema.js';
import type { Parameter } from './query-parameters.js';

export const BEARER_SCHEME = 'bearerAuth';

/** What one operation says; the rest (errors, security) follows from the action. */
export interface OperationSpec {
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  /** The permission the route checks (`api::article.article.find`); undefined for routes anyone may call. */
  readonly action: string | undefined;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: JsonSchema | undefined;
  /** Status → schema of the JSON answer (undefined: no body). */
  readonly responses: Readonly<Record<string, { description: string; schema?: JsonSchema | undefined }>>;
  /** GET answers carry an ETag and may be a 304. */
  readonly cached?: boolean;
}

/** Errors every operation may answer, by status, as `#/components/responses`. */
export const ERROR_RESPONSES: Readonly<Record<string, string>> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
};

/**
 * An OpenAPI operation: its answers, Strapi's error envelopes, and who may call it — anyone when
 * the public role has the action (or the route checks none), else a bearer API token or JWT.
 */
export function buildOperation(config: CmsConfig, spec: OperationSpec): Record<string, unknown> {
  const open = spec.action === undefined || (config.permissions['public'] ?? []).includes(spec.action);
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(spec.responses)) {
    responses[status] = {
      description: answer.description,
      ...(spec.cached && status === '200' ? { headers: CACHE_HEADERS } : {}),
      ...(answer.schema === undefined ? {} : { content: { 'application/json': { schema: answer.schema } } }),
    };
  }
  if (spec.cached) responses['304'] = { description: 'Not modified: If-None-Match matched the ETag', headers: CACHE_HEADERS };
  for (const [status, name] of Object.entries(ERROR_RESPONSES)) responses[status] ??= { $ref: `#/components/responses/${name}` };
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.action === undefined ? {} : { 'x-cms-action': spec.action }),
    ...(spec.parameters && spec.parameters.length > 0 ? { parameters: spec.parameters } : {}),
    ...(spec.requestBody === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: spec.requestBody } } } }),
    responses,
    security: open ? [{}, { [BEARER_SCHEME]: [] }] : [{ [BEARER_SCHEME]: [] }],
  };
}

const CACHE_HEADERS = {
  ETag: { description: 'Strong entity tag of the answer', schema: { type: 'string' } },
  'Cache-Control': { description: 'From api.rest.cacheControl, when set', schema: { type: 'string' } },
};

/** The error answers as `#/components/responses`. */
export function errorResponses(errorSchema: string): Record<string, unknown> {
  const describe: Record<string, string> = {
    BadRequest: 'Invalid query or body (ValidationError)',
    Unauthorized: 'Missing or invalid credentials',
    Forbidden: 'The caller may not use this route',
    NotFound: 'No such document or route',
  };
  return Object.fromEntries(
    Object.entries(describe).map(([name, description]) => [name, { description, content: { 'application/json': { schema: schemaRef(errorSchema) } } }]),
  );
}
