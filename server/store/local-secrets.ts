import fs from 'node:fs';
import { isPlainObject } from '../config/is-plain-object.js';
import { writeProjectText } from './project-files.js';
import { resolveProjectPath } from './project-layout.js';

/**
 * Secrets made for this machine's copy of the project, kept in `.cms/secrets.json` (git-ignored,
 * readable by the owner only): the API token salt that `cms token create` made when none was set,
 * so a server started without `API_TOKEN_SALT` checks tokens with the same salt, and picks it up
 * on its next reload of cms.config.json.
 */
export const LOCAL_SECRETS_FILE = '.cms/secrets.json';

export type LocalSecretName = 'apiTokenSalt';

/** A secret of `.cms/secrets.json`, or undefined when the file or the value is missing or unreadable. */
export function readLocalSecret(projectDir: string, name: LocalSecretName): string | undefined {
  const value = readSecrets(projectDir)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Sets a secret in `.cms/secrets.json`, keeping the others; the file is written atomically, mode 600. */
export function writeLocalSecret(projectDir: string, name: LocalSecretName, value: string): void {
  writeProjectText(projectDir, LOCAL_SECRETS_FILE, `${JSON.stringify({ ...readSecrets(projectDir), [name]: value }, null, 2)}\n`);
  fs.chmodSync(resolveProjectPath(projectDir, LOCAL_SECRETS_FILE), 0o600);
}

function readSecrets(projectDir: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(resolveProjectPath(projectDir, LOCAL_SECRETS_FILE), 'utf8'));
    return isPlainObject(value) ? value : {};
  } catch {
    return {};
  }
}
