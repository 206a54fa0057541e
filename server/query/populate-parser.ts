import { validationError } from '../errors/api-error.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { PopulateMap } from './document-query.js';
import type { PopulateLevel } from './populate-level.js';

/**
 * What every part of the populate parser needs: the schemas, the depth limit, and the parser of a
 * nested `populate` value. The last is passed in, so the parts (objects, zones, options) do not
 * import each other in a circle.
 */
export interface PopulateParser {
  readonly registry: SchemaRegistry;
  readonly maxDepth: number;
  readonly parseNested: (value: unknown, level: PopulateLevel) => PopulateMap;
}

export const INVALID_POPULATE = 'Invalid populate parameter. Expected a string, an array of strings, a populate object';

/** `limits.populateDepth`: a level deeper than that is a 400. */
export function checkDepth(parser: PopulateParser, level: PopulateLevel): void {
  if (level.depth > parser.maxDepth) throw validationError(`Invalid populate: nesting deeper than ${parser.maxDepth} levels`, {});
}
