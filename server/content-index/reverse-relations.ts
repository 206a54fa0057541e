import { readStoredField } from './compact-entry.js';
import type { DocumentRecord } from './entry.js';
import type { TypeState } from './type-state.js';

/** Adds a record's relation targets to its type's reverse map (once the map is built). */
export function linkRelations(state: TypeState, record: DocumentRecord): void {
  if (!state.reverseBuilt) return;
  for (const [attribute, targets] of state.reverse) {
    forEachTarget(record, attribute, (target) => {
      let keys = targets.get(target);
      if (!keys) targets.set(target, (keys = new Set()));
      keys.add(record.key);
    });
  }
}

/** Takes a record's relation targets out of its type's reverse map. */
export function unlinkRelations(state: TypeState, record: DocumentRecord): void {
  if (!state.reverseBuilt) return;
  for (const [attribute, targets] of state.reverse) {
    forEachTarget(record, attribute, (target) => {
      const keys = targets.get(target);
      keys?.delete(record.key);
      if (keys?.size === 0) targets.delete(target);
    });
  }
}

/** Builds the reverse map on first use. */
export function ensureReverse(state: TypeState): void {
  if (state.reverseBuilt) return;
  state.reverseBuilt = true;
  for (const record of state.records.values()) linkRelations(state, record);
}

/** documentIds a record's versions point at through one relation attribute. */
function forEachTarget(record: DocumentRecord, attribute: string, visit: (documentId: string) => void): void {
  for (const entry of [record.main, record.draftFile]) {
    const value = entry === undefined ? undefined : readStoredField(entry, attribute);
    if (typeof value === 'string') visit(value);
    else if (Array.isArray(value)) for (const id of value) if (typeof id === 'string') visit(id);
  }
}
