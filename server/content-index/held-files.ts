import { parseContentPath } from '../store/content-path.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { Entry } from './entry.js';
import type { TypeState } from './type-state.js';

/** Where a file's version is: its type, its record, which version. */
export interface FileSlot {
  readonly uid: string;
  readonly key: string;
  readonly slot: 'main' | 'draftFile';
}

/**
 * The slot of a collection file found from its path alone (`content/articles/<documentId>[.<locale>][.draft].json`
 * names its record and version), when the index holds that very file there.
 */
export function findNamedFile(
  index: { readonly registry: SchemaRegistry; readonly defaultLocale: string },
  states: ReadonlyMap<string, TypeState>,
  path: string,
): FileSlot | undefined {
  let file;
  try {
    file = parseContentPath(index.registry, path);
  } catch {
    return undefined;
  }
  if (file?.documentId === undefined) return undefined;
  const locale = file.type.localized ? (file.locale ?? index.defaultLocale) : null;
  const key = `${file.documentId}\u0000${locale ?? ''}`;
  const slot = file.draft ? 'draftFile' : 'main';
  const entry = states.get(file.type.uid)?.records.get(key)?.[slot];
  return entry?.path === path ? { uid: file.type.uid, key, slot } : undefined;
}

/** Every file version a type holds (its file's path is the entry's `path`, made when asked). */
export function* heldVersions(state: TypeState): IterableIterator<Entry> {
  for (const record of state.records.values()) {
    if (record.main) yield record.main;
    if (record.draftFile) yield record.draftFile;
  }
}
