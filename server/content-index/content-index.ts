import type { CmsConfig } from '../config/cms-config.js';
import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { RENAMED_FROM_KEY } from '../store/check-document.js';
import type { ContentFile } from '../store/content-path.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import type { StoredDocument } from '../store/read-document.js';
import { ChangeJournal, type IndexChanges } from './change-journal.js';
import { singleDocumentId } from './single-document-id.js';
import { type DocumentRecord, type Entry, type Status, compareRecords, versionOf } from './entry.js';
import { type FileSlot, findNamedFile, heldVersions } from './held-files.js';
import { MediaIndex } from './media-index.js';
import { insertSorted, removeSorted } from './record-order.js';
import { sortRecords } from './sort-records.js';
import { ensureReverse, linkRelations, reverseSteps, unlinkRelations } from './reverse-relations.js';
import { toEntry } from './to-entry.js';
import { CompactEntry, readStoredField } from './compact-entry.js';
import { withLoadChunks } from './text-arena.js';
import type { StringPool } from './string-pool.js';
import { type Held, type TypeState, allocateId, changesSince, clearChanges, createTypeState, holdId, noteChange, releaseId } from './type-state.js';
import { type TypeChanges, carryDefaultOrder } from './type-changes.js';

const MAX_MEMOS_PER_TYPE = 64;

/** Records looked at between two steps of viewSteps. */
const VIEW_STEP = 65_536;

function viewKey(status: Status, locale: string | null): string {
  return `${status}\u0000${locale ?? ''}`;
}

/** The versions of `records[from..to)` in a view of `status` and `locale` ('*': all locales), pushed onto `list`. */
function pushVersions(list: Entry[], records: readonly DocumentRecord[], from: number, to: number, status: Status, locale: string | null): void {
  for (let i = from; i < to; i++) {
    const record = records[i]!;
    if (locale !== '*' && record.locale !== locale) continue;
    const entry = versionOf(record, status);
    if (entry) list.push(entry);
  }
}

/**
 * Every document of a project in memory: versions per status and locale, numeric ids, default
 * order and the reverse side of relations, kept up to date one file at a time.
 */
export class ContentIndex {
  readonly media: MediaIndex;
  private readonly states = new Map<string, TypeState>();
  /** While loading a whole project, the default order is built once at the end, not kept per insert. */
  private bulk = false;
  /** Loading into an empty index: no file can be known already (saves a lookup per file). */
  private bulkIntoEmpty = false;
  private changes = 0;
  /**
   * Files whose path does not name their document (single types, users). A collection file's path
   * names its record and version (`content/articles/<documentId>[.<locale>][.draft].json`), so it
   * needs no entry here: `slotOf` finds it from the path.
   */
  private readonly files = new Map<string, FileSlot>();
  /** While a batch is tracked: the record each touched document had before it. */
  private journal: ChangeJournal<string, DocumentRecord> | undefined;
  /** One copy of each relation target, media path and enumeration value the documents hold. */
  private readonly pool: StringPool = new Map();
  /** Files applied or removed outside a `load`. */
  private readonly touched = new Set<string>();

  /** The locale of files without a locale suffix. */
  readonly defaultLocale: string;
  private readonly localeCodes: ReadonlySet<string>;

  constructor(
    readonly registry: SchemaRegistry,
    i18n: CmsConfig['i18n'],
  ) {
    this.defaultLocale = i18n.defaultLocale;
    this.localeCodes = new Set(i18n.locales.map((locale) => locale.code));
    for (const type of registry.contentTypes.values()) this.states.set(type.uid, createTypeState(type));
    // Users (users/) are entries too: relations may point at them.
    this.states.set(registry.user.uid, createTypeState(registry.user));
    this.media = new MediaIndex();
  }

  /**
   * Applies many files at once (a start or a reload): records are ordered once at the end, which
   * keeps loading 100,000 documents linear instead of inserting each into a sorted list.
   */
  load(apply: () => void): void {
    this.bulk = true;
    this.bulkIntoEmpty = [...this.states.values()].every((state) => state.records.size === 0);
    this.touched.clear();
    try {
      withLoadChunks(apply);
    } finally {
      this.bulk = false;
      this.bulkIntoEmpty = false;
      for (const state of this.states.values()) {
        state.ordered.length = 0;
        for (const record of state.records.values()) state.ordered.push(record);
        sortRecords(state.ordered);
        state.version++;
        clearChanges(state);
      }
      this.changes++;
    }
  }

