import fs from 'node:fs';
import path from 'node:path';
import type { LiveProject } from '../content-index/live-project.js';
import type { ContentType } from '../schema/content-type.js';
import { removeFileDurably, writeFileAtomic } from '../store/atomic-write.js';
import { encodeJsonDocument, encodeMarkdownDocument } from '../store/encode-document.js';

/** One file a write produces: its new content, or null to remove it. */
export interface FileChange {
  readonly path: string;
  readonly type: ContentType;
  readonly data: Readonly<Record<string, unknown>> | null;
}

/**
 * Encodes and writes the files of one write operation, each atomically, then hands them to the
 * project so the index shows them before the response is sent (read-your-writes).
 */
export function commitFileChanges(project: LiveProject, changes: readonly FileChange[]): void {
  const written: { path: string; text: string | null }[] = [];
  for (const change of changes) {
    const absolute = path.join(project.config.dir, change.path);
    if (change.data === null) {
      removeFileDurably(absolute);
      written.push({ path: change.path, text: null });
      continue;
    }
    const text = change.path.endsWith('.md')
      ? encodeMarkdownDocument(change.type, change.data, readIfExists(absolute))
      : encodeJsonDocument(change.type, change.data);
    writeFileAtomic(absolute, text);
    written.push({ path: change.path, text });
  }
  project.applyOwnWrites(written);
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
