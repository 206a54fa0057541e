import type { SchemaText } from '../schema/build-registry.js';
import { readProjectText } from './project-files.js';
import { SRC_DIR } from './project-layout.js';
import { readSchemaTexts } from './read-schema-texts.js';

/** The schema files of a Strapi v5 project (under src/), with their texts. */
export interface StrapiSchemaFiles {
  /** `src/api/<api>/content-types/<name>/schema.json` */
  readonly contentTypes: readonly SchemaText[];
  /** `src/components/<category>/<name>.json` */
  readonly components: readonly SchemaText[];
  /** Whether the folder has a package.json naming `@strapi/strapi`. */
  readonly dependsOnStrapi: boolean;
}

/** The src/ part of the one schema listing (read-schema-texts.ts): what the loader reads in place. */
export function listStrapiSchemaFiles(projectDir: string): StrapiSchemaFiles {
  const texts = readSchemaTexts(projectDir);
  const inSrc = (source: SchemaText): boolean => source.file.startsWith(`${SRC_DIR}/`);
  return {
    contentTypes: texts?.contentTypes.filter(inSrc) ?? [],
    components: texts?.components.filter(inSrc) ?? [],
    dependsOnStrapi: readProjectText(projectDir, 'package.json')?.includes('"@strapi/strapi"') === true,
  };
}
