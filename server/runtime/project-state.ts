import type { ProjectSnapshot } from '../documents/project-port.js';
import type { FileError } from '../errors/file-error.js';

/** A snapshot as the runtime keeps it: with its folder, and the problems it may change. */
export interface ProjectState extends ProjectSnapshot {
  readonly dir: string;
  readonly problems: Map<string, FileError>;
  /**
   * What the index cache needs (set by loadProject): its key, when the read began, whether the cache
   * is current, whether the load took nearly all its files from it (a tenth or fewer read from disk).
   */
  readonly indexCache?: { readonly key: string; readonly readSince: number; readonly upToDate: boolean; readonly mostlyCached: boolean };
}
