import type { CompactEntry } from '../content-index/compact-entry.js';
import { decodeEntryBlock } from '../content-index/entry-block.js';
import { adoptWithFoldRoom } from '../content-index/fold-room.js';
import type { StringPool } from '../content-index/string-pool.js';
import type { PrefetchBlock } from '../store/content-prefetch-protocol.js';
import { parseContentPath } from '../store/content-path.js';
import type { PrefetchedFiles } from '../store/scan-content.js';
import type { ProjectState } from './project-state.js';

/**
 * Places the versions of a prefetch's blocks in a project's index, file by file as a scan reaches
 * them (the order a start places files in decides which record gets an id both derive). A block
 * made for another key (schemas or locales that changed since the worker read them) is not taken.
 */
export class PrefetchedVersions implements PrefetchedFiles {
  private readonly memories: Buffer[] = [];
  private readonly pool: StringPool = new Map();
  private entries: CompactEntry[] = [];
  private next = 0;

  constructor(
    private readonly state: ProjectState,
    private readonly key: string,
  ) {}

  adopt(block: PrefetchBlock): boolean {
    this.entries = [];
    this.next = 0;
    if (block.key !== this.key) return false;
    if (block.memory !== undefined) this.memories[block.memoryIndex] = adoptWithFoldRoom(block.memory);
    const memory = this.memories[block.memoryIndex];
    if (memory === undefined || block.offset + block.length > memory.length) return false;
    const entries: CompactEntry[] = [];
    const slab = memory.subarray(block.offset, block.offset + block.length);
    if (!decodeEntryBlock(block.text, slab, this.pool, (entry) => entries.push(entry))) return false;
    this.entries = entries;
    return true;
  }

  place(relPath: string): boolean {
    const entry = this.entries[this.next];
    if (entry === undefined || !entry.isAt(relPath)) return false;
    const file = parseContentPath(this.state.registry, relPath);
    if (file === undefined) return false;
    this.next++;
    this.state.index.applyEntry(file, entry);
    this.state.problems.delete(relPath);
    return true;
  }
}