  /** Adds or replaces the version a file holds. */
  applyDocument(stored: StoredDocument): void {
    const { file } = stored;
    const locale = file.type.localized ? (file.locale ?? this.defaultLocale) : null;
    const documentId = file.documentId ?? singleDocumentId(this, this.stateOf(file.type), stored);
    this.place(file, toEntry(stored, documentId, locale, this.pool));
  }

  /** Adds or replaces a file's version with one read before (the index cache). */
  applyEntry(file: ContentFile, entry: CompactEntry): void {
    this.place(file, entry);
  }

  /** The version of every content file the index holds (for the index cache, text search's folding). */
  *heldEntries(): IterableIterator<Entry> {
    for (const state of this.states.values()) if (state.type !== this.registry.user) yield* heldVersions(state);
  }

  private slotOf(path: string): FileSlot | undefined {
    return this.files.get(path) ?? findNamedFile(this, this.states, path);
  }

  /** Whether a file was applied or removed since the last `load` (its content may be newer than a start read). */
  touchedSinceLoad(path: string): boolean {
    return this.touched.has(path);
  }

  private place(file: ContentFile, entryBase: CompactEntry): void {
    const state = this.stateOf(file.type);
    const { documentId, locale } = entryBase;
    const slot = file.draft ? 'draftFile' : 'main';
    // Kept as the record's key: one flat string, not a pair of strings (a join with a separator
    // makes one, in half the time of flatString's round trip).
    const key = [documentId, locale ?? ''].join('\u0000');
    if (!this.bulk) this.touched.add(file.path);

    // Only a file whose path does not name its document can move to another record.
    const named = file.documentId !== undefined && file.path.startsWith(`${CONTENT_DIR}/`) && entryBase.isAt(file.path);
    const previousSlot = this.bulkIntoEmpty || named ? undefined : this.files.get(file.path);
    if (previousSlot && previousSlot.key !== key) this.removeFile(file.path);

    const old = state.records.get(key);
    const main = slot === 'main' ? entryBase : old?.main;
    const draftFile = slot === 'draftFile' ? entryBase : old?.draftFile;
    this.replaceRecord(state, key, old, { main, draftFile });
    if (!named) this.files.set(file.path, { uid: file.type.uid, key, slot });
  }

  /** Forgets the version a file held. Returns false when the index did not know the file. */
  removeFile(path: string): boolean {
    const slot = this.slotOf(path);
    if (!slot) return false;
    if (!this.bulk) this.touched.add(path);
    this.files.delete(path);
    const state = this.states.get(slot.uid);
    const old = state?.records.get(slot.key);
    if (!state || !old) return true;
    const main = slot.slot === 'main' ? undefined : old.main;
    const draftFile = slot.slot === 'draftFile' ? undefined : old.draftFile;
    this.replaceRecord(state, slot.key, old, { main, draftFile });
    return true;
  }

  /** Starts noting what each change replaces, for `takeChanges` (the events of a commit or a batch of file events). */
  trackChanges(): void {
    this.journal ??= new ChangeJournal();
    this.media.trackChanges();
  }

  /** What changed since `trackChanges`, each document and media file once, in order; stops tracking. */
  takeChanges(): IndexChanges {
    const journal = this.journal;
    this.journal = undefined;
    return { documents: journal?.take() ?? [], media: this.media.takeChanges() };
  }

  /** The configured locales' codes. */
  get locales(): ReadonlySet<string> {
    return this.localeCodes;
  }

  /** Whether a locale code is one of the configured locales. */
  hasLocale(code: string): boolean {
    return this.localeCodes.has(code);
  }

  /** Every locale version of a document, in locale order. */
  localeVersions(type: ContentType, documentId: string): DocumentRecord[] {
    const out: DocumentRecord[] = [];
    for (const code of this.localeCodes) {
      const record = this.findRecord(type, documentId, code);
      if (record) out.push(record);
    }
    return out;
  }

  holdsFile(path: string): boolean {
    return this.slotOf(path) !== undefined;
  }

  /** Paths of every file the index holds. */
  *knownPaths(): IterableIterator<string> {
    for (const state of this.states.values()) for (const entry of heldVersions(state)) yield entry.path;
  }

  /**
   * Entries visible with this status and locale, in default order. Kept, and carried over the type's
   * changes when asked again (a new list each time: search columns follow a list).
   */
  entries(type: ContentType, status: Status, locale: string | null): readonly Entry[] {
    const state = this.stateOf(type);
    const key = viewKey(status, locale);
    const held = state.views.get(key);
    if (held !== undefined && held.version === state.version) return held.value;
    const changes = held === undefined ? undefined : changesSince(state, held.version);
    let view = changes === undefined ? undefined : carryDefaultOrder(held!.value, status, locale, changes);
    if (view === undefined) {
      const list: Entry[] = [];
      pushVersions(list, state.ordered, 0, state.ordered.length, status, locale);
      view = list;
    }
    state.views.set(key, { value: view, version: state.version });
    return view;
  }

