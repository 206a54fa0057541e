import fs from 'node:fs';
import path from 'node:path';

/** The schema files of a Strapi v5 project, as project-relative paths. */
export interface StrapiSchemaFiles {
  /** `src/api/<api>/content-types/<name>/schema.json` */
  readonly contentTypes: readonly string[];
  /** `src/components/<category>/<name>.json` */
  readonly components: readonly string[];
  /** Whether the folder has a package.json naming `@strapi/strapi`. */
  readonly dependsOnStrapi: boolean;
}

/**
 * Lists a Strapi v5 project's content-type and component schema files (what the schema loader reads
 * in place), sorted; real folders only (a link is not followed).
 */
export function listStrapiSchemaFiles(projectDir: string): StrapiSchemaFiles {
  const contentTypes: string[] = [];
  for (const api of folders(projectDir, 'src/api')) {
    for (const name of folders(projectDir, `src/api/${api}/content-types`)) {
      const file = `src/api/${api}/content-types/${name}/schema.json`;
      if (isPlainFile(path.join(projectDir, file))) contentTypes.push(file);
    }
  }
  const components: string[] = [];
  for (const category of folders(projectDir, 'src/components')) {
    for (const entry of entries(projectDir, `src/components/${category}`)) {
      if (entry.isFile() && entry.name.endsWith('.json')) components.push(`src/components/${category}/${entry.name}`);
    }
  }
  return { contentTypes, components, dependsOnStrapi: readsStrapiPackage(projectDir) };
}

function entries(projectDir: string, rel: string): fs.Dirent[] {
  try {
    return fs.readdirSync(path.join(projectDir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return [];
  }
}

function folders(projectDir: string, rel: string): string[] {
  return entries(projectDir, rel)
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
}

function isPlainFile(file: string): boolean {
  try {
    return fs.lstatSync(file).isFile();
  } catch {
    return false;
  }
}

function readsStrapiPackage(projectDir: string): boolean {
  try {
    const text = fs.readFileSync(path.join(projectDir, 'package.json'), 'utf8');
    return text.includes('"@strapi/strapi"');
  } catch {
    return false;
  }
}
