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
  // Encode every file before writing any: a value that cannot be encoded fails the whole write.
  const written = changes.map((change) => ({ path: change.path, text: change.data === null ? null : encode(project, change, change.data) }));
  for (const file of written) {
    const absolute = path.join(project.config.dir, file.path);
    if (file.text === null) removeFileDurably(absolute);
    else writeFileAtomic(absolute, file.text);
  }
  project.applyOwnWrites(written);
}

function encode(project: LiveProject, change: FileChange, data: Readonly<Record<string, unknown>>): string {
  if (!change.path.endsWith('.md')) return encodeJsonDocument(change.type, data);
  // A new Markdown draft starts from its published file, so the two differ only where they do.
  const absolute = path.join(project.config.dir, change.path);
  const previous = readIfExists(absolute) ?? readIfExists(absolute.replace(/\.draft\.md$/, '.md'));
  return encodeMarkdownDocument(change.type, data, previous);
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
