import fs from 'node:fs';
import path from 'node:path';
import { readProjectText, writeProjectText } from './project-files.js';
import { CONTENT_DIR, resolveProjectPath } from './project-layout.js';
import { countFolderNames } from './read-folder.js';

/** What the last count found per content folder, with the folder's mtime then (git-ignored, like the index cache). */
export const CONTENT_COUNTS_FILE = '.cms/content-counts.json';

/** How long before a count a folder must have last changed for its mtime to vouch for the names counted. */
const SETTLED_MS = 2_000;

interface FolderCount {
  readonly mtimeMs: number;
  readonly names: number;
}

/**
 * How many names content/ and its folders hold, from the listings alone (no file is opened or
 * parsed): a quick measure of a project's size before it loads. Hidden names are left out; 0 when
 * content/ cannot be listed. Lists on libuv's threads, so the caller's thread can go on meanwhile.
 * A folder whose mtime is the one remembered from the last count (adding, removing or renaming a
 * name changes it) is not listed again: a million names take over a second to list.
 */
export async function countContentFiles(projectDir: string): Promise<number> {
  const started = Date.now();
  const root = resolveProjectPath(projectDir, CONTENT_DIR);
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(root, { withFileTypes: true });
  } catch {
    return 0;
  }
  const remembered = readRemembered(projectDir);
  const counted: Record<string, FolderCount> = {};
  let changed = false;
  const counts = entries.map(async (entry) => {
    if (entry.name.startsWith('.')) return 0;
    if (!entry.isDirectory()) return 1;
    const folder = path.join(root, entry.name);
    try {
      const { mtimeMs } = await fs.promises.lstat(folder);
      const known = remembered[entry.name];
      if (known !== undefined && known.mtimeMs === mtimeMs) {
        counted[entry.name] = known;
        return known.names;
      }
      const names = await countFolderNames(folder, (name) => !name.startsWith('.'));
      // A folder changed just now may change again within its mtime's resolution: not remembered.
      if (mtimeMs < started - SETTLED_MS) {
        counted[entry.name] = { mtimeMs, names };
        changed = true;
      }
      return names;
    } catch {
      return 0;
    }
  });
  const total = (await Promise.all(counts)).reduce((sum, count) => sum + count, 0);
  if (changed) remember(projectDir, counted);
  return total;
}

/** The counts of the last count, or none when the file is missing, refused (a link) or not as written. */
function readRemembered(projectDir: string): Readonly<Record<string, FolderCount>> {
  const known: Record<string, FolderCount> = {};
  try {
    const parsed: unknown = JSON.parse(readProjectText(projectDir, CONTENT_COUNTS_FILE) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return known;
    for (const [name, value] of Object.entries(parsed as Record<string, unknown>)) {
      const { mtimeMs, names } = (value ?? {}) as Partial<FolderCount>;
      if (typeof mtimeMs === 'number' && Number.isSafeInteger(names) && (names as number) >= 0) known[name] = { mtimeMs, names: names as number };
    }
  } catch {
    // Missing or unreadable: every folder is counted.
  }
  return known;
}

/** Keeps the counts for the next count; a project that cannot be written to (read-only, a linked .cms/) just counts again. */
function remember(projectDir: string, counts: Readonly<Record<string, FolderCount>>): void {
  try {
    writeProjectText(projectDir, CONTENT_COUNTS_FILE, `${JSON.stringify(counts)}\n`, { durable: false });
  } catch {
    // Only a measure for sizing the heap: the next count lists again.
  }
}
