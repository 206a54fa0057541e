import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';

/**
 * Writes a file the user named on the command line (`--out`), which may be outside the project:
 * relative to the working folder, its folder created, atomically like project files, so an editor
 * or a watcher never reads half a file.
 */
export function writeOutputFile(file: string, text: string): void {
  writeFileAtomic(path.resolve(file), text);
}
