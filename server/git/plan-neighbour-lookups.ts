import type { ContentType } from '../schema/content-type.js';
import { documentFileNames } from './document-files.js';

/** A changed document's files as `git status` lists them, before they are diffed. */
export interface ChangedDocumentFiles {
  readonly type: ContentType;
  readonly documentId: string | null;
  readonly files: readonly {
    readonly path: string;
    readonly change: 'created' | 'edited' | 'deleted';
    readonly draft: boolean;
    readonly locale: string | null;
  }[];
}

/** The unchanged files to look up beside some changed ones. */
export interface NeighbourLookups {
  /** Every path to look up, once each. */
  readonly paths: readonly string[];
  /** By document address: the paths of its other files, for a document whose changed files were all created or all deleted. */
  readonly others: ReadonlyMap<string, readonly string[]>;
}

/** The main files a draft file may sit beside: `hello.fr.draft.json` → `hello.fr.json`, `hello.fr.md`. */
export function mainFilesOf(draftPath: string): string[] {
  const base = draftPath.replace(/\.draft\.(?:json|md)$/, '');
  return [`${base}.json`, `${base}.md`];
}

/**
 * What `git status` leaves out, as a file it leaves out did not change (the same in HEAD, git's
 * index and on disk): the other files of each document whose changed files were all created (or
 * all deleted), which make it an edit if one is there, and the main file beside each draft file
 * created or deleted, which its fields are compared with. Nothing before the first commit.
 */
export function planNeighbourLookups(
  head: string | null,
  documents: ReadonlyMap<string, ChangedDocumentFiles>,
  at: { readonly changed: ReadonlySet<string>; readonly locales: readonly string[]; readonly defaultLocale: string },
): NeighbourLookups {
  const others = new Map<string, string[]>();
  const paths = new Set<string>();
  if (head === null) return { paths: [], others };
  for (const [key, document] of documents) {
    const kinds = new Set(document.files.map((file) => file.change));
    if (kinds.size === 1 && !kinds.has('edited')) {
      // The configured locales, and any other a changed file names.
      const locales = [...new Set([...at.locales, ...document.files.flatMap((file) => file.locale ?? [])])];
      const address = { type: document.type, documentId: document.documentId ?? undefined };
      const names = documentFileNames(address, { locales, defaultLocale: at.defaultLocale }).filter((path) => !at.changed.has(path));
      others.set(key, names);
      for (const name of names) paths.add(name);
    }
    for (const file of document.files)
      if (file.draft && file.change !== 'edited') for (const main of mainFilesOf(file.path)) if (!at.changed.has(main)) paths.add(main);
  }
  return { paths: [...paths], others };
}
