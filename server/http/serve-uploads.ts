import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Middleware } from 'koa';
import type Send from 'send';
import type { CmsConfig } from '../config/cms-config.js';
import { packageOnFirstUse } from '../config/package-on-first-use.js';
import type { ProjectSnapshot } from '../documents/project-port.js';
import { ApiError, notFoundError } from '../errors/api-error.js';
import { toEnvelope } from '../errors/to-envelope.js';
import { locateUpload } from '../store/locate-upload.js';
import { contentTypeOf } from '../store/upload-mime.js';

/** send, loaded on the first upload served (~40 ms at start-up otherwise). */
const send = packageOnFirstUse<typeof Send>('send');

const PREFIX = '/uploads/';
/** Strapi's public folder middleware caches for 60 s. */
const MAX_AGE_MS = 60_000;
/** Types a browser would run as a page: served sandboxed, so an uploaded page cannot act as this site. */
const ACTIVE_TYPES = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)/;

/**
 * `GET|HEAD /uploads/<path>`: files under uploads/ with their type (the media record's, else the
 * extension's), ETag, Last-Modified, Cache-Control and Range support (by `send`). Only regular
 * files inside uploads/ are served: no `..`, no encoded tricks, no hidden files, no sidecars;
 * anything else is Strapi's 404 envelope.
 */
export function serveUploads(config: CmsConfig, snapshot: () => ProjectSnapshot): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(PREFIX) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const located = locateUpload(config.dir, ctx.path.slice(PREFIX.length));
    if (located === undefined) throw notFoundError();
    const { media } = snapshot().index;
    const mime = (media.findByPath(located.mediaPath) ?? media.findFormatOwner(located.mediaPath))?.data.mime;
    // send writes the response itself; a 200 here keeps the outer 404 handler away (send sets 206, 304 …).
    ctx.status = 200;
    ctx.respond = false;
    const res = ctx.res;
    await new Promise<void>((resolve) => {
      res.once('close', () => resolve());
      res.once('finish', () => resolve());
      const stream = send()(ctx.req, `/${encodeURIComponent(path.basename(located.absolute))}`, {
        root: path.dirname(located.absolute),
        maxAge: MAX_AGE_MS,
        index: false,
        dotfiles: 'deny',
      });
      stream.on('headers', (response: ServerResponse) => {
        if (mime !== undefined) response.setHeader('Content-Type', contentTypeOf(mime));
        response.setHeader('X-Content-Type-Options', 'nosniff');
        const type = mime ?? '';
        if (ACTIVE_TYPES.test(type) || /\.(html?|xhtml|svg|xml)$/i.test(located.absolute)) {
          response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
        }
      });
      stream.on('error', (error: { status?: number; name?: string; message: string; headers?: Record<string, string> }) => {
        // send's own status, name and message (416 with its Content-Range, 404 of a file gone in between …).
        writeError(res, new ApiError(error.status ?? 500, error.name ?? 'InternalServerError', error.message), error.headers);
      });
      stream.pipe(res);
    });
  };
}

/** send's errors in Strapi's envelope; send answers outside Koa, so the error middleware never sees them. */
function writeError(res: ServerResponse, error: ApiError, headers: Record<string, string> | undefined): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body: envelope } = toEnvelope(error);
  const body = JSON.stringify(envelope);
  for (const header of ['Content-Length', 'Content-Range', 'ETag', 'Last-Modified', 'Cache-Control', 'Accept-Ranges', 'Content-Security-Policy'])
    res.removeHeader(header);
  for (const [header, value] of Object.entries(headers ?? {})) res.setHeader(header, value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}
