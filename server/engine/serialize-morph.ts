import type { Entry } from '../content-index/entry.js';
import type { PopulateNode } from '../query/document-query.js';
import type { MorphAttribute } from '../schema/attribute.js';
import type { ComponentSchema, ContentType } from '../schema/content-type.js';
import { morphLinks } from '../store/morph-value.js';
import { compileFilter } from './compile-filter.js';
import { readEntryField } from './field-value.js';
import { type ReadContext, compiledOnce, localeFor } from './read-context.js';
import { sortEntries } from './sort-entries.js';

/** Serializes documents of one type as a populate node asks (serializeEntries, passed in to keep imports one-way). */
export type SerializeDocuments = (type: ContentType, entries: readonly Entry[], node: PopulateNode) => Record<string, unknown>[];

/** A populated morph attribute of a document (or of a component item inside one). */
export interface MorphSource {
  readonly owner: ContentType | ComponentSchema;
  readonly entry: Entry;
  readonly attribute: MorphAttribute;
  readonly value: unknown;
  readonly node: PopulateNode;
}

/**
 * A morph relation as Strapi answers it: a morphToMany lists its documents in stored order, each
 * with `__type` first; a morphToOne is the document alone (Strapi adds no `__type` there); `on`
 * fragments pick the types and their options. morphOne / morphMany answer the target's documents
 * whose morphTo attribute points at this one.
 */
export function serializeMorph(context: ReadContext, source: MorphSource, serialize: SerializeDocuments): unknown {
  const { attribute, node } = source;
  if (attribute.target !== undefined) return serializeMorphedBy(context, source, serialize);
  const items: Record<string, unknown>[] = [];
  for (const link of morphLinks(source.value)) {
    const target = context.index.registry.contentTypes.get(link.__type);
    if (target === undefined || (context.canFind !== undefined && !context.canFind(target.uid))) continue;
    const typeNode = node.on === undefined ? node : node.on.get(target.uid);
    if (typeNode === undefined) continue;
    const version = context.index.findEntry(target, link.documentId, context.status, relatedLocale(context, source.entry, target));
    if (version === undefined) continue;
    const filters = typeNode.filters;
    if (filters !== undefined && !compiledOnce(context, filters, () => compileFilter(context, target, filters))(version)) continue;
    const [item] = serialize(target, [version], typeNode);
    if (item) items.push(attribute.relation === 'morphToMany' ? { __type: target.uid, ...item } : item);
  }
  if (node.count) return { count: items.length };
  return attribute.toMany ? items : (items[0] ?? null);
}

function serializeMorphedBy(context: ReadContext, source: MorphSource, serialize: SerializeDocuments): unknown {
  const { owner, entry, attribute, node } = source;
  const target = context.index.registry.contentTypes.get(attribute.target ?? '');
  const back = attribute.morphBy ?? '';
  // Only documents are morph targets here: a component item has no uid of its own to point at.
  if (target === undefined || !('kind' in owner) || (context.canFind !== undefined && !context.canFind(target.uid))) {
    return node.count ? { count: 0 } : attribute.toMany ? [] : null;
  }
  // Nothing indexes morph links: the target's versions are scanned (morph relations are rare and small).
  let related = context.index
    .entries(target, context.status, relatedLocale(context, entry, target))
    .filter((candidate) => morphLinks(readEntryField(candidate, back)).some((link) => link.__type === owner.uid && link.documentId === entry.documentId));
  const filters = node.filters;
  if (filters !== undefined) related = related.filter(compiledOnce(context, filters, () => compileFilter(context, target, filters)));
  if (node.sort.length > 0) related = sortEntries(context, target, related, node.sort);
  if (node.count) return { count: related.length };
  const items = serialize(target, related, node);
  return attribute.toMany ? items : (items[0] ?? null);
}

/** Related documents are read in the parent's locale when both sides are localized. */
function relatedLocale(context: ReadContext, entry: Entry, target: ContentType): string | null {
  return target.localized && entry.locale !== null ? entry.locale : localeFor(context, target);
}
