import type { ContentType } from '../schema/content-type.js';
import { USER_UID } from '../schema/user-type.js';
import { deriveId } from './derive-id.js';
import type { DocumentRecord, Entry } from './entry.js';

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
  /** Entries per status and locale in default order, dropped on every change of the type. */
  readonly views: Map<string, readonly Entry[]>;
  /** Values derived from the type's documents (sort orders …), dropped on every change of the type. */
  readonly memos: Map<string, unknown>;
  version: number;
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
