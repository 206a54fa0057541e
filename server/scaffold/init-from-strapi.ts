import { UserError } from '../errors/user-error.js';
import { readProjectText, statProjectPath, writeProjectText } from '../store/project-files.js';
import { CONFIG_FILE, CONTENT_DIR, UPLOADS_DIR } from '../store/project-layout.js';
import { type StrapiSchemaFiles, listStrapiSchemaFiles } from '../store/strapi-schema-files.js';
import { createProjectFolder } from '../store/template-files.js';
import { addProjectIgnores } from './project-ignores.js';
import { routeOfSchema } from './init-project.js';
import { type PackageOutcome, toPackageName, writeProjectPackage } from './project-package.js';
import { renderProjectReadme } from './project-readme.js';

/** The README written beside a Strapi project's own. */
export const STRAPI_README = 'CMS.md';

export interface StrapiInitResult {
  readonly found: StrapiSchemaFiles;
  /** Project-relative paths written (cms.config.json, CMS.md), in order. */
  readonly written: readonly string[];
  readonly packageJson: PackageOutcome;
  readonly gitignore: boolean;
  /** Actions the public role may use, as written to cms.config.json (empty when the file was there). */
  readonly publicActions: readonly string[];
}

/**
 * Makes a Strapi v5 project folder a cms project, in place: its schemas (`src/api/…/schema.json`,
 * `src/components/…`) and code stay where they are and unchanged; it adds an empty `content/` and
 * `uploads/`, a `cms.config.json` whose public role may read every content type (Strapi keeps
 * permissions in its database, which cms has no copy of), `CMS.md`, `.gitignore` lines and
 * `cms:` scripts. Refuses a folder without Strapi content types or components.
 */
export function initFromStrapi(dir: string): StrapiInitResult {
  const found = listStrapiSchemaFiles(dir);
  if (found.contentTypes.length === 0 && found.components.length === 0) {
    throw new UserError(`${dir}: not a Strapi v5 project: no src/api/<api>/content-types/<name>/schema.json or src/components/<category>/<name>.json found`);
  }
  const written: string[] = [];
  const routes: string[] = [];
  const publicActions: string[] = [];
  for (const { text, api, name } of found.contentTypes) {
    const route = routeOfSchema(text);
    if (route !== undefined) routes.push(route);
    const uid = `api::${api}.${name}`;
    publicActions.push(`${uid}.find`);
    if (!isSingleType(text)) publicActions.push(`${uid}.findOne`);
  }
  const hasConfig = statProjectPath(dir, CONFIG_FILE) !== undefined;
  if (!hasConfig) {
    writeProjectText(dir, CONFIG_FILE, `${JSON.stringify({ permissions: { public: publicActions } }, null, 2)}\n`);
    written.push(CONFIG_FILE);
  }
  for (const folder of [CONTENT_DIR, UPLOADS_DIR]) createProjectFolder(dir, folder);
  if (statProjectPath(dir, STRAPI_README) === undefined) {
    const name = packageName(dir);
    writeProjectText(dir, STRAPI_README, renderProjectReadme({ name, routes, strapi: true }));
    written.push(STRAPI_README);
  }
  const gitignore = addProjectIgnores(dir);
  const packageJson = writeProjectPackage(dir, packageName(dir));
  return { found, written, packageJson, gitignore, publicActions: hasConfig ? [] : publicActions };
}

function isSingleType(text: string): boolean {
  try {
    return (JSON.parse(text) as { kind?: unknown }).kind === 'singleType';
  } catch {
    return false;
  }
}

function packageName(dir: string): string {
  try {
    const name = (JSON.parse(readProjectText(dir, 'package.json') ?? '{}') as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  } catch {
    // An unreadable package.json is named by writeProjectPackage.
  }
  return toPackageName(dir.split(/[\\/]/).pop() ?? '');
}
