import Router from '@koa/router';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectSnapshot } from '../content-index/live-project.js';
import { serializeMedia } from '../engine/serialize-entry.js';
import { ApiError } from '../errors/api-error.js';
import { authorize } from './authorize.js';

/** The media library's read routes (`/api/upload/files`, `/api/upload/files/:id`): bare records, no envelope. */
export function createUploadRouter(config: CmsConfig, snapshot: () => ProjectSnapshot): Router {
  const router = new Router({ prefix: `${config.rest.prefix}/upload` });
  router.get('/files', authorize(config, 'plugin::upload.content-api.find'), (ctx) => {
    ctx.body = snapshot().index.media.list().map((record) => serializeMedia(record, undefined));
  });
  router.get('/files/:id', authorize(config, 'plugin::upload.content-api.findOne'), (ctx) => {
    const id = String(ctx.params['id']);
    const record = /^\d+$/.test(id) ? snapshot().index.media.findById(Number(id)) : undefined;
    if (record === undefined) throw new ApiError(404, 'NotFoundError', 'file.notFound', {});
    ctx.body = serializeMedia(record, undefined);
  });
  return router;
}
