import fs from 'node:fs';
import { refusalOfEntry } from './plain-file.js';
import { SRC_API_DIR, SRC_DIR, resolveProjectPath } from './project-layout.js';

/** The extensions a project's code files may have, in the order one name is looked up (`src/index`). */
export const CODE_EXTENSIONS = ['.ts', '.js', '.mts', '.mjs', '.cts', '.cjs'] as const;

/** A code file of a Strapi project's src/, project-relative, with its name (the file name without extension). */
export interface CodeFile {
  readonly file: string;
  readonly name: string;
}

/** What a project's src/ holds, by Strapi's folders. */
export interface CodeFiles {
  /** `src/index.*`, if any. */
  readonly index: CodeFile | undefined;
  /** `src/middlewares/*`, `src/policies/*`. */
  readonly middlewares: readonly CodeFile[];
  readonly policies: readonly CodeFile[];
  readonly apis: readonly ApiCodeFiles[];
}

/** The code of one `src/api/<api>/`. */
export interface ApiCodeFiles {
  readonly api: string;
  readonly routes: readonly CodeFile[];
  readonly controllers: readonly CodeFile[];
  readonly services: readonly CodeFile[];
  readonly middlewares: readonly CodeFile[];
  readonly policies: readonly CodeFile[];
  /** `content-types/<name>/lifecycles.*`, by content-type name. */
  readonly lifecycles: readonly CodeFile[];
}

/**
 * Lists the code of a Strapi project's src/ (links and special files are left out); undefined when
 * there is none, so a project without code loads no code loader at all.
 */
export function listCodeFiles(projectDir: string): CodeFiles | undefined {
  if (!isFolder(projectDir, SRC_DIR)) return undefined;
  const index = codeFiles(projectDir, SRC_DIR).find((file) => file.name === 'index');
  const apis: ApiCodeFiles[] = [];
  for (const api of folders(projectDir, SRC_API_DIR)) {
    const base = `${SRC_API_DIR}/${api}`;
    const lifecycles: CodeFile[] = [];
    for (const type of folders(projectDir, `${base}/content-types`)) {
      const file = codeFiles(projectDir, `${base}/content-types/${type}`).find((f) => f.name === 'lifecycles');
      if (file) lifecycles.push({ file: file.file, name: type });
    }
    apis.push({
      api,
      routes: codeFiles(projectDir, `${base}/routes`),
      controllers: codeFiles(projectDir, `${base}/controllers`),
      services: codeFiles(projectDir, `${base}/services`),
      middlewares: codeFiles(projectDir, `${base}/middlewares`),
      policies: codeFiles(projectDir, `${base}/policies`),
      lifecycles,
    });
  }
  const files: CodeFiles = {
    index,
    middlewares: codeFiles(projectDir, `${SRC_DIR}/middlewares`),
    policies: codeFiles(projectDir, `${SRC_DIR}/policies`),
    apis,
  };
  const count = (index ? 1 : 0) + files.middlewares.length + files.policies.length;
  const inApis = apis.reduce(
    (n, a) => n + a.routes.length + a.controllers.length + a.services.length + a.middlewares.length + a.policies.length + a.lifecycles.length,
    0,
  );
  return count + inApis === 0 ? undefined : files;
}

/** The absolute path of a listed code file, for the loader. */
export function codeFilePath(projectDir: string, file: string): string {
  return resolveProjectPath(projectDir, file);
}

function isFolder(projectDir: string, rel: string): boolean {
  try {
    return fs.lstatSync(resolveProjectPath(projectDir, rel)).isDirectory();
  } catch {
    return false;
  }
}

function entries(projectDir: string, rel: string): fs.Dirent[] {
  if (!isFolder(projectDir, rel)) return [];
  return fs
    .readdirSync(resolveProjectPath(projectDir, rel), { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && refusalOfEntry(entry) === undefined)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function folders(projectDir: string, rel: string): string[] {
  return entries(projectDir, rel)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Code files directly in a folder; `x.d.ts` declarations are not code. */
function codeFiles(projectDir: string, rel: string): CodeFile[] {
  const out: CodeFile[] = [];
  for (const entry of entries(projectDir, rel)) {
    const ext = CODE_EXTENSIONS.find((e) => entry.name.endsWith(e));
    if (!entry.isFile() || ext === undefined || entry.name.endsWith('.d.ts')) continue;
    const name = entry.name.slice(0, -ext.length);
    if (out.some((f) => f.name === name)) continue;
    out.push({ file: `${rel}/${entry.name}`, name });
  }
  return out;
}
