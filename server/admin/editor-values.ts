import type { ContentIndex } from '../content-index/content-index.js';
import { isPlainObject } from '../config/is-plain-object.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { mainFieldOf } from './describe-schemas.js';

/** A media file as a picker shows it. */
export interface MediaChoice {
  readonly id: number;
  readonly url: string;
  readonly name: string;
  readonly mime: string;
  readonly alternativeText: string | null;
}

/** A related document as a picker shows it. */
export interface RelationChoice {
  readonly documentId: string;
  readonly label: string;
}

export interface EditorValueContext {
  readonly registry: SchemaRegistry;
  readonly index: ContentIndex;
  /** The locale relations are labelled in (null for types that are not localized). */
  readonly locale: string | null;
}

/**
 * A stored document's attributes as the edit form holds them: media as picker choices, relations
 * as `{documentId, label}`, components and dynamic zones alike at any depth. Password values are
 * never sent (the form can only set a new one).
 */
export function toEditorValues(context: EditorValueContext, set: AttributeSet, data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, attribute] of set.attributes) {
    const value = convertValue(context, attribute, data[name]);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

function convertValue(context: EditorValueContext, attribute: Attribute, value: unknown): unknown {
  switch (attribute.kind) {
    case 'scalar':
      if (attribute.type === 'password' || attribute.private) return undefined;
      return value ?? null;
    case 'media': {
      const choices = strings(value).flatMap((path) => mediaChoice(context.index, path) ?? []);
      return attribute.multiple ? choices : (choices[0] ?? null);
    }
    case 'relation': {
      if (attribute.mappedBy !== undefined) return undefined;
      const choices = strings(value).map((documentId) => relationChoice(context, attribute.target, documentId));
      return attribute.toMany ? choices : (choices[0] ?? null);
    }
    case 'component': {
      const component = context.registry.components.get(attribute.component);
      if (component === undefined) return null;
      const convert = (item: unknown) => (isPlainObject(item) ? toEditorValues(context, component, item) : {});
      if (attribute.repeatable) return Array.isArray(value) ? value.map(convert) : [];
      return isPlainObject(value) ? convert(value) : null;
    }
    case 'dynamiczone':
      if (!Array.isArray(value)) return [];
      return value.flatMap((item) => {
        const uid = isPlainObject(item) ? item['__component'] : undefined;
        const component = typeof uid === 'string' ? context.registry.components.get(uid) : undefined;
        if (component === undefined || !isPlainObject(item)) return [];
        return [{ __component: uid, ...toEditorValues(context, component, item) }];
      });
  }
}

/** A media path as a picker shows it; undefined when the file is gone. */
export function mediaChoice(index: ContentIndex, path: string): MediaChoice | undefined {
  const record = index.media.findByPath(path);
  if (record === undefined) return undefined;
  const { url, name, mime, alternativeText } = record.data;
  return { id: record.id, url, name, mime, alternativeText };
}

/** A documentId as a relation picker shows it: labelled by the target's main field in the locale, else by its id. */
export function relationChoice(context: EditorValueContext, targetUid: string, documentId: string): RelationChoice {
  const target = context.registry.contentTypes.get(targetUid);
  if (target === undefined) return { documentId, label: documentId };
  const locale = target.localized ? context.locale : null;
  const record = context.index.findRecord(target, documentId, locale) ?? context.index.localeVersions(target, documentId)[0];
  const entry = record && (record.draftFile ?? record.main);
  const field = mainFieldOf(target);
  const label = field !== undefined ? entry?.data[field] : undefined;
  return { documentId, label: typeof label === 'string' && label !== '' ? label : documentId };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
}
