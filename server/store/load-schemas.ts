import { FileError } from '../errors/file-error.js';
import { buildRegistry } from '../schema/build-registry.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { SCHEMAS_DIR } from './project-layout.js';
import { readSchemaTexts } from './read-schema-texts.js';

/**
 * Loads `schemas/<singularName>.json` and `schemas/components/<category>/<name>.json` into a
 * registry. Throws a FileError naming the file and the problem.
 */
export function loadSchemas(projectDir: string): SchemaRegistry {
  const texts = readSchemaTexts(projectDir);
  if (texts === undefined) throw new FileError(SCHEMAS_DIR, 'folder not found: a project needs a schemas/ folder with at least one content type');
  return buildRegistry(texts);
}
