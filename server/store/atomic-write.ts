import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readFolderNames } from './read-folder.js';
import { isProcessRunning } from './process-running.js';

/**
 * Writes a file so that a crash at any moment leaves either the old or the new content, never a
 * mix: write a hidden temp file in the same folder, fsync it, rename it over the target, fsync the
 * folder. Synchronous on purpose: a write then happens as one step between requests, so writes to
 * the same document never interleave. `durable: false` skips the fsyncs, for files that can be
 * made again (an export): readers still never see half a file.
 */
export function writeFileAtomic(file: string, content: string | Uint8Array, options: { durable?: boolean } = {}): void {
  const durable = options.durable ?? true;
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${nextTempSuffix()}.tmp`);
  const fd = fs.openSync(temp, 'w', 0o644);
  try {
    fs.writeFileSync(fd, content);
    if (durable) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  if (durable) syncPath(dir);
}

// Temp names differ by pid between processes and by a counter within one (from a random start):
// a random draw per file costs more than the write of a small file.
let tempCounter = crypto.randomBytes(4).readUInt32BE(0);

function nextTempSuffix(): string {
  tempCounter = (tempCounter + 1) >>> 0;
  return tempCounter.toString(16).padStart(8, '0');
}

/** Removes a file (if present) durably. Returns whether it existed. */
export function removeFileDurably(file: string): boolean {
  try {
    fs.unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  syncPath(path.dirname(file));
  return true;
}

const TEMP_NAME = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Removes temp files that a writer killed before its rename left behind in a folder (ours are
 * `.<name>.<pid>.<random>.tmp`; those of a process still running are kept). Returns how many.
 * `names`: the folder's listing, when the caller has it already.
 */
export function removeStaleTempFiles(dir: string, names?: readonly string[]): number {
  let removed = 0;
  if (names === undefined) {
    try {
      names = readFolderNames(dir);
    } catch {
      return 0;
    }
  }
  for (const name of names) {
    if (!name.startsWith('.')) continue;
    const pid = TEMP_NAME.exec(name)?.[1];
    if (pid === undefined || isProcessRunning(Number(pid))) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed++;
  }
  return removed;
}

/**
 * fsyncs a file, or a folder so that a rename or removal in it survives a crash, where the file
 * system allows: one that is gone again or cannot be synced (some file systems cannot fsync a
 * folder; a rename is still atomic) is left as it is.
 */
export function syncPath(target: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(target, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Nothing to flush.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