  /** Whether `entries` of this status and locale is held (as it is, or to be carried over the type's changes since). */
  holdsView(type: ContentType, status: Status, locale: string | null): boolean {
    return this.stateOf(type).views.has(viewKey(status, locale));
  }

  /**
   * The steps that make the view `entries` would make at once when none is held (at 1,000,000
   * articles, the drafts took 2.2 s), VIEW_STEP records a step: a read waits for them between
   * requests (select-entries.ts `sortedListMade`), a server's warm-up takes them before its search
   * columns. Kept only when the type did not change meanwhile (a read then makes it at once).
   */
  *viewSteps(type: ContentType, status: Status, locale: string | null): Generator<void, void> {
    const state = this.stateOf(type);
    const key = viewKey(status, locale);
    const { version, ordered } = state;
    const list: Entry[] = [];
    for (let from = 0; from < ordered.length; from += VIEW_STEP) {
      if (state.version !== version || state.views.has(key)) return;
      pushVersions(list, ordered, from, Math.min(from + VIEW_STEP, ordered.length), status, locale);
      yield;
    }
    if (state.version === version && !state.views.has(key)) state.views.set(key, { value: list, version });
  }

  findRecord(type: ContentType, documentId: string, locale: string | null): DocumentRecord | undefined {
    return this.stateOf(type).records.get(`${documentId}\u0000${locale ?? ''}`);
  }

  findEntry(type: ContentType, documentId: string, status: Status, locale: string | null): Entry | undefined {
    const record = this.findRecord(type, documentId, locale);
    return record && versionOf(record, status);
  }

  /** The single type's record in a locale (there is at most one). */
  findSingle(type: ContentType, locale: string | null): DocumentRecord | undefined {
    for (const record of this.stateOf(type).records.values()) if (record.locale === locale) return record;
    return undefined;
  }

  findRecordById(type: ContentType, id: number): DocumentRecord | undefined {
    const state = this.stateOf(type);
    const key = state.idOwners.get(id);
    return key === undefined ? undefined : state.records.get(key);
  }

  /** Whether the reverse side of `type`'s relations is built (sourcesOf builds it at once on first use; reverseSteps a step at a time). */
  holdsReverse(type: ContentType): boolean {
    const state = this.stateOf(type);
    return state.reverseBuilt || state.reverse.size === 0;
  }

  /** The reverse side of `type`'s relations built a step at a time, for a read to wait for between requests. */
  reverseSteps(type: ContentType): Generator<void, void> {
    return reverseSteps(this.stateOf(type));
  }

  /**
   * Records of `type` whose owning relation `attribute` holds `targetDocumentId`, in default order
   * (`ordered: false` skips the sort, for callers that only test the records).
   */
  sourcesOf(type: ContentType, attribute: string, targetDocumentId: string, ordered = true): DocumentRecord[] {
    const state = this.stateOf(type);
    ensureReverse(state);
    const keys = state.reverse.get(attribute)?.get(targetDocumentId);
    if (!keys) return [];
    const records: DocumentRecord[] = [];
    for (const key of keys) {
      const record = state.records.get(key);
      if (record) records.push(record);
    }
    return ordered ? records.sort(compareRecords) : records;
  }

  /** The keys of the memos held for the type, least recently used first. */
  memoKeys(type: ContentType): string[] {
    return [...this.stateOf(type).memos.keys()];
  }

  /** Whether a memo of `key` is held for the type (of this version, or one `memo` may carry over the changes since). */
  holdsMemo(type: ContentType, key: string): boolean {
    return this.stateOf(type).memos.has(key);
  }

  /**
   * A value derived from the type's documents, computed once and kept until the type changes; one
   * with `carry` is kept after that too, and carried over the documents changed since when asked
   * again (made again when `carry` gives undefined, or the changes are too many or no longer known).
   * Keys that depend on other types must include their `typeVersion`. Past MAX_MEMOS_PER_TYPE, the
   * one used least recently goes: a value asked all the time (a sort order, the table of slugs)
   * outlives many asked once.
   */
  memo<T>(type: ContentType, key: string, compute: () => T, carry?: (value: T, changes: TypeChanges) => T | undefined): T {
    const state = this.stateOf(type);
    const { memos } = state;
    const held = memos.get(key);
    if (held !== undefined) memos.delete(key);
    let value = held === undefined ? undefined : held.version === state.version ? { kept: held.value as T } : carried(state, held as Held<T>, carry);
    value ??= { kept: compute() };
    keepMemo(memos, key, { value: value.kept, version: state.version, carry: carry as Held<unknown>['carry'] });
    return value.kept;
  }

