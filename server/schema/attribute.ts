/** Scalar attribute types, as Strapi names them. */
export const SCALAR_TYPES = [
  'string',
  'text',
  'richtext',
  'blocks',
  'enumeration',
  'email',
  'password',
  'uid',
  'date',
  'time',
  'datetime',
  'timestamp',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'json',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

export function isScalarType(value: unknown): value is ScalarType {
  return (SCALAR_TYPES as readonly unknown[]).includes(value);
}

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export function isRelationKind(value: unknown): value is RelationKind {
  return (RELATION_KINDS as readonly unknown[]).includes(value);
}

/**
 * Strapi's polymorphic relations. `morphToOne`/`morphToMany` point at documents of any type and
 * are stored as `{ "__type": uid, "documentId": … }` (a list for morphToMany); `morphOne`/
 * `morphMany` are their derived side: the documents of `target` whose `morphBy` points here.
 */
export const MORPH_KINDS = ['morphToOne', 'morphToMany', 'morphOne', 'morphMany'] as const;
export type MorphKind = (typeof MORPH_KINDS)[number];

export function isMorphKind(value: unknown): value is MorphKind {
  return (MORPH_KINDS as readonly unknown[]).includes(value);
}

/** Options every attribute may carry. */
export interface AttributeOptions {
  readonly required: boolean;
  readonly unique: boolean;
  /** Hidden from every response (`private: true`, or listed in `options.privateAttributes`). */
  readonly private: boolean;
  readonly writable: boolean;
  /** `pluginOptions.i18n.localized`; true unless the attribute opts out. */
  readonly localized: boolean;
  /**
   * `conditions.visible`: a JSON Logic rule over the sibling values (Strapi 5). Where it is false
   * the attribute is hidden, and Strapi validates nothing of it (not even `required`).
   */
  readonly visibleWhen?: Readonly<Record<string, unknown>> | undefined;
}

export interface ScalarAttribute extends AttributeOptions {
  readonly kind: 'scalar';
  readonly type: ScalarType;
  /** The custom field uid when the schema said `type: "customField"`. */
  readonly customField: string | undefined;
  readonly default: unknown;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly regex: string | undefined;
  readonly enum: readonly string[] | undefined;
  readonly targetField: string | undefined;
  readonly searchable: boolean;
}

export interface RelationAttribute extends AttributeOptions {
  readonly kind: 'relation';
  readonly relation: RelationKind;
  /** Target content-type uid, e.g. `api::author.author`. */
  readonly target: string;
  readonly inversedBy: string | undefined;
  readonly mappedBy: string | undefined;
  /** oneToMany / manyToMany: the value is a list. */
  readonly toMany: boolean;
  /**
   * Not stored anywhere: the index derives it. `localizations` is the same document's versions in
   * the other locales (Strapi's i18n relation on every localized type).
   */
  readonly virtual?: 'localizations';
}

export interface MorphAttribute extends AttributeOptions {
  readonly kind: 'morph';
  readonly relation: MorphKind;
  /** morphOne / morphMany: the type holding the morphTo attribute `morphBy`. */
  readonly target: string | undefined;
  readonly morphBy: string | undefined;
  /** morphToMany / morphMany: the value is a list. */
  readonly toMany: boolean;
}

/** morphToOne / morphToMany: the side files store (the other is derived). */
export function isMorphTo(attribute: MorphAttribute): boolean {
  return attribute.relation === 'morphToOne' || attribute.relation === 'morphToMany';
}

export interface MediaAttribute extends AttributeOptions {
  readonly kind: 'media';
  readonly multiple: boolean;
  readonly allowedTypes: readonly string[] | undefined;
}

export interface ComponentAttribute extends AttributeOptions {
  readonly kind: 'component';
  /** Component uid, e.g. `shared.seo`. */
  readonly component: string;
  readonly repeatable: boolean;
  readonly min: number | undefined;
  readonly max: number | undefined;
}

export interface DynamicZoneAttribute extends AttributeOptions {
  readonly kind: 'dynamiczone';
  readonly components: readonly string[];
  readonly min: number | undefined;
  readonly max: number | undefined;
}

export type Attribute = ScalarAttribute | RelationAttribute | MorphAttribute | MediaAttribute | ComponentAttribute | DynamicZoneAttribute;

/** A relation whose value is stored in files (not derived from the other side). */
export function isOwningRelation(attribute: Attribute): attribute is RelationAttribute {
  return attribute.kind === 'relation' && attribute.mappedBy === undefined && attribute.virtual === undefined;
}
