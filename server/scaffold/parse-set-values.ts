import { emptyValue } from '../documents/convert-write-input.js';
import { castScalarInput } from '../documents/cast-scalar-input.js';
import { isPlainObject } from '../config/is-plain-object.js';
import { ApiError } from '../errors/api-error.js';
import { UserError } from '../errors/user-error.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';

/**
 * `--set key=value` flags as stored attribute values. Scalars are cast as API writes cast them
 * (`views=5` is a number, `featured=true` a boolean); `null` is null; relations and media take a
 * documentId or path, or for lists a comma-separated list or a JSON array; components and dynamic
 * zones take JSON. `seo.metaTitle=…` sets an attribute of a (non-repeatable) component.
 */
export function parseSetValues(registry: SchemaRegistry, set: AttributeSet, flags: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const flag of flags) {
    const equals = flag.indexOf('=');
    if (equals <= 0) throw new UserError(`--set ${flag}: expected key=value`);
    const key = flag.slice(0, equals);
    assign({ registry, flag: key, raw: flag.slice(equals + 1) }, set, values, key.split('.'));
  }
  return values;
}

/** One `--set` flag being applied. */
interface SetFlag {
  readonly registry: SchemaRegistry;
  /** The key as written (`seo.metaTitle`), for messages. */
  readonly flag: string;
  /** The value as written. */
  readonly raw: string;
}

function assign(setFlag: SetFlag, set: AttributeSet, target: Record<string, unknown>, keys: string[]): void {
  const { registry, flag, raw } = setFlag;
  const [name, ...rest] = keys;
  const attribute = name === undefined ? undefined : set.attributes.get(name);
  if (name === undefined || attribute === undefined) throw new UserError(`--set ${flag}: unknown attribute "${name ?? ''}"`);
  if (attribute.kind === 'relation' && attribute.mappedBy !== undefined) {
    throw new UserError(`--set ${flag}: "${name}" is the derived side of ${attribute.target}.${attribute.mappedBy}: set it there`);
  }
  if (rest.length > 0) {
    const component = attribute.kind === 'component' && !attribute.repeatable ? registry.components.get(attribute.component) : undefined;
    if (component === undefined) throw new UserError(`--set ${flag}: only attributes of a non-repeatable component can be set with a dotted key`);
    const inner = isPlainObject(target[name]) ? target[name] : componentShell(component);
    target[name] = inner;
    assign(setFlag, component, inner, rest);
    return;
  }
  target[name] = convert(attribute, raw, flag);
}

function convert(attribute: Attribute, raw: string, flag: string): unknown {
  if (raw === 'null') return null;
  switch (attribute.kind) {
    case 'scalar': {
      if (attribute.type === 'json') return parseJsonOr(raw, () => raw);
      const input = attribute.type === 'blocks' ? parseJsonOr(raw, () => fail(flag, 'expected a JSON array of blocks')) : raw;
      try {
        const cast = castScalarInput(attribute, input, flag);
        if (!cast.ok) return fail(flag, cast.message);
        return cast.value;
      } catch (error) {
        if (error instanceof ApiError) return fail(flag, error.message);
        throw error;
      }
    }
    case 'relation':
      return attribute.toMany ? list(raw, flag) : raw;
    case 'media':
      return attribute.multiple ? list(raw, flag) : raw;
    case 'component':
    case 'dynamiczone':
      return parseJsonOr(raw, () => fail(flag, 'expected JSON'));
  }
}

function list(raw: string, flag: string): unknown {
  if (raw.trimStart().startsWith('[')) return parseJsonOr(raw, () => fail(flag, 'expected a JSON array or a comma-separated list'));
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function componentShell(component: AttributeSet): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of component.attributes) out[name] = emptyValue(attribute);
  return out;
}

function parseJsonOr(raw: string, fallback: () => unknown): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return fallback();
  }
}

function fail(flag: string, message: string): never {
  throw new UserError(`--set ${flag}: ${message}`);
}
