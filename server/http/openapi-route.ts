import type { Middleware } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import { answerEtag } from '../documents/answer-headers.js';
import type { ProjectPort } from '../documents/project-port.js';
import { generateOpenApi } from '../openapi/generate-openapi.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { matchesIfNoneMatch } from './if-none-match.js';

export const OPENAPI_PATH = '/openapi.json';

/**
 * `GET /openapi.json`: the OpenAPI document of the schemas being served, made again when they
 * change. Public, as the routes it lists are; `openapi.enabled` turns it off (off in production).
 */
export function serveOpenApi(config: CmsConfig, project: ProjectPort): Middleware {
  let made: { registry: SchemaRegistry; text: string; etag: string } | undefined;
  return async (ctx, next) => {
    if (ctx.path !== OPENAPI_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const { registry } = project.current;
    if (made?.registry !== registry) {
      const text = JSON.stringify(generateOpenApi(registry, config));
      made = { registry, text, etag: answerEtag(text) };
    }
    ctx.set('ETag', made.etag);
    if (matchesIfNoneMatch(ctx.get('If-None-Match') || undefined, made.etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = made.text;
  };
}
