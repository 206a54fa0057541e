/** One attribute as the server describes it (server/admin/describe-schemas.ts). */
export interface AttributeInfo {
  kind: 'scalar' | 'relation' | 'media' | 'component' | 'dynamiczone';
  type: string;
  required: boolean;
  localized: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  enum?: string[];
  targetField?: string;
  default?: unknown;
  target?: string;
  toMany?: boolean;
  multiple?: boolean;
  component?: string;
  components?: string[];
  repeatable?: boolean;
}

export interface NamedAttribute {
  name: string;
  attribute: AttributeInfo;
}

export interface ContentTypeInfo {
  uid: string;
  kind: 'collectionType' | 'singleType';
  displayName: string;
  draftAndPublish: boolean;
  localized: boolean;
  mainField?: string;
  attributes: NamedAttribute[];
}

export interface ComponentInfo {
  uid: string;
  category: string;
  displayName: string;
  mainField?: string;
  attributes: NamedAttribute[];
}

export interface Schemas {
  contentTypes: ContentTypeInfo[];
  components: Record<string, ComponentInfo>;
  locales: { code: string; name: string }[];
  defaultLocale: string;
}

export type Values = Record<string, any>;

/**
 * The edit form's values as the REST write body takes them: media as file ids, relations as
 * documentIds, components and dynamic zones the same at any depth, a password only when typed.
 */
export function toWriteBody(schemas: Schemas, attributes: NamedAttribute[], values: Values): Values {
  const body: Values = {};
  for (const { name, attribute } of attributes) {
    const value = values[name];
    if (value === undefined) continue;
    const converted = toWriteValue(schemas, attribute, value);
    if (converted !== undefined) body[name] = converted;
  }
  return body;
}

function toWriteValue(schemas: Schemas, attribute: AttributeInfo, value: any): unknown {
  switch (attribute.kind) {
    case 'media':
      return attribute.multiple ? (value ?? []).map((file: any) => file.id) : (value?.id ?? null);
    case 'relation':
      return attribute.toMany ? (value ?? []).map((item: any) => item.documentId) : (value?.documentId ?? null);
    case 'component': {
      const component = schemas.components[attribute.component!];
      if (!component) return undefined;
      if (attribute.repeatable) return (value ?? []).map((item: Values) => toWriteBody(schemas, component.attributes, item));
      return value === null ? null : toWriteBody(schemas, component.attributes, value);
    }
    case 'dynamiczone':
      return (value ?? []).map((item: Values) => {
        const component = schemas.components[item['__component']];
        return { __component: item['__component'], ...(component ? toWriteBody(schemas, component.attributes, item) : {}) };
      });
    case 'scalar':
      return toScalar(attribute, value);
  }
}

function toScalar(attribute: AttributeInfo, value: any): unknown {
  if (attribute.type === 'password') return typeof value === 'string' && value !== '' ? value : undefined;
  if (value === '' && attribute.type !== 'string' && attribute.type !== 'text' && attribute.type !== 'richtext') return null;
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return typeof value === 'string' ? Number(value) : value;
    case 'datetime':
      return typeof value === 'string' && value !== '' && !value.endsWith('Z') ? new Date(value).toISOString() : value;
    case 'time':
      return typeof value === 'string' && /^\d\d:\d\d$/.test(value) ? `${value}:00.000` : value;
    default:
      return value;
  }
}

/** A new, empty component: its defaults, as Strapi fills them. */
export function emptyComponent(schemas: Schemas, uid: string): Values {
  const values: Values = {};
  for (const { name, attribute } of schemas.components[uid]?.attributes ?? []) {
    if (attribute.kind === 'scalar' && attribute.default !== undefined) values[name] = attribute.default;
    else if (attribute.kind === 'component') values[name] = attribute.repeatable ? [] : null;
    else if (attribute.kind === 'dynamiczone' || (attribute.kind === 'media' && attribute.multiple) || (attribute.kind === 'relation' && attribute.toMany))
      values[name] = [];
  }
  return values;
}

/** Strapi's slug for a uid attribute: lower-case words joined by dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
