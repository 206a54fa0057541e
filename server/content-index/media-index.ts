import type { MediaRecord } from './media-record.js';

/** The media library: one record per file under uploads/, by path and by numeric id. */
export class MediaIndex {
  private readonly byPath = new Map<string, MediaRecord>();
  private readonly byId = new Map<number, MediaRecord>();
  private sorted: MediaRecord[] | undefined;

  apply(record: MediaRecord): void {
    this.remove(record.path);
    let id = record.id;
    while (this.byId.has(id)) id++;
    const placed = id === record.id ? record : { ...record, id };
    this.byPath.set(placed.path, placed);
    this.byId.set(placed.id, placed);
    this.sorted = undefined;
  }

  remove(path: string): boolean {
    const old = this.byPath.get(path);
    if (!old) return false;
    this.byPath.delete(path);
    this.byId.delete(old.id);
    this.sorted = undefined;
    return true;
  }

  findByPath(path: string): MediaRecord | undefined {
    return this.byPath.get(path);
  }

  findById(id: number): MediaRecord | undefined {
    return this.byId.get(id);
  }

  /** Every record, oldest first. */
  list(): readonly MediaRecord[] {
    this.sorted ??= [...this.byPath.values()].sort((a, b) => a.id - b.id);
    return this.sorted;
  }

  get size(): number {
    return this.byPath.size;
  }
}
