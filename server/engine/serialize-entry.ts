import { isPlainObject } from '../config/is-plain-object.js';
import type { Entry } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import type { ComponentSchema, ContentType } from '../schema/content-type.js';
import type { PopulateNode } from '../query/document-query.js';
import { compileFilter } from './compile-filter.js';
import { readEntryField } from './field-value.js';
import { readStoredField } from '../content-index/compact-entry.js';
import { type ReadContext, compiledOnce, localeFor } from './read-context.js';
import { findMedia, selectMedia } from './select-media.js';
import { type ZoneItemTest, createZoneItemTest, cutWindow, hasItemOptions, listComponentItems, selectComponentItems } from './select-component-items.js';
import { localizationEntries } from './localization-entries.js';
import { serializeMorph } from './serialize-morph.js';
import { serializeScalar } from './serialize-scalar.js';
import { sortEntries } from './sort-entries.js';
import { findRelationTarget } from '../schema/schema-registry.js';

/** System fields every document answers with, after its attributes. */
const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

/**
 * Which scalars and populated attributes an answer shows. A DocumentQuery and a PopulateNode are
 * both one, so callers pass theirs as they are: nothing is allocated per document.
 */
export type EntryShape = Pick<PopulateNode, 'fields' | 'populate'>;

/**
 * One level of an answer within a request: documents of a type, or items of a component, and what
 * to show of them. Built once per level (a page, one document's related documents, one component
 * attribute's items) and shared by its members, so nothing is allocated per document for it.
 */
interface Level<Owner extends ContentType | ComponentSchema> {
  readonly context: ReadContext;
  readonly owner: Owner;
  readonly shape: EntryShape;
  /** Related documents: the same one may come again in this answer (an author of many articles), so its values are decoded once per request. */
  readonly related?: boolean;
}

/**
 * A document version as the Content API returns it: id, documentId, the selected scalars, the
 * system fields, then the populated attributes (relations, media, components, dynamic zones).
 */
export function serializeEntry(context: ReadContext, type: ContentType, entry: Entry, shape: EntryShape): Record<string, unknown> {
  return serializeDocument({ context, owner: type, shape }, entry);
}

/**
 * Documents of one type answered alike (a page, or with `related` the documents one populates):
 * one level for all of them.
 */
export function serializeEntries(
  context: ReadContext,
  type: ContentType,
  entries: readonly Entry[],
  shape: EntryShape,
  related = false,
): Record<string, unknown>[] {
  const level: Level<ContentType> = { context, owner: type, shape, related };
  return entries.map((entry) => serializeDocument(level, entry));
}

function serializeDocument(level: Level<ContentType>, entry: Entry): Record<string, unknown> {
  const { owner: type, shape } = level;
  const fields = shape.fields;
  const out: Record<string, unknown> = { id: entry.id, documentId: entry.documentId };
  // Each value shown is read alone: a component or dynamic zone not populated is never decoded, nor
  // a long value `fields` leaves out. A related document (an author of many articles) is decoded
  // once per request instead: the same one may come again in this answer.
  const read = level.related ? valuesOf(compiledOnce(level.context, entry, () => entry.data)) : (name: string) => readStoredField(entry, name);
  addScalars(out, type, read, fields);
  for (const name of TIMESTAMPS) if (fields === undefined || fields.includes(name)) out[name] = entry[name];
  if (type.localized && (fields === undefined || fields.includes('locale'))) out['locale'] = entry.locale;
  populateInto(level, entry, read, out);
  return out;
}

/**
 * Only the populated attributes of a document of `type`, as serializeEntry shows them after its
 * scalars: the rest of an answer can be composed from the stored entry (compose-entry.ts). With
 * `writer`, what a relation of the document itself shows (not one inside its components) is what
 * `writer` makes of its documents, in place of their objects.
 */
export function serializePopulated(context: ReadContext, type: ContentType, entry: Entry, shape: EntryShape, writer?: RelatedWriter): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  populateInto({ context, owner: type, shape }, entry, (name) => readStoredField(entry, name), out, writer);
  return out;
}

/** What a populated relation shows, made of its documents (already filtered, sorted and cut as its node asks). */
export type RelatedWriter = (target: ContentType, entries: readonly Entry[], node: PopulateNode, toMany: boolean) => unknown;

