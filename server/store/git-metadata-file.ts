import fs from 'node:fs';

/**
 * The bytes of a file git keeps for itself (a commit-graph), by the path `git rev-parse
 * --git-path` named; undefined when there is none or it cannot be read. Read only, never written:
 * git writes its own files.
 */
export function readGitMetadataFile(absolutePath: string): Buffer | undefined {
  try {
    return fs.readFileSync(absolutePath);
  } catch {
    return undefined;
  }
}
