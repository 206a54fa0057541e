// Where the compiled server lives. Benchmarks import it from dist/ (run `npm run build` first);
// CMS_DIST=<folder> points them at another build (e.g. a snapshot compiled with --outDir).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DIST = process.env['CMS_DIST'] ? path.resolve(process.env['CMS_DIST']) : path.join(ROOT, 'dist');

/** Absolute path of a compiled file, e.g. `cli/main.js`, with a clear message when it is missing. */
export function distFile(relPath) {
  const file = path.join(DIST, relPath);
  if (!fs.existsSync(file)) throw new Error(`${file} not found: run \`npm run build\` first`);
  return file;
}

/**
 * Imports a compiled module, e.g. `server/runtime/start-server.js`. Older builds kept some modules
 * elsewhere: `formerPath` is tried when the first is not in the build (to compare builds side by side).
 */
export async function importDist(relPath, formerPath) {
  const found = formerPath !== undefined && !fs.existsSync(path.join(DIST, relPath)) ? formerPath : relPath;
  return import(pathToFileURL(distFile(found)).href);
}

/**
 * The CLIs an A/B run takes turns with: `[label, cli/main.js]` of the baseline (another checkout,
 * built) when given, then this build's.
 */
export function buildsToCompare(baseline) {
  const mine = ['this build', distFile('cli/main.js')];
  return baseline ? [['baseline', path.join(path.resolve(baseline), 'dist/cli/main.js')], mine] : [mine];
}
