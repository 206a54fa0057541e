import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentRecord, Entry } from '../content-index/entry.js';
import { notFoundError, validationError } from '../errors/api-error.js';
import type { Attribute } from '../schema/attribute.js';
import type { AttributeSet, ContentType } from '../schema/content-type.js';
import { RENAMED_FROM_KEY } from '../store/check-document.js';
import { isDocumentId } from '../store/content-path.js';
import type { DocumentChange, ProjectPort } from './project-port.js';
import { componentsHold, rewriteStoredValues } from './rewrite-stored-values.js';

/** What a rename did: the files it moved and the files whose references it rewrote. */
export interface RenameResult {
  readonly moved: readonly { readonly from: string; readonly to: string }[];
  readonly rewritten: readonly string[];
}

/**
 * Gives a document another documentId: every file of it (locales, drafts, Markdown) moves to the
 * new name, every relation pointing at it (top level, components, dynamic zones, every type and
 * locale) is rewritten, and its numeric id stays (the files keep `renamedFrom`, the documentId its
 * id derives from). One atomic commit: a failure or a kill half-way leaves the old or the new state.
 */
export function renameDocument(project: ProjectPort, document: { type: ContentType; documentId: string }, newId: string): RenameResult {
  const { type, documentId: oldId } = document;
  const { index, registry } = project.current;
  if (type.kind !== 'collectionType') throw validationError(`${type.singularName} is a single type: its documentId is not a file name`);
  if (!isDocumentId(newId)) throw validationError(`invalid documentId "${newId}": use 1-64 characters a-z, 0-9, "-" or "_", starting with a letter or digit`);
  const records = recordsOf(index, type, oldId);
  if (records.length === 0) throw notFoundError(`no ${type.singularName} with documentId "${oldId}"`);
  if (newId === oldId) return { moved: [], rewritten: [] };
  if (recordsOf(index, type, newId).length > 0) throw validationError(`a ${type.singularName} with documentId "${newId}" exists already`);

  const heldBy = (attribute: Attribute): boolean => attribute.kind === 'relation' && attribute.mappedBy === undefined && attribute.target === type.uid;
  const retarget = (set: AttributeSet, data: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined =>
    rewriteStoredValues(registry, set, data, (attribute, value) => {
      if (!heldBy(attribute)) return value;
      if (Array.isArray(value)) return value.includes(oldId) ? value.map((item) => (item === oldId ? newId : item)) : value;
      return value === oldId ? newId : value;
    });

  const changes: DocumentChange[] = [];
  const moved: { from: string; to: string }[] = [];
  for (const record of records) {
    for (const entry of [record.main, record.draftFile]) {
      if (entry === undefined) continue;
      const to = renamedPath(entry.path, oldId, newId);
      // A file there that could not be read is not in the index, but it is still someone's file.
      if (project.current.problems.has(to) || index.holdsFile(to)) throw validationError(`${to} exists already`);
      changes.push({ path: to, from: entry.path, type, data: renamedData(entry, retarget(type, entry.data) ?? entry.data, { oldId, newId }) });
      moved.push({ from: entry.path, to });
    }
  }
  const rewritten: string[] = [];
  for (const record of referencingRecords(index, type, oldId)) {
    if (record.type === type && record.documentId === oldId) continue;
    for (const entry of [record.main, record.draftFile]) {
      const data = entry && retarget(record.type, entry.data);
      if (entry === undefined || data === undefined) continue;
      changes.push({ path: entry.path, type: record.type, data });
      rewritten.push(entry.path);
    }
  }
  project.commit({ documents: changes, atomic: true });
  return { moved, rewritten };
}

/** Every locale version of a document (the one record of a type that is not localized). */
function recordsOf(index: ContentIndex, type: ContentType, documentId: string): DocumentRecord[] {
  if (type.localized) return index.localeVersions(type, documentId);
  const record = index.findRecord(type, documentId, null);
  return record === undefined ? [] : [record];
}

/** Records that may point at the document: through the reverse index for top-level relations, every record of types whose components may. */
function referencingRecords(index: ContentIndex, target: ContentType, documentId: string): Set<DocumentRecord> {
  const { registry } = index;
  const records = new Set<DocumentRecord>();
  const points = (attribute: Attribute): boolean => attribute.kind === 'relation' && attribute.target === target.uid;
  for (const type of registry.contentTypes.values()) {
    for (const [name, attribute] of type.attributes) {
      if (attribute.kind !== 'relation' || attribute.mappedBy !== undefined || attribute.target !== target.uid) continue;
      for (const record of index.sourcesOf(type, name, documentId, false)) records.add(record);
    }
    if (!componentsHold(registry, type, points)) continue;
    // Every record has a version under `draft`: this visits each record of every locale once.
    for (const entry of index.entries(type, 'draft', '*')) {
      const record = index.findRecord(type, entry.documentId, entry.locale);
      if (record) records.add(record);
    }
  }
  return records;
}

/** `content/articles/old.fr.draft.md` → `content/articles/new.fr.draft.md`. */
function renamedPath(path: string, oldId: string, newId: string): string {
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}${newId}${path.slice(slash + 1 + oldId.length)}`;
}

/**
 * A renamed file's data: its timestamps written out (a hand-made file without them would take
 * the new file's time, and its id would move), and the documentId its id derives from.
 */
function renamedData(entry: Entry, data: Readonly<Record<string, unknown>>, ids: { oldId: string; newId: string }): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  out['createdAt'] ??= entry.createdAt;
  out['updatedAt'] ??= entry.updatedAt;
  const origin = typeof data[RENAMED_FROM_KEY] === 'string' ? data[RENAMED_FROM_KEY] : ids.oldId;
  if (origin === ids.newId) delete out[RENAMED_FROM_KEY];
  else out[RENAMED_FROM_KEY] = origin;
  return out;
}
