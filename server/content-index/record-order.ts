import { type DocumentRecord, compareRecords } from './entry.js';

/** Inserts a record into a list kept in default order. */
export function insertSorted(list: DocumentRecord[], record: DocumentRecord): void {
  list.splice(lowerBound(list, record), 0, record);
}

/** Removes a record from a list kept in default order. */
export function removeSorted(list: DocumentRecord[], record: DocumentRecord): void {
  const index = lowerBound(list, record);
  if (list[index] === record) list.splice(index, 1);
  else {
    const fallback = list.indexOf(record);
    if (fallback >= 0) list.splice(fallback, 1);
  }
}

function lowerBound(list: readonly DocumentRecord[], record: DocumentRecord): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareRecords(list[mid]!, record) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}
