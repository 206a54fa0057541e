import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The editor's built front end (`admin/dist` of this package, made by `npm install`). */
export const ADMIN_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'admin', 'dist');

/** Every file of the built editor, by path relative to its folder (forward slashes); empty when it was not built. */
export function readAdminAssets(dir = ADMIN_DIST_DIR): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (rel: string): void => {
    const full = path.join(dir, rel);
    for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.set(child, fs.readFileSync(path.join(dir, child)));
    }
  };
  if (fs.existsSync(dir)) walk('');
  return files;
}
