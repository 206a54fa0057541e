import { CODE_EXTENSIONS } from './list-code-files.js';
import { statProjectPath } from './project-files.js';
import { STRAPI_CONFIG_DIR } from './project-layout.js';

/** `config/api.ts`, `config/api.js`, … of a Strapi project, project-relative, in that order of lookup; undefined when it has none. */
export function findApiConfigFile(projectDir: string): string | undefined {
  for (const ext of CODE_EXTENSIONS) {
    const file = `${STRAPI_CONFIG_DIR}/api${ext}`;
    if (statProjectPath(projectDir, file)?.isFile === true) return file;
  }
  return undefined;
}

/** Whether a project-relative path names a `config/api.*` file (the watcher reports its edits as config changes). */
export function isApiConfigFile(rel: string): boolean {
  return CODE_EXTENSIONS.some((ext) => rel === `${STRAPI_CONFIG_DIR}/api${ext}`);
}
