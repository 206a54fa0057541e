import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_DIR, resolveProjectPath } from './project-layout.js';
import { countFolderNames } from './read-folder.js';

/**
 * How many names content/ and its folders hold, from the listings alone (no file is opened or
 * parsed): a quick measure of a project's size before it loads. Hidden names are left out; 0 when
 * content/ cannot be listed. Lists on libuv's threads, so the caller's thread can go on meanwhile.
 */
export async function countContentFiles(projectDir: string): Promise<number> {
  const root = resolveProjectPath(projectDir, CONTENT_DIR);
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(root, { withFileTypes: true });
  } catch {
    return 0;
  }
  const counts = entries.map(async (entry) => {
    if (entry.name.startsWith('.')) return 0;
    if (!entry.isDirectory()) return 1;
    try {
      return await countFolderNames(path.join(root, entry.name), (name) => !name.startsWith('.'));
    } catch {
      return 0;
    }
  });
  return (await Promise.all(counts)).reduce((sum, count) => sum + count, 0);
}
