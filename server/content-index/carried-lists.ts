import type { Entry } from './entry.js';

/**
 * Where a list carried over edits (carryDefaultOrder) comes from: the list it was first carried
 * from (a list made from every entry, or one whose carry was forgotten), with the versions taken
 * out of that list since and those put in. What is derived from that list (text search's columns)
 * can then serve the lists carried from it, by their differences, instead of being made again
 * after every edit.
 */
export interface CarriedList {
  readonly from: readonly Entry[];
  readonly removed: ReadonlySet<Entry>;
  readonly added: ReadonlySet<Entry>;
}

const carriedLists = new WeakMap<readonly Entry[], CarriedList>();
/** Versions taken out and put in that a carry notes at most: past them, a list is on its own. */
const MAX_CARRIED_CHANGES = 20_000;

/**
 * Notes that `list` was carried from `from` (`removed` taken out, `added` put in); when `from` was
 * carried itself, from the list `from` comes from, the differences added up (each list refers to
 * that one alone: the lists between them may go). `from` is the list `list` replaces: its note
 * moves to `list` (no copy of what it holds per edit).
 */
export function noteCarried(from: readonly Entry[], list: readonly Entry[], removed: readonly Entry[], added: readonly Entry[]): void {
  const earlier = carriedLists.get(from);
  carriedLists.delete(from);
  const taken = (earlier?.removed as Set<Entry> | undefined) ?? new Set<Entry>();
  const put = (earlier?.added as Set<Entry> | undefined) ?? new Set<Entry>();
  // A version put in since the first list and taken out again was never in it.
  for (const entry of removed) if (!put.delete(entry)) taken.add(entry);
  for (const entry of added) put.add(entry);
  if (taken.size + put.size <= MAX_CARRIED_CHANGES) carriedLists.set(list, { from: earlier?.from ?? from, removed: taken, added: put });
}

/** Forgets where `list` was carried from: it is on its own from now (what is derived from it is made), and the list it came from may go. */
export function forgetCarried(list: readonly Entry[]): void {
  carriedLists.delete(list);
}

/** Where `list` was carried from, if it was. */
export function carriedFrom(list: readonly Entry[]): CarriedList | undefined {
  return carriedLists.get(list);
}
