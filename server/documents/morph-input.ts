import { isPlainObject } from '../config/is-plain-object.js';
import type { ContentIndex } from '../content-index/content-index.js';
import { validationError } from '../errors/api-error.js';
import type { MorphAttribute } from '../schema/attribute.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { type MorphLink, morphLinks } from '../store/morph-value.js';

/** What a morph write is resolved against: the types and the documents that exist. */
export interface MorphInputContext {
  readonly registry: SchemaRegistry;
  readonly index: ContentIndex;
}

/** At most this many links in one morph value, like any list a body may hold. */
const MAX_LINKS = 1000;

/**
 * A morphToOne / morphToMany value of a write body in its stored form: a list (or one item, or
 * null) of `{__type, documentId}` (Strapi's `id` is taken as the documentId), or Strapi's
 * `{set}`, `{connect}`, `{disconnect}` against what the document holds. Every link must name a
 * content type and a document of it, or the write is a 400 naming it.
 */
export function convertMorphInput(context: MorphInputContext, attribute: MorphAttribute, value: unknown, current: unknown): unknown {
  let links = morphLinks(current);
  if (isPlainObject(value) && ('set' in value || 'connect' in value || 'disconnect' in value)) {
    if ('set' in value) links = readLinks(context, value['set']);
    const disconnect = readLinks(context, value['disconnect']);
    links = links.filter((link) => !disconnect.some((d) => sameLink(d, link)));
    for (const link of readLinks(context, value['connect'])) if (!links.some((l) => sameLink(l, link))) links.push(link);
  } else {
    links = readLinks(context, value);
  }
  if (links.length > MAX_LINKS) throw validationError(`A morph relation holds at most ${MAX_LINKS} links`, {});
  return attribute.toMany ? links : (links[links.length - 1] ?? null);
}

function readLinks(context: MorphInputContext, value: unknown): MorphLink[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  if (items.length > MAX_LINKS) throw validationError(`A morph relation holds at most ${MAX_LINKS} links`, {});
  return items.map((item) => readLink(context, item));
}

function readLink(context: MorphInputContext, item: unknown): MorphLink {
  const uid = isPlainObject(item) ? item['__type'] : undefined;
  const documentId = isPlainObject(item) ? (item['documentId'] ?? item['id']) : undefined;
  const type = typeof uid === 'string' ? context.registry.contentTypes.get(uid) : undefined;
  if (type === undefined)
    throw validationError(`Invalid morph relation: expected { __type: "<content-type uid>", documentId }, got ${JSON.stringify(item)}`, {});
  const exists =
    typeof documentId === 'string' &&
    (context.index.findRecord(type, documentId, null) !== undefined || context.index.localeVersions(type, documentId).length > 0);
  if (!exists) throw validationError(`Document with id "${String(documentId)}" of ${type.uid} not found`, {});
  return { __type: type.uid, documentId: documentId as string };
}

function sameLink(a: MorphLink, b: MorphLink): boolean {
  return a.__type === b.__type && a.documentId === b.documentId;
}
