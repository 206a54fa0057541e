import type { Attribute, RelationAttribute } from './attribute.js';

/**
 * Strapi's `localizations` on a localized type: a read-only to-many relation to the same type,
 * holding the document's versions in the other locales. Nothing stores it; the index answers it.
 */
export function createLocalizationsAttribute(uid: string): RelationAttribute {
  return {
    kind: 'relation',
    relation: 'oneToMany',
    target: uid,
    inversedBy: undefined,
    mappedBy: undefined,
    toMany: true,
    virtual: 'localizations',
    required: false,
    unique: false,
    private: false,
    writable: false,
    localized: true,
  };
}

/** A type's query attributes: its own, then `localizations` when it is localized. */
export function queryAttributesOf(uid: string, localized: boolean, attributes: ReadonlyMap<string, Attribute>): ReadonlyMap<string, Attribute> {
  if (!localized) return attributes;
  return new Map<string, Attribute>([...attributes, ['localizations', createLocalizationsAttribute(uid)]]);
}
