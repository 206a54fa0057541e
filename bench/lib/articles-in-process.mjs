// A generated project loaded in this process, for the benches that time the engine without HTTP.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultProjectDir } from '../generate.mjs';
import { DIST } from './dist-path.mjs';
import { machineNote } from './machine-note.mjs';

/** The value given after `--<name>` on the command line, or `fallback`. */
export function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

/** Imports a module of the build (dist/, or CMS_DIST). */
export const loadDist = (file) => import(pathToFileURL(path.join(DIST, file)).href);

/** Loads `--dir` (default: the generated 100,000) and answers its config, state and published articles. */
export async function loadPublishedArticles() {
  const { loadConfig } = await loadDist('server/store/load-config.js');
  const { loadProject } = await loadDist('server/runtime/load-project.js');
  const dir = path.resolve(option('dir', defaultProjectDir(100000)));
  console.log(machineNote());
  const started = performance.now();
  const config = loadConfig(dir, {}, {});
  const state = loadProject(config);
  const type = state.registry.byRouteName.get('articles');
  const entries = state.index.entries(type, 'published', null);
  console.log(`${dir}: ${entries.length} published articles, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { config, state, type, entries };
}
