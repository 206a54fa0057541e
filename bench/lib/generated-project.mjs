// A generated benchmark project made once and kept under the OS temp dir: generated into a partial
// folder, renamed when complete, with a marker beside it saying how long generation took, so that a
// run that was stopped half way is never taken for a finished project.
import fs from 'node:fs';
import path from 'node:path';
import { defaultProjectDir, generateProject } from '../generate.mjs';

function markerOf(dir) {
  return `${dir}.complete.json`;
}

function articleCount(dir) {
  try {
    return fs.readdirSync(path.join(dir, 'content', 'articles')).length;
  } catch {
    return -1;
  }
}

/**
 * The project of `count` articles (seed 1), generated now when it is not there yet. Resolves to
 * `{ dir, generatedNow, seconds }`, seconds being how long its generation took (now or back then,
 * when known).
 */
export function ensureGeneratedProject(count, log = console.log) {
  const dir = defaultProjectDir(count);
  const marker = markerOf(dir);
  if (fs.existsSync(marker) && fs.existsSync(path.join(dir, 'content'))) {
    const { seconds } = JSON.parse(fs.readFileSync(marker, 'utf8'));
    return { dir, generatedNow: false, seconds };
  }
  // Made by `node bench/generate.mjs` without a marker: complete when every article is there.
  if (articleCount(dir) === count) return { dir, generatedNow: false, seconds: undefined };
  const partial = path.join(path.dirname(dir), `.partial-${path.basename(dir)}`);
  log(`generating ${count} articles into ${dir} (once; kept for later runs) …`);
  const started = performance.now();
  generateProject({ count, out: partial, seed: 1 });
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  fs.writeFileSync(marker, `${JSON.stringify({ count, seconds })}\n`);
  return { dir, generatedNow: true, seconds };
}
