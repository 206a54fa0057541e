import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import mime from 'mime-types';
import { readAdminAssets } from '../store/admin-assets.js';

interface Asset {
  readonly body: Buffer;
  readonly gzip: Buffer;
  readonly type: string;
  readonly etag: string;
}

/** The editor's page may only load its own files; it is never framed. */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

/**
 * The built front end, held in memory with its gzip form (it is small): `/admin` and `/admin/`
 * answer index.html, `/admin/assets/…` the bundles. Undefined when a path is not one of them.
 */
export function createAssetServer(dir?: string): (ctx: Context) => boolean {
  const assets = new Map<string, Asset>();
  for (const [rel, body] of readAdminAssets(dir)) {
    assets.set(rel, {
      body,
      gzip: gzipSync(body, { level: 9 }),
      type: mime.contentType(rel.slice(rel.lastIndexOf('.'))) || 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    });
  }
  return (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
    const rel =
      ctx.path === '/admin' || ctx.path === '/admin/' ? 'index.html' : ctx.path.startsWith('/admin/assets/') ? ctx.path.slice('/admin/'.length) : undefined;
    if (rel === undefined) return false;
    const asset = assets.get(rel);
    if (asset === undefined) {
      if (rel !== 'index.html') return false;
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The editor is not built: run npm install (or npm run build:admin) in the cms package.';
      return true;
    }
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) ctx.set(name, value);
    // Bundles have content hashes in their names; the page itself is always checked.
    ctx.set('Cache-Control', rel === 'index.html' ? 'no-cache' : 'public, max-age=31536000, immutable');
    ctx.set('ETag', asset.etag);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.type = asset.type;
    if (ctx.get('If-None-Match') === asset.etag) {
      ctx.status = 304;
      return true;
    }
    const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    if (gzip) ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzip ? asset.gzip : asset.body;
    return true;
  };
}
