import type { ContentType } from '../schema/content-type.js';
import { USER_UID } from '../schema/user-type.js';
import { deriveId } from './derive-id.js';
import type { DocumentRecord, Entry } from './entry.js';
import { type RecordChange, TypeChanges } from './type-changes.js';

/** What the index holds of one content type. */
export interface TypeState {
  readonly type: ContentType;
  /** By record key (`documentId \0 locale`). */
  readonly records: Map<string, DocumentRecord>;
  /** Records in default order (createdAt, documentId), kept sorted on every change. */
  readonly ordered: DocumentRecord[];
  /** Numeric id → record key (changed through holdId and releaseId only). */
  readonly idOwners: Map<number, string>;
  /** Where allocateId's probes skip to: every id in [from, to) is held or in `idHoles`. */
  readonly idJumps: Map<number, number>;
  /** Ids released since the jumps were last cleared (free unless held again). */
  readonly idHoles: Set<number>;
  /**
   * Owning relation attribute → target documentId → keys of records pointing at it. Built on first
   * use (a start need not pay for it), then kept up to date with every change.
   */
  readonly reverse: Map<string, Map<string, Set<string>>>;
  reverseBuilt: boolean;
  /** Entries per status and locale in default order, with the version they show (carried over later changes when asked again). */
  readonly views: Map<string, Held<readonly Entry[]>>;
  /**
   * Values derived from the type's documents (sort orders …), with the version they show: one that
   * can be carried over a change (`carry`) is when asked again, the others are dropped at the change.
   */
  readonly memos: Map<string, Held<unknown>>;
  version: number;
  /** The records changed since the version `changesSince`, in order: what views and memos are carried over. */
  readonly changes: LoggedChange[];
  changesSince: number;
  /** What a record's numeric id is derived from: its key, or (users, whose ids tokens carry) its documentId alone. */
  readonly idSeed: (key: string) => string;
}

export function createTypeState(type: ContentType): TypeState {
  const reverse = new Map<string, Map<string, Set<string>>>();
  for (const [name, attribute] of type.attributes) {
    if (attribute.kind === 'relation' && attribute.mappedBy === undefined) reverse.set(name, new Map());
  }
  const idSeed = type.uid === USER_UID ? documentIdOfKey : (key: string) => key;
  return {
    type,
    records: new Map(),
    ordered: [],
    idOwners: new Map(),
    idJumps: new Map(),
    idHoles: new Set(),
    reverse,
    reverseBuilt: false,
    views: new Map(),
    memos: new Map(),
    version: 0,
    changes: [],
    changesSince: 0,
    idSeed,
  };
}

/** Released ids tracked before the jumps are dropped (a probe checks each of them). */
const MAX_HOLES = 64;

/**
 * The derived id of a record (from its seed: its key, or the key it was created under), moved up
 * past ids other records of the type hold already: the first such id from the derived one up, as a
 * plain probe finds it, but skipping along runs of held ids (documents imported with one createdAt
 * share a millisecond and would make probing quadratic).
 */
export function allocateId(state: TypeState, record: { key: string; seed: string }, createdMs: number): number {
  const { key } = record;
  const { idOwners, idJumps, idHoles } = state;
  const base = deriveId(createdMs, state.idSeed(record.seed));
  let id = base;
  let owner = idOwners.get(id);
  // The usual case, a free id (a load of a million documents asks a million times): nothing made.
  if (owner === undefined || owner === key) return id;
  const passed: number[] = [];
  for (; owner !== undefined && owner !== key; owner = idOwners.get(id)) {
    passed.push(id);
    id = idJumps.get(id) ?? id + 1;
  }
  // A jump may pass over an id released after it was made: the first such is the free one.
  for (const hole of idHoles) if (hole >= base && hole < id) id = hole;
  for (const from of passed) if (from < id) idJumps.set(from, id);
  return id;
}

/** Gives an id (from allocateId) to a record. */
export function holdId(state: TypeState, id: number, key: string): void {
  state.idOwners.set(id, key);
  state.idHoles.delete(id);
}

/** Frees a record's id, if the record holds it. */
export function releaseId(state: TypeState, id: number, key: string): void {
  if (state.idOwners.get(id) !== key) return;
  state.idOwners.delete(id);
  if (state.idHoles.size >= MAX_HOLES) {
    state.idHoles.clear();
    state.idJumps.clear();
    return;
  }
  state.idHoles.add(id);
}

function documentIdOfKey(key: string): string {
  return key.slice(0, key.indexOf('\u0000'));
}

/** A list or value derived from a type's records, the version of the type it shows, and how it is carried over changes. */
export interface Held<T> {
  readonly value: T;
  readonly version: number;
  readonly carry?: ((value: T, changes: TypeChanges) => T | undefined) | undefined;
}

/** A change of a record (`before` is what `key` held), at the type's version after it. */
interface LoggedChange {
  readonly version: number;
  readonly key: string;
  readonly before: DocumentRecord | undefined;
}

/**
 * Changes kept for carrying lists over (each holds the record it replaced until it is dropped: a
 * few MB at most); past them (a large import, a branch switch) lists are made again.
 */
const MAX_CHANGES = 4_096;

/** Notes that `key`'s record changed (the type's version is already the one after it); drops the memos that cannot be carried over. */
export function noteChange(state: TypeState, key: string, before: DocumentRecord | undefined): void {
  const { changes, memos } = state;
  changes.push({ version: state.version, key, before });
  if (changes.length > MAX_CHANGES) {
    const dropped = changes.splice(0, changes.length - MAX_CHANGES / 2);
    state.changesSince = dropped.at(-1)!.version;
  }
  for (const [name, held] of memos) if (held.carry === undefined) memos.delete(name);
}

/** Forgets every change (a load: every list is made again). */
export function clearChanges(state: TypeState): void {
  state.changes.length = 0;
  state.changesSince = state.version;
  state.views.clear();
  state.memos.clear();
}

/** The documents changed since `version`, each once with its record then and now; undefined when they are not all known or too many. */
export function changesSince(state: TypeState, version: number): TypeChanges | undefined {
  if (version < state.changesSince) return undefined;
  const before = new Map<string, DocumentRecord | undefined>();
  const { changes } = state;
  for (let i = changes.length - 1; i >= 0 && changes[i]!.version > version; i--) before.set(changes[i]!.key, changes[i]!.before);
  if (before.size > MAX_CARRIED) return undefined;
  const changed: RecordChange[] = [];
  for (const [key, record] of before) changed.push({ before: record, after: state.records.get(key) });
  const { records } = state;
  return new TypeChanges(changed, (entry) => records.get(`${entry.documentId}\u0000${entry.locale ?? ''}`));
}

/** Changed documents a list is carried over at most (past a few, one pass over the list: putIn); past them it is made again. */
const MAX_CARRIED = 2_048;
