import type { Entry } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import type { PopulateNode, SortKey } from '../query/document-query.js';
import { compileFilter } from './compile-filter.js';
import { compareValues, readEntryField } from './field-value.js';
import { type ReadContext, compiledOnce } from './read-context.js';
import { cutWindow } from './select-component-items.js';

/** The media records a media value names; a missing file is reported and left out. */
export function findMedia(context: ReadContext, entry: Entry, paths: readonly unknown[]): MediaRecord[] {
  const records: MediaRecord[] = [];
  for (const path of paths) {
    const record = typeof path === 'string' ? context.index.media.findByPath(path) : undefined;
    if (record) records.push(record);
    else context.warn(`${entry.path}: media file uploads/${String(path)} not found`);
  }
  return records;
}

/** Media records filtered, sorted and cut as the populate node asks. */
export function selectMedia(context: ReadContext, records: MediaRecord[], node: PopulateNode): MediaRecord[] {
  const type = context.index.registry.uploadFile;
  let selected = records;
  const filters = node.filters;
  if (filters !== undefined) selected = selected.filter(compiledOnce(context, filters, () => compileFilter(context, type, filters)));
  if (node.sort.length > 0) selected = sortMedia(selected, node.sort);
  return node.window === undefined ? selected : cutWindow(selected, node.window);
}

/** Files sorted by their own fields, as stored (no sort path goes further than one step). */
function sortMedia(records: readonly MediaRecord[], keys: readonly SortKey[]): MediaRecord[] {
  const field = (record: MediaRecord, name: string | undefined): unknown => (name === undefined ? null : readEntryField(record, name));
  return [...records].sort((a, b) => {
    for (const key of keys) {
      const c = compareValues(field(a, key.path[0]), field(b, key.path[0]));
      if (c !== 0) return key.order === 'desc' ? -c : c;
    }
    return 0;
  });
}
