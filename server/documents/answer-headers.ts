import etag from 'etag';
import type { CmsConfig } from '../config/cms-config.js';
import type { ContentType } from '../schema/content-type.js';

/**
 * The strong entity tag of an answer's text (its length and SHA-1, the `etag` package's form).
 * `cms serve` and `cms export` tag the same bytes with the same tag.
 */
export function answerEtag(text: string): string {
  return etag(text);
}

/** A type's `Cache-Control` (`api.rest.cacheControl`): its own by pluralName, singularName or uid, else the default. */
export function cacheControlOf(config: CmsConfig, type: ContentType): string | undefined {
  const { types } = config.rest.cacheControl;
  return types[type.pluralName] ?? types[type.singularName] ?? types[type.uid] ?? config.rest.cacheControl.default;
}
