import path from 'node:path';
import type { ProjectApiConfig } from '../config/project-api-option.js';
import { findApiConfigFile } from '../store/api-config-file.js';

/**
 * A Strapi project's `config/api.*`, loaded with its code's loader; undefined when it has none (and
 * then no loader is imported). Throws a FileError naming the file when it does not load.
 */
export async function readProjectApi(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<ProjectApiConfig | undefined> {
  const root = path.resolve(dir);
  const file = findApiConfigFile(root);
  if (file === undefined) return undefined;
  const { loadApiConfig } = await import('./load-api-config.js');
  return loadApiConfig(root, file, env);
}
