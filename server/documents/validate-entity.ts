import { isPlainObject } from '../config/is-plain-object.js';
import { readStoredField } from '../content-index/compact-entry.js';
import type { ContentIndex } from '../content-index/content-index.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { isAttributeVisible } from './is-attribute-visible.js';
import { isHeldByOther, isUniqueAttribute } from './unique-holders.js';
import { checkAttributeRules, requiredMessage } from './validate-rules.js';
import type { EntityError } from '../errors/entity-validation-error.js';

export interface ValidateOptions {
  readonly registry: SchemaRegistry;
  readonly index: ContentIndex;
  readonly mode: 'create' | 'update';
  /** The write publishes (D&P with the default status) or is on a type without D&P. */
  readonly publish: boolean;
  /** A `?status=draft` write: Strapi's draft rules (no required, minLength, min, regex, unique). */
  readonly draft: boolean;
  readonly locale: string | null;
  /** The document written, excluded from unique checks. */
  readonly documentId: string | undefined;
  /**
   * Every value is as stored (`cms check`), not from a write body: a password is its bcrypt hash,
   * whose plain text's lengths cannot be checked. A write's untouched attributes are always as stored.
   */
  readonly stored?: boolean;
}

/**
 * Strapi's entity validation over the data a write will store. Attributes the body did not touch
 * are checked only when the whole document is (re)validated: on create and on publish.
 */
export function validateEntity(
  type: ContentType,
  data: Readonly<Record<string, unknown>>,
  inputKeys: ReadonlySet<string>,
  options: ValidateOptions,
): EntityError[] {
  const errors: EntityError[] = [];
  const nested = { registry: options.registry, draft: options.draft };
  const whole = options.mode === 'create' || (options.publish && type.draftAndPublish);
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) continue;
    const touched = inputKeys.has(name);
    if (!whole && !touched) continue;
    if (!isAttributeVisible(attribute, data)) continue;
    const value = data[name];
    if (attribute.required && !options.draft && isEmpty(attribute, value)) {
      // A D&P publish validates the stored draft, where an unset attribute is null.
      const how = type.draftAndPublish || (options.mode === 'create' && touched) ? 'null-create' : options.mode === 'create' ? 'missing' : 'null-update';
      errors.push({ path: [name], message: requiredMessage(attribute, [name], how), value: null });
      continue;
    }
    const stored = options.stored === true || !touched;
    errors.push(...checkAttributeRules(attribute, value, [name], { draft: options.draft, stored }));
    errors.push(...checkNested({ ...nested, stored }, attribute, value, [name]));
    if (isUniqueAttribute(attribute) && !options.draft && value !== null && value !== undefined && value !== '' && !isUnique(type, name, value, options)) {
      errors.push({ path: [name], message: 'This attribute must be unique', value });
    }
  }
  return errors;
}

/** What checking components and zones needs, the same at every depth of one validation. */
interface NestedRules {
  readonly registry: SchemaRegistry;
  /** Strapi's draft rules: no required, minLength, min, regex, unique. */
  readonly draft: boolean;
  /** The values are as stored: passwords are hashes. */
  readonly stored: boolean;
}

function checkNested(rules: NestedRules, attribute: Attribute, value: unknown, path: string[]): EntityError[] {
  const { registry } = rules;
  if (attribute.kind !== 'component' && attribute.kind !== 'dynamiczone') return [];
  const items = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const repeated = attribute.kind === 'dynamiczone' || attribute.repeatable;
  const errors: EntityError[] = [];
  items.forEach((item, i) => {
    if (!isPlainObject(item)) return;
    const uid = attribute.kind === 'component' ? attribute.component : item['__component'];
    const component = typeof uid === 'string' ? registry.components.get(uid) : undefined;
    if (component) errors.push(...checkComponent(rules, component, item, repeated ? [...path, String(i)] : path));
  });
  return errors;
}

function checkComponent(rules: NestedRules, component: AttributeSet, item: Record<string, unknown>, path: string[]): EntityError[] {
  const { draft, stored } = rules;
  const errors: EntityError[] = [];
  for (const [name, attribute] of component.attributes) {
    if (!isAttributeVisible(attribute, item)) continue;
    const value = item[name];
    const at = [...path, name];
    if (attribute.required && !draft && isEmpty(attribute, value)) {
      errors.push({ path: at, message: requiredMessage(attribute, at, 'missing'), value: null });
      continue;
    }
    errors.push(...checkAttributeRules(attribute, value, at, { draft, stored }));
    errors.push(...checkNested(rules, attribute, value, at));
  }
  return errors;
}

function isEmpty(attribute: Attribute, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return attribute.kind !== 'scalar' && Array.isArray(value) && value.length === 0 && attribute.kind !== 'component';
}

/** Unique against the published documents (all, without D&P) of the same locale, the document itself excepted. */
function isUnique(type: ContentType, name: string, value: unknown, options: ValidateOptions): boolean {
  // A value the published document already holds cannot make a new duplicate (even one another document shares).
  if (options.documentId !== undefined) {
    const own = options.index.findEntry(type, options.documentId, 'published', options.locale);
    if (own !== undefined && readStoredField(own, name) === value) return true;
  }
  return !isHeldByOther(options.index, type, name, options.locale, value, options.documentId);
}
