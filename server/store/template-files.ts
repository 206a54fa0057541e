import fs from 'node:fs';
import path from 'node:path';
import { refusalOfEntry } from './plain-file.js';
import { resolveProjectPath } from './project-layout.js';

/** A file of a project template: its path relative to the template (forward slashes) and its bytes. */
export interface TemplateFile {
  readonly path: string;
  readonly bytes: Buffer;
}

/**
 * Every regular file under a template folder (one of the templates shipped in the package), sorted
 * by path; links and special files are skipped. Throws when the folder does not exist.
 */
export function readTemplateFiles(templateDir: string): TemplateFile[] {
  const files: TemplateFile[] = [];
  const walk = (rel: string): void => {
    const dir = rel === '' ? templateDir : path.join(templateDir, rel);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (refusalOfEntry(entry) !== undefined) continue;
      if (entry.isDirectory()) walk(child);
      else files.push({ path: child, bytes: fs.readFileSync(path.join(dir, entry.name)) });
    }
  };
  walk('');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Whether a folder holds nothing, or does not exist. */
export function isEmptyFolder(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Creates a folder of a project (and the project folder itself), as `mkdir -p`. */
export function createProjectFolder(projectDir: string, relPath: string): void {
  fs.mkdirSync(relPath === '.' ? projectDir : resolveProjectPath(projectDir, relPath), { recursive: true });
}
