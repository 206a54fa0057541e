import fs from 'node:fs';
import { isDocumentFileName } from './content-path.js';
import { type RefusedEntry, refusalOfEntry } from './plain-file.js';
import { CONTENT_DIR } from './project-layout.js';
import { readFolder, readFolderUnsorted } from './read-folder.js';

/** The names in content/ and its folders, as read from disk (before any name is judged). */
export interface ContentListing {
  /** Names of the regular files directly in content/ (single types). */
  readonly files: readonly string[];
  /** Each real folder of content/ (collection types) with the names of the regular files and folders in it. */
  readonly folders: readonly { readonly name: string; readonly names: readonly string[] }[];
  /** Links and special files (content/ itself, when it is one), never read nor followed. Hidden names are left out. */
  readonly refused: readonly RefusedEntry[];
}

/**
 * What content/ (at `root`) is to a listing: absent, refused (a link, a special file …), or a real
 * folder to read. `tolerant`: any error reading it counts as absent (else only ENOENT does).
 */
export function contentRootState(root: string, options: { tolerant: boolean }): 'absent' | 'folder' | RefusedEntry {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(root);
  } catch (error) {
    if (options.tolerant || (error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw error;
  }
  const reason = refusalOfEntry(stat);
  return reason === undefined ? 'folder' : { path: CONTENT_DIR, reason };
}

/**
 * Lists content/ (at `root`) and each folder in it; an empty listing when content/ does not exist.
 * What each entry is comes from the listing itself (no stat per file), so links and special files
 * are set aside at no cost.
 */
export function listContent(root: string): ContentListing {
  const files: string[] = [];
  const folders: { name: string; names: string[] }[] = [];
  const refused: RefusedEntry[] = [];
  const state = contentRootState(root, { tolerant: false });
  if (state === 'absent') return { files, folders, refused };
  if (state !== 'folder') return { files, folders, refused: [state] };
  for (const entry of readFolder(root)) {
    const reason = refusalOfEntry(entry);
    if (reason !== undefined) refuse(refused, entry.name, reason);
    else if (entry.isDirectory()) folders.push({ name: entry.name, names: listFolder(`${root}/${entry.name}`, entry.name, refused) });
    else files.push(entry.name);
  }
  return { files, folders, refused };
}

/** The names of a folder's files and folders, in readFolder's order (links and special files go to `refused`, in that order too). */
function listFolder(dir: string, folder: string, refused: RefusedEntry[]): string[] {
  const names: string[] = [];
  const set: RefusedEntry[] = [];
  for (const entry of readFolderUnsorted(dir)) {
    const reason = refusalOfEntry(entry);
    if (reason === undefined) names.push(entry.name);
    else refuse(set, `${folder}/${entry.name}`, reason);
  }
  refused.push(...set.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
  return names.sort();
}

// Hidden names are never read (temp files of writes, editor files): nothing to report.
function refuse(refused: RefusedEntry[], relative: string, reason: string): void {
  if (!relative.split('/').some((part) => part.startsWith('.'))) refused.push({ path: `${CONTENT_DIR}/${relative}`, reason });
}

/** Paths below content/ (`articles/a.json`, `homepage.json`) of every document file name, in listing order. */
export function documentFilePaths(listing: ContentListing): string[] {
  const paths: string[] = [];
  for (const name of listing.files) if (isDocumentFileName(name)) paths.push(name);
  for (const folder of listing.folders) {
    for (const name of folder.names) if (isDocumentFileName(name)) paths.push(`${folder.name}/${name}`);
  }
  return paths;
}
