import fs from 'node:fs';
import { writeFileAtomic } from './atomic-write.js';
import { resolveProjectPath } from './project-layout.js';

/** Where the per-path history index lives: git-ignored, made again when missing or damaged. */
export const HISTORY_INDEX_FILE = '.cms/history-index';

/** The bytes of the history index, or undefined when there is none or it cannot be read. */
export function readHistoryIndexFile(projectDir: string): Buffer | undefined {
  try {
    return fs.readFileSync(resolveProjectPath(projectDir, HISTORY_INDEX_FILE));
  } catch {
    return undefined;
  }
}

/** Keeps what cms writes in `.cms/` out of git even in a project whose .gitignore does not name it. */
const CMS_GITIGNORE = '.cms/.gitignore';

/**
 * Writes the history index atomically (readers never see half a file) without fsync: it can be
 * made again from git. Also writes `.cms/.gitignore` (`*`) when there is none, so a `git add -A`
 * never commits it. Answers false when it could not be written (a read-only project).
 */
export function writeHistoryIndexFile(projectDir: string, content: Buffer): boolean {
  try {
    const ignore = resolveProjectPath(projectDir, CMS_GITIGNORE);
    if (!fs.existsSync(ignore)) writeFileAtomic(ignore, '*\n', { durable: false });
    writeFileAtomic(resolveProjectPath(projectDir, HISTORY_INDEX_FILE), content, { durable: false });
    return true;
  } catch {
    return false;
  }
}
