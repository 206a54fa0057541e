import fs from 'node:fs';
import path from 'node:path';
import { FileError } from '../errors/file-error.js';
import { type SchemaText, buildRegistry } from '../schema/build-registry.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { COMPONENTS_DIR, SCHEMAS_DIR } from './project-layout.js';

/**
 * Loads `schemas/<singularName>.json` and `schemas/components/<category>/<name>.json` into a
 * registry. Throws a FileError naming the file and the problem.
 */
export function loadSchemas(projectDir: string): SchemaRegistry {
  const root = path.join(projectDir, SCHEMAS_DIR);
  if (!fs.existsSync(root)) throw new FileError(SCHEMAS_DIR, 'folder not found: a project needs a schemas/ folder with at least one content type');
  const components: SchemaText[] = [];
  const componentsDir = path.join(projectDir, COMPONENTS_DIR);
  if (fs.existsSync(componentsDir)) {
    for (const category of sortedEntries(componentsDir)) {
      if (!category.isDirectory()) continue;
      for (const entry of sortedEntries(path.join(componentsDir, category.name))) {
        if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
        const file = `${COMPONENTS_DIR}/${category.name}/${entry.name}`;
        components.push({ file, name: entry.name.slice(0, -5), category: category.name, text: readSchemaText(projectDir, file) });
      }
    }
  }
  const contentTypes: SchemaText[] = [];
  for (const entry of sortedEntries(root)) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const file = `${SCHEMAS_DIR}/${entry.name}`;
    contentTypes.push({ file, name: entry.name.slice(0, -5), text: readSchemaText(projectDir, file) });
  }
  return buildRegistry({ folder: SCHEMAS_DIR, components, contentTypes });
}

function sortedEntries(dir: string): fs.Dirent[] {
  return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function readSchemaText(projectDir: string, file: string): string {
  return fs.readFileSync(path.join(projectDir, file), 'utf8');
}
