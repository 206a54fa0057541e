import path from 'node:path';
import type { CmsConfig } from '../server/config/cms-config.js';
import { ApiError } from '../server/errors/api-error.js';
import { UserError } from '../server/errors/user-error.js';
import { type Repository, openRepository } from '../server/git/open-repository.js';
import type { SchemaRegistry } from '../server/schema/schema-registry.js';
import { loadConfig } from '../server/store/load-config.js';
import { loadSchemas } from '../server/store/load-schemas.js';
import { isProjectFolder } from '../server/store/project-folder.js';
import { replayJournals } from '../server/store/write-journal.js';

/** What the git commands work on: the project's repository, config and schemas. */
export interface GitProject {
  readonly root: string;
  readonly repo: Repository;
  readonly config: CmsConfig;
  readonly registry: SchemaRegistry;
  readonly defaultLocale: string;
  /** The configured locale codes. */
  readonly locales: readonly string[];
}

/** Opens the project folder and its repository; a UserError when either is missing. */
export async function openGitProject(dir: string): Promise<GitProject> {
  const root = path.resolve(dir);
  if (!isProjectFolder(root)) throw new UserError(`project folder not found: ${root}`, 2);
  // A rename killed half-way is finished before anything is read.
  replayJournals(root);
  const repo = await openRepository(root);
  const config = loadConfig(root, { watch: false });
  return { root, repo, config, registry: loadSchemas(root), defaultLocale: config.i18n.defaultLocale, locales: config.i18n.locales.map((l) => l.code) };
}

/** The document service's refusals (ApiError) as the CLI shows them. */
export async function withUserErrors<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new UserError(error.message);
    throw error;
  }
}

/** Writes what a command answers: JSON (--json) or lines of text. */
export function printOut(text: string): void {
  process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
}
