import fs from 'node:fs';

/** Whether a project folder exists at `dir` (a folder, not a file). */
export function isProjectFolder(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
