import fs from 'node:fs';
import path from 'node:path';
import { type RefusedEntry, refusalOfEntry } from './plain-file.js';
import { SIDECAR_SUFFIX, UPLOADS_DIR, resolveProjectPath } from './project-layout.js';

/** What uploads/ holds, as paths relative to it (forward slashes), in listing order. */
export interface UploadFiles {
  /** Media files: regular files that are not sidecars. */
  readonly media: string[];
  /** `<media path>.meta.json` names (regular files), whether or not their media file exists. */
  readonly sidecars: string[];
  /** Links and special files (uploads/ itself, when it is one), never read, served nor followed; project-relative. */
  readonly refused: RefusedEntry[];
}

/** Walks uploads/ (hidden names skipped); empty lists when it does not exist. */
export function listUploadFiles(projectDir: string): UploadFiles {
  const media: string[] = [];
  const sidecars: string[] = [];
  const refused: RefusedEntry[] = [];
  const root = resolveProjectPath(projectDir, UPLOADS_DIR);
  const walk = (dir: string, prefix: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = prefix + entry.name;
      const reason = refusalOfEntry(entry);
      if (reason !== undefined) refused.push({ path: `${UPLOADS_DIR}/${rel}`, reason });
      else if (entry.isDirectory()) walk(path.join(dir, entry.name), `${rel}/`);
      else if (entry.name.endsWith(SIDECAR_SUFFIX)) sidecars.push(rel);
      else media.push(rel);
    }
  };
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(root);
  } catch {
    stat = undefined;
  }
  const rootRefusal = stat === undefined ? undefined : refusalOfEntry(stat);
  if (rootRefusal !== undefined) refused.push({ path: UPLOADS_DIR, reason: rootRefusal });
  else if (stat?.isDirectory() === true) walk(root, '');
  return { media, sidecars, refused };
}