/** How a level's values are read: by name, from a document's or a component item's values. */
type ReadValue = (name: string) => unknown;

function valuesOf(data: Readonly<Record<string, unknown>>): ReadValue {
  return (name) => data[name];
}

/**
 * Adds the populated attributes of one level's values (a document's or a component item's) to
 * `out`, in schema order. It runs per document and per component item: each attribute and its
 * populate node are looked up once here and handed to the helpers, never looked up again.
 */
function populateInto(level: Level<ContentType | ComponentSchema>, entry: Entry, read: ReadValue, out: Record<string, unknown>, writer?: RelatedWriter): void {
  const { context, owner, shape } = level;
  if (shape.populate.size === 0) return;
  for (const [name, attribute] of owner.queryAttributes) {
    const node = shape.populate.get(name);
    if (node === undefined) continue;
    const value = read(name);
    switch (attribute.kind) {
      case 'scalar':
        break;
      case 'relation': {
        // A relation to a type the caller may not find is left out, silently (media are not relations here).
        if (context.canFind !== undefined && !context.canFind(attribute.target)) break;
        const target = findRelationTarget(context.index.registry, attribute.target);
        if (target === undefined) {
          out[name] = node.count ? { count: 0 } : attribute.toMany ? [] : null;
          break;
        }
        const stored =
          attribute.virtual === 'localizations'
            ? localizationEntries(context, target, entry)
            : attribute.mappedBy === undefined
              ? ownedEntries(context, entry, target, value)
              : inverseEntries(context, entry, target, attribute.mappedBy);
        const related = selectRelated(context, target, stored, node);
        if (node.count) out[name] = { count: related.length };
        else if (writer !== undefined) out[name] = writer(target, related, node, attribute.toMany);
        else {
          const items = serializeEntries(context, target, related, node, true);
          out[name] = attribute.toMany ? items : (items[0] ?? null);
        }
        break;
      }
      case 'morph':
        out[name] = serializeMorph(context, { owner, entry, attribute, value, node }, (target, entries, inner) =>
          serializeEntries(context, target, entries, inner, true),
        );
        break;
      case 'media': {
        const paths = attribute.multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];
        const records = selectMedia(context, findMedia(context, entry, paths), node);
        if (node.count) out[name] = { count: records.length };
        else {
          const type = context.index.registry.uploadFile;
          const items = records.map((record) => serializeMedia(type, record, node.fields));
          out[name] = attribute.multiple ? items : (items[0] ?? null);
        }
        break;
      }
      case 'component': {
        const component = context.index.registry.components.get(attribute.component);
        if (component === undefined) out[name] = null;
        else {
          const items: Level<ComponentSchema> = { context, owner: component, shape: node };
          if (hasItemOptions(node)) {
            // Filtered, sorted, cut or counted as Strapi's query over the component's join table: a single one filtered out is null.
            const kept = selectComponentItems(context, component, listComponentItems(value, attribute.repeatable), node);
            const shown = node.count ? undefined : kept.map((item) => serializeComponent(items, entry, item.value, item.id));
            out[name] = shown === undefined ? { count: kept.length } : attribute.repeatable ? shown : (shown[0] ?? null);
          } else if (!attribute.repeatable) out[name] = isPlainObject(value) ? serializeComponent(items, entry, value, 1) : null;
          else out[name] = (Array.isArray(value) ? value.filter(isPlainObject) : []).map((item, index) => serializeComponent(items, entry, item, index + 1));
        }
        break;
      }
      case 'dynamiczone':
        out[name] = serializeZone(context, entry, value, node);
        break;
    }
  }
}

/** A dynamic zone's items: each is a level of its own, as they differ in component and shape. */
function serializeZone(context: ReadContext, entry: Entry, value: unknown, node: PopulateNode): Record<string, unknown>[] {
  const items = Array.isArray(value) ? value.filter(isPlainObject) : [];
  const out: Record<string, unknown>[] = [];
  // Made on the first item whose fragment filters or cuts, so a zone without options allocates nothing for it.
  let passes: ZoneItemTest | undefined;
  items.forEach((item, index) => {
    const uid = item['__component'];
    const component = typeof uid === 'string' ? context.index.registry.components.get(uid) : undefined;
    if (component === undefined) return;
    const itemNode = node.on === undefined ? node : node.on.get(component.uid);
    if (itemNode === undefined) return;
    const filtered = itemNode.filters !== undefined || itemNode.window !== undefined;
    if (filtered && !(passes ??= createZoneItemTest(context))(component, itemNode, { value: item, id: index + 1 })) return;
    out.push({ ...serializeComponent({ context, owner: component, shape: itemNode }, entry, item, index + 1), __component: component.uid });
  });
  return out;
}

