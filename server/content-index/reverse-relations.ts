import { readStoredField } from './compact-entry.js';
import type { DocumentRecord } from './entry.js';
import type { TypeState } from './type-state.js';

/** Adds a record's relation targets to its type's reverse map (once the map is built). */
export function linkRelations(state: TypeState, record: DocumentRecord): void {
  if (state.reverseBuilt) linkInto(state.reverse, record);
}

function linkInto(reverse: TypeState['reverse'], record: DocumentRecord): void {
  for (const [attribute, targets] of reverse) {
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

/** Builds the reverse map on first use: reverseSteps taken at once. */
export function ensureReverse(state: TypeState): void {
  const steps = reverseSteps(state);
  while (steps.next().done !== true);
}

/** Records linked between two steps of reverseSteps. */
const REVERSE_STEP = 16_384;

/**
 * ensureReverse a step at a time (at 1,000,000 articles, about 8 s at once), into maps of its own
 * that are put in place at the end, unless the type changed meanwhile (the first use then builds it).
 */
export function* reverseSteps(state: TypeState): Generator<void, void> {
  if (state.reverseBuilt || state.reverse.size === 0) return;
  const { version } = state;
  const records = [...state.records.values()];
  const fresh: TypeState['reverse'] = new Map([...state.reverse.keys()].map((attribute) => [attribute, new Map()]));
  for (let from = 0; from < records.length; from += REVERSE_STEP) {
    yield;
    if (state.reverseBuilt || state.version !== version) return;
    for (let i = from; i < Math.min(from + REVERSE_STEP, records.length); i++) linkInto(fresh, records[i]!);
  }
  if (state.reverseBuilt || state.version !== version) return;
  for (const [attribute, targets] of fresh) state.reverse.set(attribute, targets);
  state.reverseBuilt = true;
}

/** documentIds a record's versions point at through one relation attribute. */
function forEachTarget(record: DocumentRecord, attribute: string, visit: (documentId: string) => void): void {
  for (const entry of [record.main, record.draftFile]) {
    const value = entry === undefined ? undefined : readStoredField(entry, attribute);
    if (typeof value === 'string') visit(value);
    else if (Array.isArray(value)) for (const id of value) if (typeof id === 'string') visit(id);
  }
}
