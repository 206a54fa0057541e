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
  /** Numeric id → record key. */
  readonly idOwners: Map<number, string>;
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
  return { type, records: new Map(), ordered: [], idOwners: new Map(), reverse, reverseBuilt: false, views: new Map(), memos: new Map(), version: 0, idSeed };
}

/** The derived id of a record (from its seed: its key, or the key it was created under), moved up past ids other records of the type hold already. */
export function allocateId(state: TypeState, record: { key: string; seed: string }, createdMs: number): number {
  const { key } = record;
  let id = deriveId(createdMs, state.idSeed(record.seed));
  for (let owner = state.idOwners.get(id); owner !== undefined && owner !== key; owner = state.idOwners.get(id)) id++;
  return id;
}

function documentIdOfKey(key: string): string {
  return key.slice(0, key.indexOf('\u0000'));
}
