import type { CompactEntry } from '../../server/content-index/compact-entry.js';
import { decodeEntryBlock, encodeEntryBlock } from '../../server/content-index/entry-block.js';
import type { ContentType } from '../../server/schema/content-type.js';

/** An entry written into an index cache block and read back (its long record adopted from the block's bytes). */
export function throughCacheBlock(entry: CompactEntry, type: ContentType): CompactEntry {
  const block = encodeEntryBlock([{ entry, type, size: 1, mtimeMs: 2 }]);
  let back: CompactEntry | undefined;
  const read = decodeEntryBlock(block.text, Buffer.concat(block.bytes), new Map(), (entry) => (back = entry));
  if (!read || back === undefined) throw new Error('the block did not read back');
  return back;
}
