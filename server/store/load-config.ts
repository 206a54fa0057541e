import path from 'node:path';
import type { CmsConfig, ConfigOverrides } from '../config/cms-config.js';
import type { ProjectApiConfig } from '../config/project-api-option.js';
import { resolveConfig } from '../config/resolve-config.js';
import { UserError } from '../errors/user-error.js';
import { readConfigText } from './config-file.js';
import { readLocalSecret } from './local-secrets.js';
import { isProjectFolder } from './project-folder.js';

/**
 * Reads a project's `cms.config.json` (optional), then resolves it with the environment and the
 * flags (and the salt of `.cms/secrets.json`, see local-secrets.ts) into one frozen config, with
 * a Strapi project's `config/api.*` when its code has been loaded (`projectApi`). The folder must exist.
 */
export function loadConfig(dir: string, overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env, projectApi?: ProjectApiConfig): CmsConfig {
  const root = path.resolve(dir);
  if (!isProjectFolder(root)) {
    throw new UserError(`project folder not found: ${root}`);
  }
  return resolveConfig({ root, text: readConfigText(root), overrides, env, localSecrets: { apiTokenSalt: readLocalSecret(root, 'apiTokenSalt') }, projectApi });
}
