import { FileError } from '../errors/file-error.js';
import { buildRegistry } from '../schema/build-registry.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { RefusedEntry } from './plain-file.js';
import { SCHEMAS_DIR } from './project-layout.js';
import { readSchemaTexts } from './read-schema-texts.js';

/** A loaded registry, and the links and special files among the schema files (skipped, to be reported). */
export interface LoadedSchemas {
  readonly registry: SchemaRegistry;
  readonly refused: readonly RefusedEntry[];
}

/**
 * Loads `schemas/<singularName>.json` and `schemas/components/<category>/<name>.json` into a
 * registry. Throws a FileError naming the file and the problem.
 */
export function loadSchemas(projectDir: string): SchemaRegistry {
  return loadSchemaFiles(projectDir).registry;
}

/** loadSchemas, telling also which schema files were not read because they are links or special files. */
export function loadSchemaFiles(projectDir: string): LoadedSchemas {
  const texts = readSchemaTexts(projectDir);
  if (texts === undefined)
    throw new FileError(SCHEMAS_DIR, "folder not found: a project needs a schemas/ folder (or a Strapi project's src/api/) with at least one content type");
  return { registry: buildRegistry(texts), refused: texts.refused };
}
