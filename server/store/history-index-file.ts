import fs from 'node:fs';
import { writeProjectText } from './project-files.js';
import { resolveProjectPath } from './project-layout.js';

/** Where the per-path history index lives: git-ignored, made again when missing or damaged. */
export const HISTORY_INDEX_FILE = '.cms/history-index';

/** The bytes of the history index, or undefined when there is none or it cannot be read. */
export function readHistoryIndexFile(projectDir: string): Buffer | undefined {
  try {
    return fs.readFileSync(resolveProjectPath(projectDir, HISTORY_INDEX_FILE));
  } catch {
    return undefined;
  }
}

/**
 * Writes the history index atomically (readers never see half a file) without fsync: it can be
 * made again from git. Answers false when it could not be written (a read-only project, a linked .cms/).
 */
export function writeHistoryIndexFile(projectDir: string, content: Buffer): boolean {
  try {
    writeProjectText(projectDir, HISTORY_INDEX_FILE, content, { durable: false });
    return true;
  } catch {
    return false;
  }
}
