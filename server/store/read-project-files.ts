import path from 'node:path';
import { hasPlainParents, readListedFile } from './plain-file.js';
import { resolveProjectPath } from './project-layout.js';

/**
 * Many project files named by paths (what `git status` lists), read as `readPlainFile` reads one:
 * through real folders of the project only (each folder checked once, not once per file), opened
 * without following a link, and refused when it is a link, hard-linked or special. Undefined for a
 * file that is missing, beyond a link or refused.
 */
export function readProjectFiles(projectDir: string, relPaths: readonly string[]): (Buffer | undefined)[] {
  const plainFolders = new Map<string, boolean>();
  return relPaths.map((relPath) => {
    try {
      const absolute = resolveProjectPath(projectDir, relPath);
      const folder = path.posix.dirname(relPath);
      let plain = plainFolders.get(folder);
      if (plain === undefined) plainFolders.set(folder, (plain = hasPlainParents(projectDir, relPath)));
      return plain ? readListedFile(absolute, relPath) : undefined;
    } catch {
      return undefined;
    }
  });
}
