import { emptyValue } from '../documents/convert-write-input.js';
import { UserError } from '../errors/user-error.js';
import type { Attribute, ScalarAttribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import { type SchemaRegistry, findRelationTarget } from '../schema/schema-registry.js';

export interface StubOptions {
  /** The document's id (or the single type's name): unique per type, so stubs of unique attributes use it. */
  readonly documentId: string;
  /** ISO time of creation. */
  readonly now: string;
  readonly draft: boolean;
  /** Values given on the command line, by attribute, already in their stored form. */
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * A new document as the API would write it: every attribute in schema order (null, [] or the
 * schema default), given values, placeholders for required attributes that pass Strapi's rules,
 * and the timestamps. Required relations, media and passwords have no sensible placeholder: a UserError that
 * says which `--set` would fix it (drafts leave them empty, which the draft rules allow).
 */
export function stubDocument(registry: SchemaRegistry, type: ContentType, options: StubOptions): Record<string, unknown> {
  const stub: StubContext = { registry, owner: type, options };
  const data: Record<string, unknown> = {};
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) continue;
    if (name in options.values) data[name] = options.values[name];
    else data[name] = attribute.required ? stubValue(stub, attribute, name) : emptyValue(attribute);
  }
  const published = options.draft ? null : options.now;
  return { ...data, createdAt: options.now, updatedAt: options.now, publishedAt: published };
}

/** The document being stubbed: its components' placeholders speak of the document's type. */
interface StubContext {
  readonly registry: SchemaRegistry;
  readonly owner: ContentType;
  readonly options: StubOptions;
}

function stubComponent(stub: StubContext, set: AttributeSet): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of set.attributes) {
    out[name] = attribute.required ? stubValue(stub, attribute, name) : emptyValue(attribute);
  }
  return out;
}

function stubValue(stub: StubContext, attribute: Attribute, name: string): unknown {
  const { registry, owner, options } = stub;
  switch (attribute.kind) {
    case 'scalar':
      return stubScalar(attribute, name, owner, options);
    case 'relation': {
      // Drafts may leave required attributes empty; a placeholder document would be a guess.
      if (options.draft) return emptyValue(attribute);
      const target = findRelationTarget(registry, attribute.target);
      throw new UserError(`${name} is a required relation: pass --set ${name}=<documentId of ${target?.pluralName ?? attribute.target}>`);
    }
    case 'media':
      if (options.draft) return emptyValue(attribute);
      throw new UserError(`${name} is required media: pass --set ${name}=<path under uploads/>`);
    case 'component': {
      const component = registry.components.get(attribute.component);
      if (component === undefined) return emptyValue(attribute);
      if (!attribute.repeatable) return stubComponent(stub, component);
      return Array.from({ length: attribute.min ?? 0 }, () => stubComponent(stub, component));
    }
    case 'dynamiczone': {
      const uid = attribute.components[0]!;
      const component = registry.components.get(uid);
      if (component === undefined) return [];
      return Array.from({ length: Math.max(1, attribute.min ?? 1) }, () => ({ __component: uid, ...stubComponent(stub, component) }));
    }
  }
}

function stubScalar(attribute: ScalarAttribute, name: string, owner: ContentType, options: StubOptions): unknown {
  if (attribute.default !== undefined && attribute.default !== null) return attribute.default;
  const unique = attribute.unique || attribute.type === 'uid';
  switch (attribute.type) {
    case 'password':
      // A placeholder would be a password anyone can read here: ask for one (drafts may leave it empty).
      if (options.draft) return null;
      throw new UserError(`${name} is a required password: pass --set ${name}=<password> (only its bcrypt hash is written)`);
    case 'string':
    case 'text':
    case 'richtext':
      return fitText(attribute, name, unique ? `${owner.displayName} ${name} ${options.documentId}` : `${owner.displayName} ${name}`);
    case 'uid': {
      // From the target field when it was given (as Strapi's admin does), else the documentId: unique either way.
      const given = attribute.targetField === undefined ? undefined : options.values[attribute.targetField];
      const base = typeof given === 'string' ? slugify(given) : '';
      return fitText(attribute, name, base === '' ? options.documentId : base);
    }
    case 'email':
      return fitText(attribute, name, `${unique ? options.documentId : 'someone'}@example.com`);
    case 'enumeration':
      return attribute.enum?.[0] ?? null;
    case 'integer':
    case 'float':
    case 'decimal':
    case 'biginteger': {
      let value = attribute.min ?? 0;
      if (attribute.max !== undefined && value > attribute.max) value = attribute.max;
      return attribute.type === 'biginteger' ? String(Math.ceil(value)) : attribute.type === 'integer' ? Math.ceil(value) : value;
    }
    case 'boolean':
      return false;
    case 'date':
      return options.now.slice(0, 10);
    case 'time':
      return '00:00:00.000';
    case 'datetime':
      return options.now;
    case 'timestamp':
      return String(Date.parse(options.now));
    case 'blocks':
      return [{ type: 'paragraph', children: [{ type: 'text', text: '' }] }];
    case 'json':
      return {};
  }
}

/** A placeholder text that fits the attribute's lengths and regex, or a UserError asking for a value. */
function fitText(attribute: ScalarAttribute, name: string, text: string): string {
  let out = text;
  if (attribute.minLength !== undefined && out.length < attribute.minLength) out = out.padEnd(attribute.minLength, '.');
  if (attribute.maxLength !== undefined && out.length > attribute.maxLength) out = out.slice(0, attribute.maxLength);
  if (attribute.regex !== undefined && !new RegExp(attribute.regex).test(out)) {
    throw new UserError(`${name} is required and must match ${attribute.regex}: pass --set ${name}=<value>`);
  }
  return out;
}

/** `Hello, World!` → `hello-world`: what Strapi's uid field generates from its target field. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
