import fs from 'node:fs';
import path from 'node:path';
import type { SchemaText, SchemaTexts } from '../schema/build-registry.js';
import { type RefusedEntry, RefusedFileError, readListedFile, refusalOfEntry } from './plain-file.js';
import { COMPONENTS_DIR, SCHEMAS_DIR, SRC_API_DIR, SRC_COMPONENTS_DIR, resolveProjectPath } from './project-layout.js';

/** The schema files' texts, and the links and special files among them (never read). */
export interface SchemaFiles extends SchemaTexts {
  readonly refused: readonly RefusedEntry[];
}

/**
 * Reads `schemas/<singularName>.json` and `schemas/components/<category>/<name>.json`, and a Strapi
 * project's `src/api/<api>/content-types/<name>/schema.json` and `src/components/<category>/<name>.json`,
 * each list sorted by folder and name; undefined when the project has neither schemas/ nor src/api/.
 * The one listing of schema files, so `cms check` reads exactly the files the server loads. Links and
 * special files are set aside in `refused` (see plain-file.ts); schemas/ itself being one throws a
 * RefusedFileError.
 */
export function readSchemaTexts(projectDir: string): SchemaFiles | undefined {
  const root = resolveProjectPath(projectDir, SCHEMAS_DIR);
  const rootStat = lstat(root);
  const rootRefusal = rootStat === undefined ? undefined : refusalOfEntry(rootStat);
  if (rootRefusal !== undefined) throw new RefusedFileError(SCHEMAS_DIR, rootRefusal);
  const listing = new Listing(projectDir);
  const hasSrc = listing.isFolder(SRC_API_DIR);
  if (rootStat === undefined && !hasSrc) return undefined;
  const components: SchemaText[] = [];
  const contentTypes: SchemaText[] = [];
  for (const folder of [COMPONENTS_DIR, SRC_COMPONENTS_DIR]) {
    for (const category of listing.folders(folder)) {
      for (const name of listing.files(`${folder}/${category}`)) {
        if (!name.endsWith('.json')) continue;
        const file = `${folder}/${category}/${name}`;
        components.push({ file, name: name.slice(0, -5), category, text: readSchemaText(projectDir, file) });
      }
    }
  }
  if (rootStat !== undefined) {
    for (const name of listing.files(SCHEMAS_DIR)) {
      if (!name.endsWith('.json')) continue;
      const file = `${SCHEMAS_DIR}/${name}`;
      contentTypes.push({ file, name: name.slice(0, -5), text: readSchemaText(projectDir, file) });
    }
  }
  for (const api of listing.folders(SRC_API_DIR)) {
    for (const name of listing.folders(`${SRC_API_DIR}/${api}/content-types`)) {
      const folder = `${SRC_API_DIR}/${api}/content-types/${name}`;
      if (!listing.files(folder).includes('schema.json')) continue;
      const file = `${folder}/schema.json`;
      contentTypes.push({ file, name, api, text: readSchemaText(projectDir, file) });
    }
  }
  return { folder: rootStat === undefined ? SRC_API_DIR : SCHEMAS_DIR, components, contentTypes, refused: listing.refused };
}

/** Sorted folder listings that set links and special files aside. */
class Listing {
  readonly refused: RefusedEntry[] = [];
  constructor(private readonly projectDir: string) {}

  isFolder(rel: string): boolean {
    const stat = lstat(resolveProjectPath(this.projectDir, rel));
    return stat?.isDirectory() === true;
  }

  folders(rel: string): string[] {
    return this.entries(rel)
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  }

  files(rel: string): string[] {
    return this.entries(rel)
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  }

  private entries(rel: string): fs.Dirent[] {
    const absolute = resolveProjectPath(this.projectDir, rel);
    const stat = lstat(absolute);
    if (stat === undefined) return [];
    const refusal = refusalOfEntry(stat);
    if (refusal !== undefined) {
      if (!this.refused.some((entry) => entry.path === rel)) this.refused.push({ path: rel, reason: refusal });
      return [];
    }
    if (!stat.isDirectory()) return [];
    return fs
      .readdirSync(absolute, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .filter((entry) => {
        if (entry.name.startsWith('.')) return false;
        const reason = refusalOfEntry(entry);
        if (reason !== undefined) this.refused.push({ path: `${rel}/${entry.name}`, reason });
        return reason === undefined;
      });
  }
}

function lstat(absolute: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(absolute);
  } catch {
    return undefined;
  }
}

// Joined rather than resolved: the names come from the listing, one segment each (a backslash in
// one is a character on POSIX, and the registry's rules judge the name).
// Listed in real folders: the checked open still refuses a hard link.
function readSchemaText(projectDir: string, file: string): string {
  return readListedFile(path.join(projectDir, file), file).toString('utf8');
}
