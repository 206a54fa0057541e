import fs from 'node:fs';
import path from 'node:path';
import { SIDECAR_SUFFIX, UPLOADS_DIR, resolveProjectPath } from './project-layout.js';

/** What uploads/ holds, as paths relative to it (forward slashes), in listing order. */
export interface UploadFiles {
  /** Media files: regular files that are not sidecars. */
  readonly media: string[];
  /** `<media path>.meta.json` names, whether or not their media file exists. */
  readonly sidecars: string[];
}

/** Walks uploads/ (hidden names skipped); empty lists when it does not exist. */
export function listUploadFiles(projectDir: string): UploadFiles {
  const media: string[] = [];
  const sidecars: string[] = [];
  const root = resolveProjectPath(projectDir, UPLOADS_DIR);
  const walk = (dir: string, prefix: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const rel = prefix + entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${rel}/`);
      else if (entry.name.endsWith(SIDECAR_SUFFIX)) sidecars.push(rel);
      else if (entry.isFile()) media.push(rel);
    }
  };
  if (fs.existsSync(root)) walk(root, '');
  return { media, sidecars };
}
