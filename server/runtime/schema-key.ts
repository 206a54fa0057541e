import crypto from 'node:crypto';
import type { SchemaRegistry } from '../schema/schema-registry.js';

/** A hash of every content type and component of a registry: two registries with the same key read files alike. */
export function schemaKey(registry: SchemaRegistry): string {
  const plain = (_key: string, value: unknown): unknown =>
    value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : typeof value === 'function' ? String(value) : value;
  const shape = JSON.stringify({ types: [...registry.contentTypes.values()], components: [...registry.components.values()] }, plain);
  return crypto.createHash('sha256').update(shape).digest('hex');
}
