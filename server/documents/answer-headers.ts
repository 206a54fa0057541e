import crypto from 'node:crypto';
import type { CmsConfig } from '../config/cms-config.js';
import type { ContentType } from '../schema/content-type.js';

/**
 * The strong entity tag of an answer's text or bytes: its length in bytes and SHA-1, in the `etag`
 * package's form. `cms serve` and `cms export` tag the same bytes with the same tag.
 */
export function answerEtag(body: string | Buffer): string {
  const length = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.length;
  return `"${length.toString(16)}-${digestOf('sha1', body, 'base64').substring(0, 27)}"`;
}

/**
 * A digest of a text (as UTF-8) or bytes. Node's one-shot `crypto.hash` (from 20.12) makes it
 * without a Hash object: half the time of a small answer's tag.
 */
export function digestOf(algorithm: 'sha1' | 'sha256', content: string | Buffer, encoding: 'base64' | 'hex'): string {
  return hashOnce === undefined ? crypto.createHash(algorithm).update(content).digest(encoding) : hashOnce(algorithm, content, encoding);
}

const hashOnce = (crypto as { hash?: (algorithm: string, data: string | Buffer, encoding: 'base64' | 'hex') => string }).hash;

/** A type's `Cache-Control` (`api.rest.cacheControl`): its own by pluralName, singularName or uid, else the default. */
export function cacheControlOf(config: CmsConfig, type: ContentType): string | undefined {
  const { types } = config.rest.cacheControl;
  return types[type.pluralName] ?? types[type.singularName] ?? types[type.uid] ?? config.rest.cacheControl.default;
}
