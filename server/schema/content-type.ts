import type { Attribute, ScalarAttribute } from './attribute.js';

/** Attributes in schema order, with the lookups every layer needs. */
export interface AttributeSet {
  /** The attributes files hold and writes set. */
  readonly attributes: ReadonlyMap<string, Attribute>;
  /**
   * What queries (populate, filters, sort) and answers may name: `attributes`, then the virtual
   * relations the index derives (`localizations` on localized types). The same map when there are none.
   */
  readonly queryAttributes: ReadonlyMap<string, Attribute>;
  /**
   * Attributes the schema declares with a kind cms does not know, and why: left out of
   * `attributes`, their values in files are ignored (the registry's warnings say so).
   */
  readonly leftOut?: ReadonlyMap<string, string>;
  /** Non-private, non-password scalar attribute names in schema order: the default output. */
  readonly outputScalars: readonly string[];
}

export interface ContentType extends AttributeSet {
  /** `api::<singularName>.<singularName>` */
  readonly uid: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  /** Path of the schema file, relative to the project. */
  readonly file: string;
}

export interface ComponentSchema extends AttributeSet {
  /** `<category>.<name>` */
  readonly uid: string;
  readonly category: string;
  readonly name: string;
  readonly displayName: string;
  readonly file: string;
}

export function isHiddenScalar(attribute: ScalarAttribute): boolean {
  return attribute.private || attribute.type === 'password';
}
