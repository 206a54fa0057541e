import type { Entry } from '../content-index/entry.js';
import { compareRecords, versionOf } from '../content-index/entry.js';
import type { ContentType } from '../schema/content-type.js';
import type { ReadContext } from './read-context.js';

/**
 * The `localizations` of a version: the same document in every other locale, in the status the
 * request reads (a published version lists published versions, a draft lists drafts), never the
 * version itself, in creation order as Strapi's rows come.
 */
export function localizationEntries(context: ReadContext, type: ContentType, entry: Entry): Entry[] {
  const records = context.index.localeVersions(type, entry.documentId).filter((record) => record.locale !== entry.locale);
  if (records.length > 1) records.sort(compareRecords);
  const out: Entry[] = [];
  for (const record of records) {
    const version = versionOf(record, context.status);
    if (version) out.push(version);
  }
  return out;
}
