import { isPlainObject } from '../config/is-plain-object.js';
import { UserError } from '../errors/user-error.js';
import { readProjectText, writeProjectText } from '../store/project-files.js';

/** The scripts a cms project's package.json runs (`npm start`, `npm run check`, `npm run export`). */
export const PROJECT_SCRIPTS: Readonly<Record<string, string>> = {
  start: 'cms serve',
  check: 'cms check',
  export: 'cms export --clean',
};

/** What became of package.json. */
export type PackageOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Writes the project's package.json: a new one named `name`, with the scripts; or, when one exists (a Strapi project, or the one `npm install cms` made), adds each
 * script under its name when that is free, else as `cms:<name>`, and keeps everything else.
 */
export function writeProjectPackage(projectDir: string, name: string): PackageOutcome {
  const text = readProjectText(projectDir, 'package.json');
  if (text === undefined) {
    // No dependency on cms: the registry's package of that name is another project, so `npm install`
    // would fetch the wrong one. The scripts run the cms installed here or in a folder above.
    const manifest = { name, version: '0.1.0', private: true, type: 'module', scripts: { ...PROJECT_SCRIPTS } };
    writeProjectText(projectDir, 'package.json', `${JSON.stringify(manifest, null, 2)}\n`);
    return 'created';
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch (error) {
    throw new UserError(`package.json: not valid JSON (${(error as Error).message}); fix it or move it away, then run cms init again`);
  }
  if (!isPlainObject(manifest)) throw new UserError('package.json: expected a JSON object');
  const scripts = isPlainObject(manifest['scripts']) ? { ...manifest['scripts'] } : {};
  let changed = false;
  for (const [script, command] of Object.entries(PROJECT_SCRIPTS)) {
    if (Object.values(scripts).includes(command)) continue;
    const key = scripts[script] === undefined ? script : `cms:${script}`;
    if (scripts[key] !== undefined) continue;
    scripts[key] = command;
    changed = true;
  }
  if (!changed) return 'unchanged';
  const indent = /^\{\r?\n(\s+)"/.exec(text)?.[1] ?? '  ';
  writeProjectText(projectDir, 'package.json', `${JSON.stringify({ ...manifest, scripts }, null, indent)}\n`);
  return 'updated';
}

/** A folder name as an npm package name: lower case, letters, digits, `-`, `.` and `_`. */
export function toPackageName(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|[-]+$/g, '');
  return name === '' ? 'my-site' : name.slice(0, 214);
}
