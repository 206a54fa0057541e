import path from 'node:path';
import { FileError } from '../errors/file-error.js';

/** Every folder and file name of a project lives here, and nowhere else. */
export const CONTENT_DIR = 'content';
export const UPLOADS_DIR = 'uploads';
export const SCHEMAS_DIR = 'schemas';
export const COMPONENTS_DIR = `${SCHEMAS_DIR}/components`;
export const USERS_DIR = 'users';
/** A Strapi v5 project's code and schemas, read in place: `src/api/<api>/content-types/<name>/schema.json`, `src/components/<category>/<name>.json`. */
export const SRC_DIR = 'src';
export const SRC_API_DIR = `${SRC_DIR}/api`;
export const SRC_COMPONENTS_DIR = `${SRC_DIR}/components`;
/** A Strapi v5 project's `config/`: of it cms reads `config/api.{ts,js,…}` (the REST settings). */
export const STRAPI_CONFIG_DIR = 'config';
/** The editor's administrators, one file each (not API users, never content). */
export const ADMINS_DIR = 'admins';
/** Defined beside the config's option readers, whose messages name it; listed here with the rest of the layout. */
export { CONFIG_FILE } from '../config/config-file.js';
/** `uploads/<path>.meta.json`: what a media file cannot tell about itself. */
export const SIDECAR_SUFFIX = '.meta.json';
/** Journals of writes that span files (`cms mv`), replayed when a process was killed half-way. */
export const JOURNAL_DIR = '.cms/journal';

/** Whether a project-relative path stays inside the project: no absolute path, `..`, backslash or NUL. */
export function isProjectPath(relPath: string): boolean {
  if (relPath === '' || relPath.startsWith('/') || relPath.includes('\\') || relPath.includes('\0')) return false;
  return relPath.split('/').every((part) => part !== '..');
}

/**
 * The absolute path of a project-relative path (forward slashes). Refuses anything that could
 * leave the project; every file operation of `store/` goes through here.
 */
export function resolveProjectPath(projectDir: string, relPath: string): string {
  if (!isProjectPath(relPath)) throw new FileError(relPath, 'not a path inside the project');
  return path.join(projectDir, relPath);
}
