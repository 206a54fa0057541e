/** A JSON Schema (2020-12, as OpenAPI 3.1 takes it), as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** A `$ref` to `#/components/schemas/<name>`. */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema['type'] === 'string') {
    const values = schema['enum'];
    return Array.isArray(values) ? { ...schema, type: [schema['type'], 'null'], enum: [...values, null] } : { ...schema, type: [schema['type'], 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

export function arrayOf(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

/** An object with these properties, the listed ones required. */
export function objectOf(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return required.length === 0 ? { type: 'object', properties } : { type: 'object', properties, required: [...required] };
}
