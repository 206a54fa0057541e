import { isPlainObject } from '../config/is-plain-object.js';
import { readStoredField } from '../content-index/compact-entry.js';
import type { Entry } from '../content-index/entry.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import { type Row, isSystemField, readEntryField } from './field-value.js';
import { localizationEntries } from './localization-entries.js';
import { type ReadContext, localeFor } from './read-context.js';
import { findRelationTarget } from '../schema/schema-registry.js';

/** Where a filter stands: on a document type (a media file is a document of the upload type) or inside a component. */
export type Level = { kind: 'document'; type: ContentType } | { kind: 'component'; set: AttributeSet };

/**
 * The row a LEFT JOIN yields when there is no related row: every column NULL. A relation, media or
 * component without items is tested against it, as Strapi's joins do (`filters[author][name][$null]`
 * matches documents without an author).
 */
const NULL_ENTRY = Object.freeze({
  id: null,
  documentId: null,
  locale: null,
  data: Object.freeze({}),
  createdAt: null,
  updatedAt: null,
  publishedAt: null,
}) as unknown as Row;
const NULL_RECORD: Row = Object.freeze(Object.create(null) as Record<string, unknown>);

/** The attribute a field names at this level. */
export function findAttribute(level: Level, field: string): Attribute | undefined {
  return (level.kind === 'document' ? level.type : level.set).queryAttributes.get(field);
}

/** How a field is read from a row at this level (an entry's system fields, its data, or a plain record). */
export function createFieldReader(level: Level, field: string): (row: Row) => unknown {
  if (level.kind === 'document') {
    return isSystemField(field) ? (row) => readEntryField(row as Entry, field) : (row) => readStoredField(row as Entry, field);
  }
  return (row) => (row as Record<string, unknown>)[field];
}

export interface RelatedRows {
  readonly level: Level;
  /** The row a LEFT JOIN yields when there are none. */
  readonly empty: Row;
  readonly rows: (row: Row) => Row[];
}

/** How to get from a row to the rows a relation, media or component attribute holds. */
export function findRelatedRows(context: ReadContext, level: Level, field: string): RelatedRows {
  const attribute = findAttribute(level, field);
  const read = createFieldReader(level, field);
  switch (attribute?.kind) {
    case 'relation': {
      const target = findRelationTarget(context.index.registry, attribute.target);
      if (target === undefined) return { level, empty: NULL_RECORD, rows: () => [] };
      const locale = localeFor(context, target);
      const targetLevel: Level = { kind: 'document', type: target };
      if (attribute.virtual === 'localizations') {
        return { level: targetLevel, empty: NULL_ENTRY, rows: (row) => localizationEntries(context, target, row as Entry) };
      }
      if (attribute.mappedBy !== undefined) {
        const back = attribute.mappedBy;
        return {
          level: targetLevel,
          empty: NULL_ENTRY,
          rows: (row) => {
            const documentId = (row as Entry).documentId;
            if (typeof documentId !== 'string') return [];
            const out: Entry[] = [];
            for (const record of context.index.sourcesOf(target, back, documentId, false)) {
              if (record.locale !== locale) continue;
              const version = context.index.findEntry(target, record.documentId, context.status, locale);
              const value = version === undefined ? undefined : readEntryField(version, back);
              if (version && (value === documentId || (Array.isArray(value) && value.includes(documentId)))) out.push(version);
            }
            return out;
          },
        };
      }
      return {
        level: targetLevel,
        empty: NULL_ENTRY,
        rows: (row) => {
          const out: Entry[] = [];
          for (const id of asList(read(row))) {
            const version = typeof id === 'string' ? context.index.findEntry(target, id, context.status, locale) : undefined;
            if (version) out.push(version);
          }
          return out;
        },
      };
    }
    case 'media':
      return {
        // A media file is an entry of the upload type.
        level: { kind: 'document', type: context.index.registry.uploadFile },
        empty: NULL_ENTRY,
        rows: (row) => {
          const out: Row[] = [];
          for (const path of asList(read(row))) {
            const record = typeof path === 'string' ? context.index.media.findByPath(path) : undefined;
            if (record) out.push(record);
          }
          return out;
        },
      };
    case 'component': {
      const component = context.index.registry.components.get(attribute.component);
      if (component === undefined) return { level, empty: NULL_RECORD, rows: () => [] };
      return { level: { kind: 'component', set: component }, empty: NULL_RECORD, rows: (row) => asList(read(row)).filter(isPlainObject) };
    }
    default:
      return { level, empty: NULL_RECORD, rows: () => [] };
  }
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}
