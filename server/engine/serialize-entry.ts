import { isPlainObject } from '../config/is-plain-object.js';
import type { Entry } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import type { Attribute, RelationAttribute } from '../schema/attribute.js';
import type { AttributeSet, ComponentSchema, ContentType } from '../schema/content-type.js';
import type { PopulateMap, PopulateNode, SortKey } from '../query/document-query.js';
import { compileFilter } from './compile-filter.js';
import { compareValues, readEntryField } from './field-value.js';
import { type ReadContext, compiledOnce, localeFor } from './read-context.js';
import { serializeScalar } from './serialize-scalar.js';
import { sortEntries } from './sort-entries.js';

/** System fields every document answers with, after its attributes. */
const TIMESTAMPS = ['createdAt', 'updatedAt', 'publishedAt'] as const;

/**
 * Which scalars and populated attributes an answer shows. A DocumentQuery and a PopulateNode are
 * both one, so callers pass theirs as they are: nothing is allocated per document.
 */
export type EntryShape = Pick<PopulateNode, 'fields' | 'populate'>;

/**
 * A document version as the Content API returns it: id, documentId, the selected scalars, the
 * system fields, then the populated attributes (relations, media, components, dynamic zones).
 */
export function serializeEntry(context: ReadContext, type: ContentType, entry: Entry, shape: EntryShape): Record<string, unknown> {
  const { fields, populate } = shape;
  const out: Record<string, unknown> = { id: entry.id, documentId: entry.documentId };
  addScalars(out, type, entry.data, fields);
  for (const name of TIMESTAMPS) if (fields === undefined || fields.includes(name)) out[name] = entry[name];
  if (type.localized && (fields === undefined || fields.includes('locale'))) out['locale'] = entry.locale;
  populateInto(context, type, entry, entry.data, populate, out);
  return out;
}

/**
 * Adds the populated attributes of one level (a document or a component) to `out`, in schema order.
 * This and the helpers below stay positional: they run per document and per component item.
 */
function populateInto(
  context: ReadContext,
  owner: AttributeSet,
  entry: Entry,
  data: Readonly<Record<string, unknown>>,
  populate: PopulateMap,
  out: Record<string, unknown>,
): void {
  if (populate.size === 0) return;
  for (const [name, attribute] of owner.attributes) {
    const node = populate.get(name);
    if (node === undefined || attribute.kind === 'scalar') continue;
    // A relation to a type the caller may not find is left out, silently (media are not relations here).
    if (attribute.kind === 'relation' && context.canFind !== undefined && !context.canFind(attribute.target)) continue;
    out[name] = populateAttribute(context, entry, attribute, data[name], node);
  }
}

function populateAttribute(context: ReadContext, entry: Entry, attribute: Exclude<Attribute, { kind: 'scalar' }>, value: unknown, node: PopulateNode): unknown {
  switch (attribute.kind) {
    case 'relation': {
      const items = resolveRelation(context, entry, attribute, value, node);
      if (node.count) return { count: items.length };
      return attribute.toMany ? items : (items[0] ?? null);
    }
    case 'media': {
      const paths = attribute.multiple ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];
      let records: MediaRecord[] = [];
      for (const path of paths) {
        const record = typeof path === 'string' ? context.index.media.findByPath(path) : undefined;
        if (record) records.push(record);
        else context.warn(`${entry.path}: media file uploads/${String(path)} not found`);
      }
      const type = context.index.registry.uploadFile;
      const filters = node.filters;
      if (filters !== undefined) records = records.filter(compiledOnce(context, filters, () => compileFilter(context, type, filters)));
      if (node.sort.length > 0) records = sortMedia(records, node.sort);
      if (node.count) return { count: records.length };
      const items = records.map((record) => serializeMedia(type, record, node.fields));
      return attribute.multiple ? items : (items[0] ?? null);
    }
    case 'component': {
      const component = context.index.registry.components.get(attribute.component);
      if (component === undefined) return null;
      if (!attribute.repeatable) return isPlainObject(value) ? serializeComponent(context, entry, component, value, 1, node) : null;
      const items = Array.isArray(value) ? value.filter(isPlainObject) : [];
      return items.map((item, index) => serializeComponent(context, entry, component, item, index + 1, node));
    }
    case 'dynamiczone': {
      const items = Array.isArray(value) ? value.filter(isPlainObject) : [];
      const out: Record<string, unknown>[] = [];
      items.forEach((item, index) => {
        const uid = item['__component'];
        const component = typeof uid === 'string' ? context.index.registry.components.get(uid) : undefined;
        if (component === undefined) return;
        const itemNode = node.on === undefined ? node : node.on.get(component.uid);
        if (itemNode === undefined) return;
        out.push({ ...serializeComponent(context, entry, component, item, index + 1, itemNode), __component: component.uid });
      });
      return out;
    }
  }
}

