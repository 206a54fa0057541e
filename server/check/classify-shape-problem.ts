import { isPlainObject } from '../config/is-plain-object.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { CheckRule } from './check-problem.js';

/**
 * The rule a shape problem at an attribute path (`['blocks', '0', 'oops']`) breaks: an attribute
 * the schema lacks, a relation written on its derived side, or a value of the wrong kind.
 */
export function classifyShapeProblem(registry: SchemaRegistry, set: AttributeSet, data: unknown, path: readonly string[]): CheckRule {
  let current: AttributeSet | undefined = set;
  let value: unknown = data;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (current === undefined || !isPlainObject(value)) return 'shape';
    const attribute = current.attributes.get(key);
    if (attribute === undefined) return isSystemKey(key, i === 0) ? 'shape' : 'unknown-attribute';
    if (i === path.length - 1) return attribute.kind === 'relation' && attribute.mappedBy !== undefined ? 'derived-relation' : 'shape';
    value = value[key];
    if (attribute.kind === 'component') {
      current = registry.components.get(attribute.component);
      if (attribute.repeatable) value = Array.isArray(value) ? value[Number(path[++i])] : undefined;
    } else if (attribute.kind === 'dynamiczone') {
      value = Array.isArray(value) ? value[Number(path[++i])] : undefined;
      const uid = isPlainObject(value) ? value['__component'] : undefined;
      current = typeof uid === 'string' ? registry.components.get(uid) : undefined;
    } else {
      return 'shape';
    }
  }
  return 'shape';
}

function isSystemKey(key: string, topLevel: boolean): boolean {
  return topLevel ? ['createdAt', 'updatedAt', 'publishedAt', 'renamedFrom', 'id', 'documentId', 'locale'].includes(key) : key === '__component';
}
