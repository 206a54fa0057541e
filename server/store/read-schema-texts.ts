import fs from 'node:fs';
import path from 'node:path';
import type { SchemaText, SchemaTexts } from '../schema/build-registry.js';
import { type RefusedEntry, RefusedFileError, readListedFile, refusalOfEntry } from './plain-file.js';
import { COMPONENTS_DIR, SCHEMAS_DIR, resolveProjectPath } from './project-layout.js';

/** The schema files' texts, and the links and special files among them (never read). */
export interface SchemaFiles extends SchemaTexts {
  readonly refused: readonly RefusedEntry[];
}

/**
 * Reads `schemas/<singularName>.json` and `schemas/components/<category>/<name>.json`, each list
 * sorted by folder and name; undefined when the project has no schemas/ folder. The one listing of
 * schema files, so `cms check` reads exactly the files the server loads. Links and special files
 * are set aside in `refused` (see plain-file.ts); schemas/ itself being one throws a RefusedFileError.
 */
export function readSchemaTexts(projectDir: string): SchemaFiles | undefined {
  const root = resolveProjectPath(projectDir, SCHEMAS_DIR);
  const rootStat = lstat(root);
  if (rootStat === undefined) return undefined;
  const rootRefusal = refusalOfEntry(rootStat);
  if (rootRefusal !== undefined) throw new RefusedFileError(SCHEMAS_DIR, rootRefusal);
  const refused: RefusedEntry[] = [];
  const isPlain = (entry: fs.Dirent, rel: string): boolean => {
    const reason = entry.name.startsWith('.') ? undefined : refusalOfEntry(entry);
    if (reason !== undefined) refused.push({ path: rel, reason });
    return reason === undefined;
  };
  const components: SchemaText[] = [];
  const componentsDir = resolveProjectPath(projectDir, COMPONENTS_DIR);
  const componentsStat = lstat(componentsDir);
  const componentsRefusal = componentsStat === undefined ? undefined : refusalOfEntry(componentsStat);
  if (componentsRefusal !== undefined) refused.push({ path: COMPONENTS_DIR, reason: componentsRefusal });
  else if (componentsStat?.isDirectory() === true) {
    for (const category of sortedEntries(componentsDir)) {
      if (!isPlain(category, `${COMPONENTS_DIR}/${category.name}`) || !category.isDirectory()) continue;
      for (const entry of sortedEntries(path.join(componentsDir, category.name))) {
        if (!isPlain(entry, `${COMPONENTS_DIR}/${category.name}/${entry.name}`) || !entry.isFile() || !entry.name.endsWith('.json')) continue;
        const file = `${COMPONENTS_DIR}/${category.name}/${entry.name}`;
        components.push({ file, name: entry.name.slice(0, -5), category: category.name, text: readSchemaText(projectDir, file) });
      }
    }
  }
  const contentTypes: SchemaText[] = [];
  for (const entry of sortedEntries(root)) {
    if (!isPlain(entry, `${SCHEMAS_DIR}/${entry.name}`) || !entry.isFile() || !entry.name.endsWith('.json')) continue;
    const file = `${SCHEMAS_DIR}/${entry.name}`;
    contentTypes.push({ file, name: entry.name.slice(0, -5), text: readSchemaText(projectDir, file) });
  }
  return { folder: SCHEMAS_DIR, components, contentTypes, refused };
}

function lstat(absolute: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(absolute);
  } catch {
    return undefined;
  }
}

function sortedEntries(dir: string): fs.Dirent[] {
  return fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// Joined rather than resolved: the names come from the listing, one segment each (a backslash in
// one is a character on POSIX, and the registry's rules judge the name).
// Listed in real folders: the checked open still refuses a hard link.
function readSchemaText(projectDir: string, file: string): string {
  return readListedFile(path.join(projectDir, file), file).toString('utf8');
}
