import type { ContentIndex } from '../content-index/content-index.js';
import type { DocumentRecord } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';
import { type Reference, componentsHold, removeReference } from './rewrite-stored-values.js';
import type { DocumentChange } from './project-port.js';
import { findRelationTarget } from '../schema/schema-registry.js';

/** What one write is about to put in files, by path (null: removed): its side effects build on it. */
export type PendingFiles = Map<string, Readonly<Record<string, unknown>> | null>;

/** The document a write set derived relations of. */
export interface WrittenDocument {
  readonly type: ContentType;
  readonly documentId: string;
  /** The locale related documents are changed in, when their type is localized. */
  readonly defaultLocale: string;
}

/**
 * A write that set a derived (mappedBy) relation changes the owning side: the related documents'
 * files gain or lose this document. Returns those file changes, built on `pending` where the write
 * itself changes a file (a relation of a type to itself) and adding to it.
 */
export function inverseRelationChanges(
  index: ContentIndex,
  written: WrittenDocument,
  inverse: ReadonlyMap<string, readonly string[]>,
  pending: PendingFiles = new Map(),
): DocumentChange[] {
  const { type, documentId, defaultLocale } = written;
  const changes: DocumentChange[] = [];
  for (const [name, wanted] of inverse) {
    const attribute = type.attributes.get(name);
    if (attribute?.kind !== 'relation' || attribute.mappedBy === undefined) continue;
    const target = findRelationTarget(index.registry, attribute.target);
    const owning = target?.attributes.get(attribute.mappedBy);
    if (target === undefined || owning?.kind !== 'relation') continue;
    const locale = target.localized ? defaultLocale : null;
    const back = attribute.mappedBy;
    const current = index.sourcesOf(target, back, documentId).filter((r) => r.locale === locale);
    for (const record of current) {
      if (wanted.includes(record.documentId)) continue;
      changes.push(...rewriteRecord(record, (data) => withoutReference(data, back, documentId, owning.toMany), pending));
    }
    for (const id of wanted) {
      const record = index.findRecord(target, id, locale);
      if (record === undefined) continue;
      changes.push(
        ...rewriteRecord(
          record,
          (data) => {
            const value = data[back];
            if (!owning.toMany) return value === documentId ? undefined : { ...data, [back]: documentId };
            const list = Array.isArray(value) ? value : [];
            return list.includes(documentId) ? undefined : { ...data, [back]: [...list, documentId] };
          },
          pending,
        ),
      );
    }
  }
  return changes;
}

/**
 * A deleted document leaves no dangling link: every owning-side reference to it (top level, in
 * components and dynamic zones) is removed from the files that hold it, as Strapi drops the links.
 */
export function referenceCleanupChanges(index: ContentIndex, deleted: ContentType, documentId: string): DocumentChange[] {
  const changes: DocumentChange[] = [];
  const registry = index.registry;
  const removed: RemovedDocument = { uid: deleted.uid, documentId };
  for (const type of registry.contentTypes.values()) {
    const direct = [...type.attributes].filter(([, a]) => a.kind === 'relation' && a.mappedBy === undefined && a.target === deleted.uid).map(([n]) => n);
    const nested = componentsHold(registry, type, (attribute) => attribute.kind === 'relation' && attribute.target === deleted.uid);
    const records = new Set<DocumentRecord>();
    for (const name of direct) for (const record of index.sourcesOf(type, name, documentId)) records.add(record);
    if (nested) {
      for (const status of ['published', 'draft'] as const) {
        for (const entry of index.entries(type, status, '*')) {
          const record = index.findRecord(type, entry.documentId, entry.locale);
          if (record) records.add(record);
        }
      }
    }
    for (const record of records) {
      if (record.type === deleted && record.documentId === documentId) continue;
      changes.push(...rewriteRecord(record, (data) => removeReference(registry, type, data, referenceTo(removed))));
    }
  }
  return changes;
}

/**
 * New data for each file of a record (main and draft) that `mutate` changes (undefined = unchanged).
 * With `pending`, a file the same write changes is mutated as it will be, not as the index holds
 * it (else the later change would undo the earlier one), a file it removes stays removed, and the
 * new data joins `pending`.
 */
export function rewriteRecord(
  record: DocumentRecord,
  mutate: (data: Readonly<Record<string, unknown>>) => Record<string, unknown> | undefined,
  pending?: PendingFiles,
): DocumentChange[] {
  const changes: DocumentChange[] = [];
  for (const entry of [record.main, record.draftFile]) {
    if (entry === undefined) continue;
    const current = pending?.has(entry.path) ? pending.get(entry.path) : entry.data;
    if (current === null || current === undefined) continue;
    const data = mutate(current);
    if (data === undefined) continue;
    changes.push({ path: entry.path, type: record.type, data });
    pending?.set(entry.path, data);
  }
  return changes;
}

function withoutReference(data: Readonly<Record<string, unknown>>, name: string, documentId: string, toMany: boolean): Record<string, unknown> | undefined {
  const value = data[name];
  if (toMany) {
    if (!Array.isArray(value) || !value.includes(documentId)) return undefined;
    return { ...data, [name]: value.filter((id) => id !== documentId) };
  }
  return value === documentId ? { ...data, [name]: null } : undefined;
}

/** A deleted document, by its type's uid and its documentId. */
interface RemovedDocument {
  readonly uid: string;
  readonly documentId: string;
}

/** References to a deleted document: on the owning side of relations to its type. */
function referenceTo(removed: RemovedDocument): Reference {
  return {
    item: removed.documentId,
    heldBy: (attribute) => attribute.kind === 'relation' && attribute.mappedBy === undefined && attribute.target === removed.uid,
  };
}