/** A component value: `{id, ...scalars, ...populated}`. Components have ids but no documentId. */
function serializeComponent(level: Level<ComponentSchema>, entry: Entry, value: Readonly<Record<string, unknown>>, id: number): Record<string, unknown> {
  const out: Record<string, unknown> = { id };
  const read = valuesOf(value);
  addScalars(out, level.owner, read, level.shape.fields);
  populateInto(level, entry, read, out);
  return out;
}

/** Adds the selected scalars of a document's or component's values to `out` (all its output scalars when `fields` is undefined). */
function addScalars(out: Record<string, unknown>, owner: ContentType | ComponentSchema, read: ReadValue, fields: readonly string[] | undefined): void {
  for (const name of fields ?? owner.outputScalars) {
    const attribute = owner.attributes.get(name);
    if (attribute?.kind === 'scalar') out[name] = serializeScalar(attribute.type, read(name));
  }
}

/** The documents on the owning side that point at `entry` through their attribute `back` (a mappedBy relation). */
function inverseEntries(context: ReadContext, entry: Entry, target: ContentType, back: string): Entry[] {
  const locale = relatedLocale(context, entry, target);
  const related: Entry[] = [];
  for (const record of context.index.sourcesOf(target, back, entry.documentId)) {
    if (record.locale !== locale) continue;
    const version = context.index.findEntry(target, record.documentId, context.status, locale);
    if (version && pointsAt(readEntryField(version, back), entry.documentId)) related.push(version);
  }
  return related;
}

/** The documents an owning relation's stored value names, in its order; a missing one is reported and left out. */
function ownedEntries(context: ReadContext, entry: Entry, target: ContentType, value: unknown): Entry[] {
  const locale = relatedLocale(context, entry, target);
  const related: Entry[] = [];
  const ids = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const seen = new Set<string>();
  for (const id of ids) {
    if (typeof id !== 'string' || seen.has(id)) continue;
    seen.add(id);
    const version = context.index.findEntry(target, id, context.status, locale);
    if (version) related.push(version);
    else if (context.index.findRecord(target, id, locale) === undefined) {
      context.warn(`${entry.path}: relation to ${target.pluralName}/${id}, which does not exist`);
    }
  }
  return related;
}

/** Related documents are read in the parent's locale when both sides are localized. */
function relatedLocale(context: ReadContext, entry: Entry, target: ContentType): string | null {
  return target.localized && entry.locale !== null ? entry.locale : localeFor(context, target);
}

/** Related documents filtered and sorted as the populate node asks. */
function selectRelated(context: ReadContext, target: ContentType, related: Entry[], node: PopulateNode): Entry[] {
  let selected = related;
  const filters = node.filters;
  if (filters !== undefined) selected = selected.filter(compiledOnce(context, filters, () => compileFilter(context, target, filters)));
  if (node.sort.length > 0) selected = sortEntries(context, target, selected, node.sort);
  return node.window === undefined ? selected : cutWindow(selected, node.window);
}

function pointsAt(value: unknown, documentId: string): boolean {
  return value === documentId || (Array.isArray(value) && value.includes(documentId));
}

/**
 * A media record as the API shows it: id, documentId, the upload type's output columns, then the
 * timestamps, as a document (its path under uploads/ stays inside). `fields` selects, never reorders.
 */
export function serializeMedia(type: ContentType, record: MediaRecord, fields: readonly string[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { id: record.id, documentId: record.documentId };
  const data: Readonly<Record<string, unknown>> = record.data;
  for (const name of type.outputScalars) if (fields === undefined || fields.includes(name)) out[name] = data[name];
  for (const name of TIMESTAMPS) if (fields === undefined || fields.includes(name)) out[name] = record[name];
  return out;
}