/** A component value: `{id, ...scalars, ...populated}`. Components have ids but no documentId. */
function serializeComponent(
  context: ReadContext,
  entry: Entry,
  component: ComponentSchema,
  value: Readonly<Record<string, unknown>>,
  id: number,
  node: PopulateNode,
): Record<string, unknown> {
  const out: Record<string, unknown> = { id };
  addScalars(out, component, value, node.fields);
  populateInto(context, component, entry, value, node.populate, out);
  return out;
}

/** Adds the selected scalars of a document's or component's values to `out` (all its output scalars when `fields` is undefined). */
function addScalars(
  out: Record<string, unknown>,
  owner: ContentType | ComponentSchema,
  data: Readonly<Record<string, unknown>>,
  fields: readonly string[] | undefined,
): void {
  for (const name of fields ?? owner.outputScalars) {
    const attribute = owner.attributes.get(name);
    if (attribute?.kind === 'scalar') out[name] = serializeScalar(attribute.type, data[name]);
  }
}

/** Related documents in the version that matches the parent's status, filtered and sorted as asked. */
function resolveRelation(context: ReadContext, entry: Entry, attribute: RelationAttribute, value: unknown, node: PopulateNode): Record<string, unknown>[] {
  const target = context.index.registry.contentTypes.get(attribute.target);
  if (target === undefined) return [];
  // Related documents are read in the parent's locale when both sides are localized.
  const locale = target.localized && entry.locale !== null ? entry.locale : localeFor(context, target);
  let related: Entry[] = [];
  if (attribute.mappedBy !== undefined) {
    const back = attribute.mappedBy;
    for (const record of context.index.sourcesOf(target, back, entry.documentId)) {
      if (record.locale !== locale) continue;
      const version = context.index.findEntry(target, record.documentId, context.status, locale);
      if (version && pointsAt(version.data[back], entry.documentId)) related.push(version);
    }
  } else {
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
  }
  const filters = node.filters;
  if (filters !== undefined) related = related.filter(compiledOnce(context, filters, () => compileFilter(context, target, filters)));
  if (node.sort.length > 0) related = sortEntries(context, target, related, node.sort);
  return related.map((item) => serializeEntry(context, target, item, node));
}

function pointsAt(value: unknown, documentId: string): boolean {
  return value === documentId || (Array.isArray(value) && value.includes(documentId));
}

/** Files sorted by their own fields, as stored (no sort path goes further than one step). */
function sortMedia(records: readonly MediaRecord[], keys: readonly SortKey[]): MediaRecord[] {
  const field = (record: MediaRecord, name: string | undefined): unknown => (name === undefined ? null : readEntryField(record, name));
  return [...records].sort((a, b) => {
    for (const key of keys) {
      const c = compareValues(field(a, key.path[0]), field(b, key.path[0]));
      if (c !== 0) return key.order === 'desc' ? -c : c;
    }
    return 0;
  });
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
