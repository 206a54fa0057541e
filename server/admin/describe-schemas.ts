import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';

/** What the editor's front end needs of one attribute to draw its control. */
export type AttributeDescription = Record<string, unknown> & { readonly kind: Attribute['kind']; readonly type: string };

/** The content types and components as the editor draws them (the schemas, without file paths). */
export function describeSchemas(registry: SchemaRegistry): { contentTypes: unknown[]; components: Record<string, unknown> } {
  const contentTypes = [...registry.contentTypes.values()]
    .sort((a, b) => a.displayName.localeCompare(b.displayName))
    .map((type) => ({
      uid: type.uid,
      kind: type.kind,
      displayName: type.displayName,
      singularName: type.singularName,
      pluralName: type.pluralName,
      draftAndPublish: type.draftAndPublish,
      localized: type.localized,
      mainField: mainFieldOf(type),
      attributes: describeAttributes(type),
    }));
  const components: Record<string, unknown> = {};
  for (const component of registry.components.values()) {
    components[component.uid] = {
      uid: component.uid,
      category: component.category,
      displayName: component.displayName,
      mainField: mainFieldOf(component),
      attributes: describeAttributes(component),
    };
  }
  return { contentTypes, components };
}

/** The attribute a document is named by in lists and pickers (Strapi's `mainField`): a title-like string. */
export function mainFieldOf(set: AttributeSet): string | undefined {
  const strings = [...set.attributes].filter(([, a]) => a.kind === 'scalar' && (a.type === 'string' || a.type === 'uid' || a.type === 'email'));
  const preferred = ['title', 'name', 'displayName', 'label', 'username', 'heading', 'siteName'];
  for (const name of preferred) if (strings.some(([n]) => n === name)) return name;
  return strings[0]?.[0];
}

function describeAttributes(set: AttributeSet): { name: string; attribute: AttributeDescription }[] {
  return [...set.attributes].flatMap(([name, attribute]) => {
    const description = describeAttribute(attribute);
    return description === undefined ? [] : [{ name, attribute: description }];
  });
}

function describeAttribute(attribute: Attribute): AttributeDescription | undefined {
  const common = { required: attribute.required, localized: attribute.localized };
  switch (attribute.kind) {
    case 'scalar':
      if (attribute.private && attribute.type !== 'password') return undefined;
      return {
        kind: 'scalar',
        type: attribute.type,
        ...common,
        minLength: attribute.minLength,
        maxLength: attribute.maxLength,
        min: attribute.min,
        max: attribute.max,
        enum: attribute.enum,
        targetField: attribute.targetField,
        regex: attribute.regex,
        default: attribute.default,
      };
    case 'relation':
      // The derived side (mappedBy) is not stored here: the "referenced by" panel shows it.
      if (attribute.mappedBy !== undefined) return undefined;
      return { kind: 'relation', type: 'relation', ...common, relation: attribute.relation, target: attribute.target, toMany: attribute.toMany };
    case 'media':
      return { kind: 'media', type: 'media', ...common, multiple: attribute.multiple, allowedTypes: attribute.allowedTypes };
    case 'component':
      return {
        kind: 'component',
        type: 'component',
        ...common,
        component: attribute.component,
        repeatable: attribute.repeatable,
        min: attribute.min,
        max: attribute.max,
      };
    case 'dynamiczone':
      return { kind: 'dynamiczone', type: 'dynamiczone', ...common, components: attribute.components, min: attribute.min, max: attribute.max };
  }
}

/** A content type by uid, as the editor's routes name it. */
export function findTypeByUid(registry: SchemaRegistry, uid: string): ContentType | undefined {
  return registry.contentTypes.get(uid);
}
