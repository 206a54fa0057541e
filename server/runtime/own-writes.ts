import { readProjectText } from '../store/project-files.js';

/**
 * Files this process wrote (their text) or removed (null), until the watcher reports them back:
 * the commit has put them in the index already, so the watcher's echo of the same change is
 * skipped rather than read and applied a second time.
 */
export class OwnWrites {
  private readonly files = new Map<string, string | null>();

  constructor(private readonly projectDir: string) {}

  record(relPath: string, text: string | null): void {
    this.files.set(relPath, text);
  }

  /** Whether the file at `relPath` holds exactly what this process last wrote there. */
  isEcho(relPath: string): boolean {
    if (!this.files.has(relPath)) return false;
    let actual: string | null;
    try {
      actual = readProjectText(this.projectDir, relPath) ?? null;
    } catch {
      actual = null;
    }
    // One write can reach the watcher as several events: keep the record while the file matches.
    if (actual === this.files.get(relPath)) return true;
    this.files.delete(relPath);
    return false;
  }
}
