import fs from 'node:fs';
import { isDocumentFileName } from './content-path.js';

/** The names in content/ and its folders, as read from disk (before any name is judged). */
export interface ContentListing {
  /** Names of the files directly in content/ (single types). */
  readonly files: readonly string[];
  /** Each folder of content/ (collection types) with the names in it. */
  readonly folders: readonly { readonly name: string; readonly names: readonly string[] }[];
}

/** Lists content/ (at `root`) and each folder in it; an empty listing when content/ does not exist. */
export function listContent(root: string): ContentListing {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { files: [], folders: [] };
    throw error;
  }
  const files: string[] = [];
  const folders: { name: string; names: string[] }[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) folders.push({ name: entry.name, names: fs.readdirSync(`${root}/${entry.name}`) });
    else if (entry.isFile()) files.push(entry.name);
  }
  return { files, folders };
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
