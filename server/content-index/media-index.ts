import { ChangeJournal, type MediaChange } from './change-journal.js';
import { type MediaRecord, formatPathsOf } from './media-record.js';

/**
 * The media library: one record per file under uploads/, by path and by numeric id. Files that
 * another record lists in its `formats` (its thumbnail, small, medium … versions) are kept aside:
 * they are served, but are not media of their own, as in Strapi.
 */
export class MediaIndex {
  /** Every file applied, listed or not. */
  private readonly files = new Map<string, MediaRecord>();
  /** Format file path → path of the record whose formats list it. */
  private readonly owners = new Map<string, string>();
  /** Record path → the format file paths it claimed. */
  private readonly claims = new Map<string, string[]>();
  private readonly byPath = new Map<string, MediaRecord>();
  private readonly byId = new Map<number, MediaRecord>();
  private sorted: MediaRecord[] | undefined;
  private changes = 0;
  private journal: ChangeJournal<string, MediaRecord> | undefined;

  /** Changes whenever a file is added, changed or removed. */
  get version(): number {
    return this.changes;
  }

  apply(record: MediaRecord): void {
    this.changes++;
    this.remove(record.path);
    this.files.set(record.path, record);
    const claimed: string[] = [];
    for (const formatPath of formatPathsOf(record.data)) {
      if (formatPath === record.path || this.owners.has(formatPath)) continue;
      this.owners.set(formatPath, record.path);
      claimed.push(formatPath);
      this.unlist(formatPath);
    }
    if (claimed.length > 0) this.claims.set(record.path, claimed);
    if (!this.owners.has(record.path)) this.place(record);
  }

  remove(path: string): boolean {
    this.changes++;
    const old = this.files.get(path);
    if (!old) return false;
    this.files.delete(path);
    this.unlist(path);
    for (const formatPath of this.claims.get(path) ?? []) {
      this.owners.delete(formatPath);
      // A format file whose original is gone is a file of its own again.
      const orphan = this.files.get(formatPath);
      if (orphan) this.place(orphan);
    }
    this.claims.delete(path);
    return true;
  }

  /** Starts noting the listed record each change replaces (see ContentIndex.trackChanges). */
  trackChanges(): void {
    this.journal ??= new ChangeJournal();
  }

  /** Listed files that changed since `trackChanges`, in order; stops tracking. */
  takeChanges(): MediaChange[] {
    const journal = this.journal;
    this.journal = undefined;
    return journal?.take() ?? [];
  }

  /** A listed record by its path under uploads/ (format files are not listed). */
  findByPath(path: string): MediaRecord | undefined {
    return this.byPath.get(path);
  }

  findById(id: number): MediaRecord | undefined {
    return this.byId.get(id);
  }

  /** The listed record whose formats include this file (its thumbnail …), or undefined. */
  findFormatOwner(path: string): MediaRecord | undefined {
    const owner = this.owners.get(path);
    return owner === undefined ? undefined : this.byPath.get(owner);
  }

  /** Every listed record, oldest first. */
  list(): readonly MediaRecord[] {
    this.sorted ??= [...this.byPath.values()].sort((a, b) => a.id - b.id);
    return this.sorted;
  }

  get size(): number {
    return this.byPath.size;
  }

  private place(record: MediaRecord): void {
    let id = record.id;
    while (this.byId.has(id)) id++;
    const placed = id === record.id ? record : { ...record, id };
    this.journal?.note(placed.path, this.byPath.get(placed.path), () => this.byPath.get(placed.path));
    this.byPath.set(placed.path, placed);
    this.byId.set(placed.id, placed);
    this.sorted = undefined;
  }

  private unlist(path: string): void {
    const old = this.byPath.get(path);
    if (!old) return;
    this.journal?.note(path, old, () => this.byPath.get(path));
    this.byPath.delete(path);
    this.byId.delete(old.id);
    this.sorted = undefined;
  }
}