  /**
   * Keeps `value`, made from the type's documents as they were at `version` (by a run between
   * requests that began before the latest changes), as the memo of `key`, unless one is held: the
   * next `memo` of the key carries it over the changes since, as it would a memo made then. One
   * without `carry` is not kept once the type has changed (a change drops such memos).
   */
  holdMemo<T>(type: ContentType, key: string, value: T, version: number, carry?: (value: T, changes: TypeChanges) => T | undefined): void {
    const state = this.stateOf(type);
    const { memos } = state;
    if (memos.has(key) || (carry === undefined && version !== state.version)) return;
    keepMemo(memos, key, { value, version, carry: carry as Held<unknown>['carry'] });
  }

  /** Changes whenever any document or media file changes: the key for caches that read across types. */
  get version(): number {
    return this.changes + this.media.version;
  }

  /** Changes whenever a document of the type changes: the key for caches derived from it. */
  typeVersion(type: ContentType): number {
    return this.stateOf(type).version;
  }

  /** Documents of the project's content types (users not counted). */
  documentCount(): number {
    let count = 0;
    for (const state of this.states.values()) if (state.type !== this.registry.user) count += state.records.size;
    return count;
  }

  private stateOf(type: ContentType): TypeState {
    const state = this.states.get(type.uid);
    if (!state) throw new Error(`unknown content type ${type.uid}`);
    return state;
  }

  private replaceRecord(
    state: TypeState,
    key: string,
    old: DocumentRecord | undefined,
    versions: { main: Entry | undefined; draftFile: Entry | undefined },
  ): void {
    const { main, draftFile } = versions;
    this.journal?.note(`${state.type.uid}\u0001${key}`, old, () => state.records.get(key));
    state.version++;
    this.changes++;
    // A load makes them again once at its end.
    if (!this.bulk) noteChange(state, key, old);
    if (old) {
      if (!this.bulk) removeSorted(state.ordered, old);
      unlinkRelations(state, old);
      releaseId(state, old.id, key);
    }
    const first = main ?? draftFile;
    if (first === undefined) {
      state.records.delete(key);
      return;
    }
    const createdMs = first instanceof CompactEntry ? first.createdMs() : Date.parse(first.createdAt);
    // A renamed document's id keeps deriving from the documentId it was created under.
    const renamedFrom = readStoredField(first, RENAMED_FROM_KEY);
    const seed = typeof renamedFrom === 'string' ? `${renamedFrom}${key.slice(key.indexOf('\u0000'))}` : key;
    const id = allocateId(state, { key, seed }, createdMs);
    const record: DocumentRecord = {
      key,
      type: state.type,
      documentId: first.documentId,
      locale: first.locale,
      id,
      createdMs,
      main: withId(main, id),
      draftFile: withId(draftFile, id),
      derivedDraft: undefined,
    };
    state.records.set(key, record);
    holdId(state, id, key);
    if (!this.bulk) insertSorted(state.ordered, record);
    linkRelations(state, record);
  }
}

/** Keeps a memo as the most recently used; past MAX_MEMOS_PER_TYPE, the least recently used goes. */
function keepMemo(memos: Map<string, Held<unknown>>, key: string, held: Held<unknown>): void {
  if (memos.size >= MAX_MEMOS_PER_TYPE) memos.delete(memos.keys().next().value as string);
  memos.set(key, held);
}

/** A memo carried over its type's changes since it was made, if it can be. */
function carried<T>(state: TypeState, held: Held<T>, carry: ((value: T, changes: TypeChanges) => T | undefined) | undefined): { kept: T } | undefined {
  const changes = carry === undefined ? undefined : changesSince(state, held.version);
  const value = changes === undefined ? undefined : carry!(held.value, changes);
  return value === undefined ? undefined : { kept: value };
}

/** An entry with the record's id: itself when it has it, or when fresh (id 0, not shared yet: it takes the id in place, saving a copy per load). */
function withId(entry: Entry | undefined, id: number): Entry | undefined {
  if (entry === undefined || entry.id === id) return entry;
  if (entry.id === 0) {
    (entry as { id: number }).id = id;
    return entry;
  }
  return entry instanceof CompactEntry ? entry.withId(id) : { ...entry, id };
}
