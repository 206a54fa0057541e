import { isPlainObject } from '../config/is-plain-object.js';
import { UserError } from '../errors/user-error.js';
import { readConfigText, writeConfigFile } from '../store/config-file.js';
import { loadConfig } from '../store/load-config.js';
import { readFileTokens } from './list-api-tokens.js';

/**
 * Removes an API token from `auth.apiTokens` of cms.config.json, keeping the rest of the file; a
 * running server stops accepting it on its reload of the file. A token that only CMS_API_TOKENS
 * configures, or an unknown name, is a UserError naming the tokens there are.
 */
export function revokeApiToken(dir: string, name: string, env: NodeJS.ProcessEnv = process.env): void {
  const config = loadConfig(dir, {}, env);
  const inFile = readFileTokens(config.dir).some((entry) => entry['name'] === name);
  if (!inFile) {
    if (config.auth.apiTokens.some((token) => token.name === name)) {
      throw new UserError(`token "${name}" comes from the CMS_API_TOKENS variable, not cms.config.json: remove it there`);
    }
    const names = config.auth.apiTokens.map((token) => token.name);
    throw new UserError(`no API token named "${name}"${names.length > 0 ? ` (there are: ${names.join(', ')})` : ' (the project has none)'}`);
  }
  const raw = JSON.parse(readConfigText(config.dir)!) as Record<string, unknown>;
  const auth = raw['auth'] as Record<string, unknown>;
  const tokens = (auth['apiTokens'] as unknown[]).filter((entry) => !(isPlainObject(entry) && entry['name'] === name));
  raw['auth'] = { ...auth, apiTokens: tokens };
  writeConfigFile(config.dir, raw);
}
