import { isPlainObject } from '../config/is-plain-object.js';
import {
  type Attribute,
  type AttributeOptions,
  type MorphAttribute,
  type MorphKind,
  type ScalarType,
  isMorphKind,
  isRelationKind,
  isScalarType,
} from './attribute.js';
import { UnsupportedAttributeError } from './unsupported-attribute.js';

/**
 * Base types of well-known custom fields, for schemas that say only `type: "customField"` (Strapi
 * learns the type from the plugin's code). A schema that names the type itself (`type: "richtext",
 * customField: …`) is read as that type; any other custom field keeps its value as raw JSON.
 */
const CUSTOM_FIELD_TYPES: Readonly<Record<string, ScalarType>> = {
  'plugin::color-picker.color': 'string',
  'plugin::ckeditor5.CKEditor': 'richtext',
  'plugin::ckeditor.CKEditor': 'richtext',
};

/** Names Strapi reserves for its own columns and system fields. */
const RESERVED_NAMES = new Set([
  'id',
  'documentId',
  'document_id',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
  '__component',
  '__type',
  '__proto__',
  'constructor',
  'prototype',
]);

const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Turns one raw schema attribute into its typed form, or throws an Error naming the problem. */
export function parseAttribute(name: string, raw: unknown, privateNames: ReadonlySet<string>): Attribute {
  if (!NAME_PATTERN.test(name)) throw new Error(`attribute "${name}": names must start with a letter and use letters, digits, "_" or "-"`);
  if (RESERVED_NAMES.has(name)) throw new Error(`attribute "${name}": this name is reserved`);
  if (!isPlainObject(raw)) throw new Error(`attribute "${name}": expected an object`);
  const where = `attribute "${name}"`;
  const base = {
    required: flag(raw, 'required', where, false),
    unique: flag(raw, 'unique', where, false),
    private: flag(raw, 'private', where, false) || privateNames.has(name),
    writable: flag(raw, 'writable', where, true),
    localized: localizedFlag(raw, where),
    // Only where the schema has one: an attribute without conditions is the same object as before.
    ...visibleCondition(raw, where),
  };
  const type = raw['type'];
  switch (type) {
    case 'relation': {
      const relation = raw['relation'];
      if (isMorphKind(relation)) return parseMorph(raw, relation, { base, where });
      if (!isRelationKind(relation)) {
        throw new UnsupportedAttributeError(`${where}: unknown relation ${JSON.stringify(relation)}, left out`);
      }
      const inversedBy = optionalString(raw, 'inversedBy', where);
      const mappedBy = optionalString(raw, 'mappedBy', where);
      if (inversedBy !== undefined && mappedBy !== undefined) throw new Error(`${where}: cannot have both inversedBy and mappedBy`);
      return {
        ...base,
        kind: 'relation',
        relation,
        target: requiredString(raw, 'target', where),
        inversedBy,
        mappedBy,
        toMany: relation === 'oneToMany' || relation === 'manyToMany',
      };
    }
    case 'media':
      return {
        ...base,
        kind: 'media',
        multiple: flag(raw, 'multiple', where, false),
        allowedTypes: optionalStringList(raw, 'allowedTypes', where),
      };
    case 'component':
      return {
        ...base,
        kind: 'component',
        component: requiredString(raw, 'component', where),
        repeatable: flag(raw, 'repeatable', where, false),
        min: optionalNumber(raw, 'min', where),
        max: optionalNumber(raw, 'max', where),
      };
    case 'dynamiczone': {
      const components = optionalStringList(raw, 'components', where);
      if (components === undefined || components.length === 0) throw new Error(`${where}: a dynamic zone needs a non-empty "components" list`);
      return { ...base, kind: 'dynamiczone', components, min: optionalNumber(raw, 'min', where), max: optionalNumber(raw, 'max', where) };
    }
    default: {
      let scalarType: ScalarType;
      let customField: string | undefined;
      if (type === 'customField') {
        customField = requiredString(raw, 'customField', where);
        scalarType = CUSTOM_FIELD_TYPES[customField] ?? 'json';
      } else if (isScalarType(type)) {
        // A custom field's own base type (CKEditor's text or richtext): served as that type.
        customField = optionalString(raw, 'customField', where);
        scalarType = type;
      } else {
        throw new UnsupportedAttributeError(`${where}: unknown type ${JSON.stringify(type)}, left out`);
      }
      const enumValues = optionalStringList(raw, 'enum', where);
      if (scalarType === 'enumeration' && (enumValues === undefined || enumValues.length === 0)) {
        throw new Error(`${where}: an enumeration needs a non-empty "enum" list`);
      }
      const regex = optionalString(raw, 'regex', where);
      if (regex !== undefined) {
        try {
          new RegExp(regex);
        } catch {
          throw new Error(`${where}: regex ${JSON.stringify(regex)} is not a valid regular expression`);
        }
      }
      return {
        ...base,
        kind: 'scalar',
        type: scalarType,
        customField,
        default: raw['default'],
        minLength: optionalNumber(raw, 'minLength', where),
        maxLength: optionalNumber(raw, 'maxLength', where),
        min: optionalNumber(raw, 'min', where),
        max: optionalNumber(raw, 'max', where),
        regex,
        enum: enumValues,
        targetField: optionalString(raw, 'targetField', where),
        searchable: flag(raw, 'searchable', where, true),
      };
    }
  }
}

