import type { ProjectApiConfig } from '../config/project-api-option.js';
import { createConfigEnv } from './config-env.js';
import { codeError, createCodeLoader } from './load-code.js';

/**
 * Loads a Strapi project's `config/api.*` with the same loader as its src/ code; a function
 * export (`({ env }) => ({ rest: … })`) is called with Strapi's `env` helper. Throws a FileError
 * naming the file (and line) when it does not compile or throws.
 */
export async function loadApiConfig(projectDir: string, file: string, vars: NodeJS.ProcessEnv = process.env): Promise<ProjectApiConfig> {
  const loader = await createCodeLoader(projectDir);
  const exported = await loader.load(file);
  try {
    const value = typeof exported === 'function' ? await (exported as (c: { env: unknown }) => unknown)({ env: createConfigEnv(vars) }) : exported;
    return { file, value };
  } catch (error) {
    throw codeError(projectDir, file, error);
  }
}
