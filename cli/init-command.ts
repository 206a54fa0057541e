import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../server/errors/user-error.js';
import { initFromStrapi } from '../server/scaffold/init-from-strapi.js';
import { type InitResult, TEMPLATES, initProject, isTemplateName } from '../server/scaffold/init-project.js';
import { isEmptyFolder, readTemplateFiles } from '../server/store/template-files.js';
import type { CommandOutput } from './token-command.js';

export interface InitOptions {
  /** The new project's folder (default: the working folder). */
  folder?: string | undefined;
  template: string;
  /** A Strapi v5 project folder to make a cms project in place. */
  fromStrapi?: string | undefined;
}

/** The templates shipped in the package: `templates/<name>/` beside dist/. */
const TEMPLATES_DIR = fileURLToPath(new URL('../../templates/', import.meta.url));

const consoleOutput: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** `cms init`: a new project from a template, or a Strapi project made a cms project in place. */
export function runInit(options: InitOptions, output: CommandOutput = consoleOutput): number {
  if (options.fromStrapi !== undefined) return runFromStrapi(options, output);
  if (!isTemplateName(options.template)) throw new UserError(`--template: expected ${TEMPLATES.join(' or ')}, got "${options.template}"`, 2);
  const dir = path.resolve(options.folder ?? '.');
  const result = initProject({ dir, files: readTemplateFiles(path.join(TEMPLATES_DIR, options.template)) });
  output.out(`created a project from the ${options.template} template in ${shown(dir)}: ${result.written.length} files, content/ and uploads/`);
  output.out(describeExtras(result));
  output.out('');
  output.out('next:');
  const installed = findsCms(dir);
  if (installed) {
    if (options.folder !== undefined && path.resolve(options.folder) !== process.cwd()) output.out(`  cd ${shown(dir)}`);
    output.out('  npx cms serve        # http://localhost:1337/api');
  } else output.out(`  ${invocation()} serve --dir ${shown(dir)}        # http://localhost:1337/api`);
  if (result.routes[0] !== undefined) output.out(`  curl localhost:1337${result.routes[0]}`);
  if (!installed) warnNotInstalled(dir, output);
  return 0;
}

/** The cms package this CLI is part of (dist/cli/ is two folders down). */
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Whether `npx cms` and the project's scripts find a cms in `dir`: installed there or in a folder
 * above it (npm puts every node_modules/.bin up the tree on the scripts' PATH). A project made in
 * cms's own repository is not: its package.json is the nearest, and names no cms.
 */
function findsCms(dir: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, 'node_modules', '.bin', 'cms'))) return true;
    if (path.dirname(at) === at) return false;
  }
}

/** How this cms was run, for a command line the user can type in the same folder. */
function invocation(): string {
  if (process.env['npm_command'] === 'exec') return 'npx cms';
  const script = process.argv[1] ?? '';
  return path.basename(script) === 'cms' ? 'cms' : `node ${shown(script)}`;
}

/**
 * The new project's scripts and README run cms from the project; where no cms is installed,
 * `npx cms` would fetch the unrelated npm package of that name and run it.
 */
function warnNotInstalled(dir: string, output: CommandOutput): void {
  output.err('');
  output.err(`note: no cms is installed in ${shown(dir)} or a folder above it, so its \`npm start\` and \`npx cms\` do not find this one`);
  output.err(`(\`npx cms\` would fetch and run the unrelated npm package named cms). To install this one there:`);
  output.err(`  cd ${shown(dir)} && npm install --save-dev ${path.relative(dir, PACKAGE_DIR) || '.'}`);
}

function runFromStrapi(options: InitOptions, output: CommandOutput): number {
  const dir = path.resolve(options.fromStrapi!);
  if (options.folder !== undefined && path.resolve(options.folder) !== dir) {
    throw new UserError(
      `--from-strapi: a Strapi project becomes a cms project in its own folder (cms reads its src/ in place); run \`cms init --from-strapi ${options.fromStrapi}\` without a folder`,
      2,
    );
  }
  if (isEmptyFolder(dir)) throw new UserError(`--from-strapi: ${shown(dir)} is empty or does not exist`, 2);
  const result = initFromStrapi(dir);
  const { contentTypes, components } = result.found;
  output.out(
    `found ${count(contentTypes.length, 'content type')} (src/api/*/content-types/*/schema.json) and ${count(components.length, 'component')} (src/components/*/*.json) in ${shown(dir)}`,
  );
  for (const { file } of contentTypes) output.out(`  ${file}`);
  if (!result.found.dependsOnStrapi) output.err('warning: package.json does not name @strapi/strapi; is this a Strapi v5 project?');
  output.out(`added content/ and uploads/ (empty)${result.written.length > 0 ? `, ${result.written.join(', ')}` : ''}`);
  if (result.publicActions.length > 0) {
    output.out(
      `cms.config.json: the public role may read every content type (${result.publicActions.length} actions); Strapi's own permissions live in its database`,
    );
  }
  output.out(describeExtras(result));
  output.out('');
  const installed = findsCms(dir);
  output.out(`next: ${installed ? 'npx cms' : invocation()} serve --dir ${shown(dir)}`);
  if (!installed) warnNotInstalled(dir, output);
  return 0;
}

function describeExtras(result: Pick<InitResult, 'packageJson' | 'gitignore'>): string {
  const pkg = { created: 'package.json created', updated: 'package.json: scripts added', unchanged: 'package.json unchanged' }[result.packageJson];
  return `${pkg}; .gitignore ${result.gitignore ? 'keeps .cms/, users/ and the export folders out of git' : 'unchanged'}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A path as the user would type it: relative to the working folder when inside it. */
function shown(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  if (relative === '') return '.';
  return relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative;
}
