/**
 * The part of JSON Schema draft-07 that `cms types --json-schema` writes, as a small validator for
 * the tests (no validator package just for them). Returns `path: keyword` for each failure.
 */
type Schema = { [key: string]: unknown };

export function validateJsonSchema(root: Schema, value: unknown): string[] {
  const errors: string[] = [];
  check(root, value, '$', errors);
  return errors;

  function check(schema: Schema, data: unknown, at: string, out: string[]): void {
    const fail = (keyword: string): void => {
      out.push(`${at}: ${keyword}`);
    };
    if (typeof schema['$ref'] === 'string') {
      const name = decodeURIComponent(schema['$ref'].replace('#/definitions/', ''));
      const target = (root['definitions'] as Record<string, Schema>)[name];
      if (target === undefined) throw new Error(`unresolved ${schema['$ref']}`);
      return check(target, data, at, out);
    }
    const type = schema['type'];
    if (type !== undefined && !(Array.isArray(type) ? type : [type]).some((t) => isType(t as string, data))) return fail('type');
    if (Array.isArray(schema['enum']) && !schema['enum'].some((v) => v === data)) fail('enum');
    if ('const' in schema && schema['const'] !== data) fail('const');
    if (typeof data === 'string') {
      if (typeof schema['pattern'] === 'string' && !new RegExp(schema['pattern']).test(data)) fail('pattern');
      if (typeof schema['minLength'] === 'number' && [...data].length < schema['minLength']) fail('minLength');
      if (typeof schema['maxLength'] === 'number' && [...data].length > schema['maxLength']) fail('maxLength');
    }
    if (typeof data === 'number') {
      if (typeof schema['minimum'] === 'number' && data < schema['minimum']) fail('minimum');
      if (typeof schema['maximum'] === 'number' && data > schema['maximum']) fail('maximum');
    }
    if (Array.isArray(data)) {
      if (typeof schema['minItems'] === 'number' && data.length < schema['minItems']) fail('minItems');
      if (typeof schema['maxItems'] === 'number' && data.length > schema['maxItems']) fail('maxItems');
      if (isSchema(schema['items'])) data.forEach((item, i) => check(schema['items'] as Schema, item, `${at}[${i}]`, out));
    }
    if (isObject(data)) {
      const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
      for (const key of (schema['required'] ?? []) as string[]) if (!(key in data)) fail(`required ${key}`);
      for (const [key, inner] of Object.entries(data)) {
        if (properties[key] !== undefined) check(properties[key], inner, `${at}.${key}`, out);
        else if (schema['additionalProperties'] === false) fail(`additionalProperties ${key}`);
      }
    }
    for (const inner of (schema['allOf'] ?? []) as Schema[]) check(inner, data, at, out);
    if (Array.isArray(schema['anyOf']) && !schema['anyOf'].some((inner) => passes(inner as Schema, data))) {
      // As editors do: explain with the one branch whose type fits, if there is one.
      const fitting = (schema['anyOf'] as Schema[]).map((inner) => errorsOf(inner, data, at)).filter((errors) => !errors.includes(`${at}: type`));
      if (fitting.length === 1) out.push(...fitting[0]!);
      else fail('anyOf');
    }
    if (isSchema(schema['not']) && passes(schema['not'], data)) fail('not');
    if (isSchema(schema['if'])) {
      const branch = passes(schema['if'], data) ? schema['then'] : schema['else'];
      if (isSchema(branch)) check(branch, data, at, out);
    }
  }

  function passes(schema: Schema, data: unknown): boolean {
    return errorsOf(schema, data, '').length === 0;
  }

  function errorsOf(schema: Schema, data: unknown, at: string): string[] {
    const out: string[] = [];
    check(schema, data, at, out);
    return out;
  }
}

function isType(type: string, data: unknown): boolean {
  switch (type) {
    case 'null':
      return data === null;
    case 'integer':
      return Number.isInteger(data);
    case 'array':
      return Array.isArray(data);
    case 'object':
      return isObject(data);
    default:
      return typeof data === type;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value: unknown): value is Schema {
  return isObject(value);
}
