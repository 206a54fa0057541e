import path from 'node:path';
import { UserError } from '../errors/user-error.js';
import { statProjectPath, writeProjectText } from '../store/project-files.js';
import { CONFIG_FILE, CONTENT_DIR, SCHEMAS_DIR, UPLOADS_DIR } from '../store/project-layout.js';
import { type TemplateFile, createProjectFolder } from '../store/template-files.js';
import { addProjectIgnores } from './project-ignores.js';
import { type PackageOutcome, toPackageName, writeProjectPackage } from './project-package.js';
import { renderProjectReadme } from './project-readme.js';

export const TEMPLATES = ['blog', 'empty'] as const;
export type TemplateName = (typeof TEMPLATES)[number];
export const isTemplateName = (value: string): value is TemplateName => (TEMPLATES as readonly string[]).includes(value);

export interface InitRequest {
  /** The new project's folder (absolute); created when missing. */
  readonly dir: string;
  /** The template's files (schemas, content, cms.config.json). */
  readonly files: readonly TemplateFile[];
}

export interface InitResult {
  /** Project-relative paths written, in order. */
  readonly written: readonly string[];
  readonly packageJson: PackageOutcome;
  readonly gitignore: boolean;
  /** The content types' API routes, `/api/<pluralName>` (or `/api/<singularName>` for single types). */
  readonly routes: readonly string[];
}

/**
 * Makes a new project from a template: its files, `content/` and `uploads/`, a README, `.gitignore`
 * lines and package.json scripts. Refuses a folder that is a cms project already or would lose a
 * file; a package.json and a .gitignore already there are added to, never replaced.
 */
export function initProject(request: InitRequest): InitResult {
  const { dir } = request;
  for (const marker of [CONFIG_FILE, SCHEMAS_DIR, CONTENT_DIR]) {
    if (statProjectPath(dir, marker) !== undefined) throw new UserError(`${dir} is a cms project already (it has ${marker})`);
  }
  const readme = statProjectPath(dir, 'README.md') === undefined ? 'README.md' : undefined;
  const clashes = request.files.filter((file) => statProjectPath(dir, file.path) !== undefined).map((file) => file.path);
  if (clashes.length > 0) throw new UserError(`${dir}: would overwrite ${clashes.join(', ')}; choose an empty folder`);

  createProjectFolder(dir, '.');
  const written: string[] = [];
  for (const file of request.files) {
    writeProjectText(dir, file.path, file.bytes);
    written.push(file.path);
  }
  for (const folder of [CONTENT_DIR, UPLOADS_DIR]) createProjectFolder(dir, folder);
  const routes = listRoutes(request.files);
  const name = toPackageName(path.basename(dir));
  if (readme !== undefined) {
    writeProjectText(dir, readme, renderProjectReadme({ name, routes, strapi: false }));
    written.push(readme);
  }
  const gitignore = addProjectIgnores(dir);
  const packageJson = writeProjectPackage(dir, name);
  return { written, packageJson, gitignore, routes };
}

/** The routes of the template's content types, from `schemas/<name>.json`. */
function listRoutes(files: readonly TemplateFile[]): string[] {
  const routes: string[] = [];
  for (const file of files) {
    if (!/^schemas\/[^/]+\.json$/.test(file.path)) continue;
    const route = routeOfSchema(file.bytes.toString('utf8'));
    if (route !== undefined) routes.push(route);
  }
  return routes;
}

/** `/api/<pluralName>` of a collection type's schema text, `/api/<singularName>` of a single type's. */
export function routeOfSchema(text: string): string | undefined {
  try {
    const schema = JSON.parse(text) as { kind?: unknown; info?: { singularName?: unknown; pluralName?: unknown } };
    const name = schema.kind === 'singleType' ? schema.info?.singularName : schema.info?.pluralName;
    return typeof name === 'string' ? `/api/${name}` : undefined;
  } catch {
    return undefined;
  }
}
