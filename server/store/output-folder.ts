import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { isProjectPath, resolveProjectPath } from './project-layout.js';
import { readFolderUnsorted } from './read-folder.js';

/**
 * Writes a file the user named on the command line (`--out`), which may be outside the project:
 * relative to the working folder, its folder created, atomically like project files, so an editor
 * or a watcher never reads half a file.
 */
export function writeOutputFile(file: string, text: string): void {
  writeFileAtomic(path.resolve(file), text);
}

/**
 * A folder cms writes files into that can be made again at any time (`cms export --out`): paths
 * inside it only, each file replaced atomically (a reader never sees half a file) but without the
 * fsyncs that content files get.
 */
export class OutputFolder {
  constructor(readonly root: string) {}

  /**
   * Every regular file under the root, as project-relative paths (`api/articles/x.json`), listed
   * once: asking `exists` of each file of an export costs a system call each (a tenth of a second per
   * 10,000 files on a VM), a listing a fraction of that. Links are not followed, nor listed.
   */
  listFiles(): Set<string> {
    const files = new Set<string>();
    const walk = (relDir: string): void => {
      let entries: fs.Dirent[];
      try {
        entries = readFolderUnsorted(relDir === '' ? this.root : resolveProjectPath(this.root, relDir));
      } catch {
        return;
      }
      for (const entry of entries) {
        const relPath = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
        if (entry.isDirectory()) walk(relPath);
        else if (entry.isFile()) files.add(relPath);
      }
    };
    walk('');
    return files;
  }

  readText(relPath: string): string | undefined {
    try {
      return fs.readFileSync(resolveProjectPath(this.root, relPath), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** A file's bytes; undefined when it is missing or not a regular file (a link is not followed). */
  readBytes(relPath: string): Buffer | undefined {
    if (!isProjectPath(relPath)) return undefined;
    const absolute = resolveProjectPath(this.root, relPath);
    try {
      return fs.lstatSync(absolute).isFile() ? fs.readFileSync(absolute) : undefined;
    } catch {
      return undefined;
    }
  }

  write(relPath: string, content: string | Uint8Array): void {
    writeFileAtomic(resolveProjectPath(this.root, relPath), content, { durable: false });
  }

  /** Removes a file, then the folders it leaves empty (up to the root). */
  remove(relPath: string): void {
    fs.rmSync(resolveProjectPath(this.root, relPath), { force: true });
    let dir = path.posix.dirname(relPath);
    while (dir !== '.' && dir !== '') {
      const absolute = resolveProjectPath(this.root, dir);
      try {
        if (fs.readdirSync(absolute).length > 0) return;
        fs.rmdirSync(absolute);
      } catch {
        return;
      }
      dir = path.posix.dirname(dir);
    }
  }
}
