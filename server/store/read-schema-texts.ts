import fs from 'node:fs';
import path from 'node:path';
import type { SchemaText, SchemaTexts } from '../schema/build-registry.js';
import { COMPONENTS_DIR, SCHEMAS_DIR, resolveProjectPath } from './project-layout.js';

/**
 * Reads `schemas/<singularName>.json` and `schemas/components/<category>/<name>.json`, each list
 * sorted by folder and name; undefined when the project has no schemas/ folder. The one listing of
 * schema files, so `cms check` reads exactly the files the server loads.
 */
export function readSchemaTexts(projectDir: string): SchemaTexts | undefined {
  const root = resolveProjectPath(projectDir, SCHEMAS_DIR);
  if (!fs.existsSync(root)) return undefined;
  const components: SchemaText[] = [];
  const componentsDir = resolveProjectPath(projectDir, COMPONENTS_DIR);
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
  return { folder: SCHEMAS_DIR, components, contentTypes };
}

function sortedEntries(dir: string): fs.Dirent[] {
  return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// Joined rather than resolved: the names come from the listing, one segment each (a backslash in
// one is a character on POSIX, and the registry's rules judge the name).
function readSchemaText(projectDir: string, file: string): string {
  return fs.readFileSync(path.join(projectDir, file), 'utf8');
}
