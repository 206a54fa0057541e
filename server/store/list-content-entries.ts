import path from 'node:path';
import { contentRootState } from './content-listing.js';
import { type RefusedEntry, refusalOfEntry } from './plain-file.js';
import { CONTENT_DIR, resolveProjectPath } from './project-layout.js';
import { readFolder } from './read-folder.js';

/** A name in a folder of content/, and whether it is a folder itself. */
export interface ContentEntry {
  readonly name: string;
  readonly isFolder: boolean;
}

/** content/ as its folder entries say, before any name is judged (no file is opened). */
export interface ContentEntries {
  /** Names directly in content/ that are regular files. */
  readonly files: readonly string[];
  /** Each real folder of content/ with its entries, in listing order. */
  readonly folders: readonly { readonly name: string; readonly entries: readonly ContentEntry[] }[];
  /** Links and special files (content/ itself, when it is one), which the server never reads nor follows. */
  readonly refused: readonly RefusedEntry[];
}

/**
 * Lists content/ two levels deep with what each entry is, leaving out hidden and editor backup
 * names (`.x`, `x~`), which the server skips silently; empty when content/ does not exist. Unlike
 * `listContent`, it keeps what the server would not read, so `cms check` can say why.
 */
export function listContentEntries(projectDir: string): ContentEntries {
  const root = resolveProjectPath(projectDir, CONTENT_DIR);
  const files: string[] = [];
  const folders: { name: string; entries: ContentEntry[] }[] = [];
  const refused: RefusedEntry[] = [];
  const state = contentRootState(root, { tolerant: true });
  if (state === 'absent') return { files, folders, refused };
  if (state !== 'folder') return { files, folders, refused: [state] };
  for (const entry of readEntries(root, CONTENT_DIR, refused)) {
    if (!entry.isFolder) files.push(entry.name);
    else folders.push({ name: entry.name, entries: readEntries(path.join(root, entry.name), `${CONTENT_DIR}/${entry.name}`, refused) });
  }
  return { files, folders, refused };
}

function readEntries(dir: string, rel: string, refused: RefusedEntry[]): ContentEntry[] {
  const entries: ContentEntry[] = [];
  for (const entry of readFolder(dir)) {
    if (isIgnored(entry.name)) continue;
    const reason = refusalOfEntry(entry);
    if (reason !== undefined) refused.push({ path: `${rel}/${entry.name}`, reason });
    else entries.push({ name: entry.name, isFolder: entry.isDirectory() });
  }
  return entries;
}

function isIgnored(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~');
}