/** A polymorphic relation: morphTo sides name no target; morphOne/morphMany name the target and its morphTo attribute. */
function parseMorph(raw: Record<string, unknown>, relation: MorphKind, context: { base: AttributeOptions; where: string }): MorphAttribute {
  const { base, where } = context;
  const derived = relation === 'morphOne' || relation === 'morphMany';
  return {
    ...base,
    kind: 'morph',
    relation,
    target: derived ? requiredString(raw, 'target', where) : undefined,
    morphBy: derived ? requiredString(raw, 'morphBy', where) : undefined,
    toMany: relation === 'morphToMany' || relation === 'morphMany',
  };
}

function flag(raw: Record<string, unknown>, key: string, where: string, fallback: boolean): boolean {
  const value = raw[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new Error(`${where}: ${key} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

function localizedFlag(raw: Record<string, unknown>, where: string): boolean {
  const pluginOptions = raw['pluginOptions'];
  if (!isPlainObject(pluginOptions) || !isPlainObject(pluginOptions['i18n'])) return true;
  return flag(pluginOptions['i18n'], 'localized', `${where} pluginOptions.i18n`, true);
}

function requiredString(raw: Record<string, unknown>, key: string, where: string): string {
  const value = raw[key];
  if (typeof value !== 'string' || value === '') throw new Error(`${where}: "${key}" must be a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

function optionalString(raw: Record<string, unknown>, key: string, where: string): string | undefined {
  return raw[key] === undefined ? undefined : requiredString(raw, key, where);
}

function optionalNumber(raw: Record<string, unknown>, key: string, where: string): number | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new Error(`${where}: "${key}" must be a number, got ${JSON.stringify(value)}`);
  return number;
}

function optionalStringList(raw: Record<string, unknown>, key: string, where: string): readonly string[] | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    throw new Error(`${where}: "${key}" must be an array of strings, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** `conditions: { visible: <JSON Logic rule> }`, Strapi 5's conditional fields, as the property to spread (none without one). */
function visibleCondition(raw: Record<string, unknown>, where: string): { visibleWhen?: Readonly<Record<string, unknown>> } {
  const conditions = raw['conditions'];
  if (conditions === undefined) return {};
  if (!isPlainObject(conditions)) throw new Error(`${where}: conditions must be an object, got ${JSON.stringify(conditions)}`);
  const visible = conditions['visible'];
  if (visible === undefined) return {};
  if (!isPlainObject(visible)) throw new Error(`${where}: conditions.visible must be a JSON Logic rule (an object), got ${JSON.stringify(visible)}`);
  return { visibleWhen: visible };
}
