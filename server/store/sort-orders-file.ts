import { readProjectText, writeProjectText } from './project-files.js';

/** The sort orders a server kept when it stopped, to make again after a start (git-ignored, like the index cache). */
export const SORT_ORDERS_FILE = '.cms/sort-orders.json';

/** At most this many are kept: each costs a pass over its list at a start. */
export const MAX_SORT_ORDERS = 32;

/** One sort order of a list: its type's uid, status and locale, and the sort as a query writes it (`title:asc,views:desc`). */
export interface SortOrderNote {
  readonly type: string;
  readonly status: 'published' | 'draft';
  readonly locale: string | null;
  readonly sort: string;
}

/**
 * The notes the last server kept, or none when the file is missing, refused (a link) or not as
 * written; a note not as written is left out (they are checked again against the schemas before
 * use: the file is the project's, not ours).
 */
export function readSortOrders(projectDir: string): SortOrderNote[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readProjectText(projectDir, SORT_ORDERS_FILE) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isSortOrderNote).slice(0, MAX_SORT_ORDERS);
}

/** Keeps the notes for the next start; a project that cannot be written to (read-only, a linked .cms/) just sorts on demand. */
export function writeSortOrders(projectDir: string, notes: readonly SortOrderNote[]): void {
  try {
    writeProjectText(projectDir, SORT_ORDERS_FILE, `${JSON.stringify(notes.slice(0, MAX_SORT_ORDERS), null, 2)}\n`, { durable: false });
  } catch {
    // Only a head start: the next start sorts when asked.
  }
}

function isSortOrderNote(value: unknown): value is SortOrderNote {
  if (typeof value !== 'object' || value === null) return false;
  const { type, status, locale, sort } = value as Record<string, unknown>;
  return (
    typeof type === 'string' &&
    type.length <= 200 &&
    (status === 'published' || status === 'draft') &&
    (locale === null || (typeof locale === 'string' && locale.length <= 50)) &&
    typeof sort === 'string' &&
    sort.length > 0 &&
    sort.length <= 500
  );
}
