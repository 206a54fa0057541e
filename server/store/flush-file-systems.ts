import { spawnSync } from 'node:child_process';

/**
 * Flushes the file systems holding `folders` to disk with one `sync -f` (Linux's syncfs: every
 * dirty file and folder of each file system at once, one journal commit), instead of one fsync per
 * file (a journal commit each: thousands of files wait minutes on a busy disk). Answers false
 * where that is not available (not Linux, no GNU `sync`, a folder gone): the caller then fsyncs
 * file by file.
 */
export function flushFileSystems(folders: readonly string[]): boolean {
  if (process.platform !== 'linux' || folders.length === 0) return false;
  try {
    return spawnSync('sync', ['--file-system', '--', ...folders], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}
