import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES_DIR } from './paths.js';

/** A throwaway copy of a fixture project (or an empty folder) in the system temp dir. */
export interface TempProject {
  readonly dir: string;
  /** Writes a project-relative file (creating folders). */
  write(rel: string, content: string | object): void;
  read(rel: string): string;
  remove(rel: string): void;
  exists(rel: string): boolean;
  cleanup(): void;
}

export function createTempProject(fixture?: string): TempProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-test-'));
  if (fixture !== undefined) {
    fs.cpSync(path.join(FIXTURES_DIR, fixture), dir, { recursive: true });
  }
  return {
    dir,
    write(rel, content) {
      const file = path.join(dir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
    },
    read: (rel) => fs.readFileSync(path.join(dir, rel), 'utf8'),
    remove: (rel) => fs.rmSync(path.join(dir, rel), { recursive: true, force: true }),
    exists: (rel) => fs.existsSync(path.join(dir, rel)),
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
