import type { DocumentRecord } from '../content-index/entry.js';
import type { WorkingChanges } from '../git/read-working-changes.js';
import type { ContentType } from '../schema/content-type.js';
import type { AdminDependencies } from './admin-context.js';
import { localeCodes, presentFieldChange } from './admin-git.js';
import { mainFieldOf } from './describe-schemas.js';

/**
 * The changes as the Changes screen shows them: each document with its type's name, its current
 * title, and the fields per file; media, schema and other files in one list.
 */
export function presentChanges(deps: AdminDependencies, changes: WorkingChanges) {
  const { registry } = deps.project.current;
  const documents = changes.documents.map((document) => {
    const type = registry.contentTypes.get(document.uid);
    const records = type === undefined ? [] : recordsOf(deps, type, document.documentId);
    const preferred = records.find((record) => record.locale === deps.config.i18n.defaultLocale) ?? records[0];
    const entry = preferred?.draftFile ?? preferred?.main;
    const field = type && mainFieldOf(type);
    const title = field === undefined ? undefined : entry?.data[field];
    return {
      ...document,
      kind: type?.kind ?? 'collectionType',
      displayName: type?.displayName ?? document.uid,
      label: typeof title === 'string' && title !== '' ? title : (document.documentId ?? type?.displayName ?? document.address),
      files: document.files.map((file) => ({ ...file, fields: file.fields.map(presentFieldChange) })),
    };
  });
  const files = [
    ...changes.media.map((file) => ({ ...file, area: 'media' })),
    ...changes.schemas.map((file) => ({ ...file, area: 'schema' })),
    ...changes.other.map((file) => ({ ...file, area: 'other' })),
  ];
  return { ...changes.state, conflicted: changes.conflicted, documents, files };
}

/** Every locale version of a document as the index holds it now. */
function recordsOf(deps: AdminDependencies, type: ContentType, documentId: string | null): DocumentRecord[] {
  const { index } = deps.project.current;
  const locales = type.localized ? localeCodes(deps) : [null];
  if (documentId !== null)
    return type.localized ? index.localeVersions(type, documentId) : [index.findRecord(type, documentId, null)].filter((r) => r !== undefined);
  return locales.map((locale) => index.findSingle(type, locale)).filter((r) => r !== undefined);
}
