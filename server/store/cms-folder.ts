import fs from 'node:fs';
import { writeFileAtomic } from './atomic-write.js';
import { leadsThroughLink } from './plain-file.js';
import { resolveProjectPath } from './project-layout.js';

/** The folder cms keeps its own files in: caches, secrets, journals, the mail outbox, logs. */
const CMS_DIR = '.cms';

/** Keeps what cms writes in `.cms/` out of git even in a project whose .gitignore does not name it. */
const CMS_GITIGNORE = `${CMS_DIR}/.gitignore`;

/**
 * Makes `.cms/` with a `.gitignore` of `*` in it, unless it has one: a `git add -A` in a project
 * whose own .gitignore does not name `.cms/` (one cms did not make) would otherwise commit the
 * index cache (gigabytes at a million documents), the local secrets and the outbox's live reset
 * links. Called before every write into `.cms/`; a `.gitignore` there already (the user's) is
 * left as it is, and nothing is written through a linked `.cms/`.
 */
export function keepCmsFolderOutOfGit(projectDir: string): void {
  const ignore = resolveProjectPath(projectDir, CMS_GITIGNORE);
  try {
    fs.lstatSync(ignore);
    return;
  } catch {
    // Not there yet.
  }
  if (leadsThroughLink(projectDir, CMS_GITIGNORE)) return;
  writeFileAtomic(ignore, '*\n', { durable: false });
}

/** Whether a project path lies in `.cms/`. */
export function isInCmsFolder(relPath: string): boolean {
  return relPath.startsWith(`${CMS_DIR}/`);
}
