import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FileError } from '../errors/file-error.js';
import { codeFilePath } from '../store/list-code-files.js';
import { FACTORIES } from './factories.js';
import { STRAPI_ERRORS } from './strapi-errors.js';

/** Loads a project's code files, TypeScript or JavaScript, ESM or CommonJS. */
export interface CodeLoader {
  /** A file's default export (or `module.exports`). Throws a FileError naming the file and line. */
  load(file: string): Promise<unknown>;
}

/**
 * A loader for one load of the project's code (jiti, imported only here and only for projects that
 * have code): every call reads the files afresh, so a reload sees edits. `@strapi/strapi` and
 * `@strapi/utils` resolve to cms's own `factories` and `errors`; nothing of Strapi is installed.
 */
export async function createCodeLoader(projectDir: string): Promise<CodeLoader> {
  const [{ createJiti }, { transform }] = await Promise.all([import('jiti'), import('sucrase')]);
  const jiti = createJiti(pathToFileURL(path.join(projectDir, 'package.json')).href, {
    moduleCache: false,
    fsCache: false,
    interopDefault: true,
    // sucrase rather than jiti's own babel: several times faster to load and to run, and it keeps
    // every line where it was, so stack traces and compile errors name the file's own lines.
    transform: (options) => ({
      code: transform(options.source, {
        transforms: isTypeScript(options.filename) || options.ts === true ? ['typescript', 'imports'] : ['imports'],
        ...(options.filename === undefined ? {} : { filePath: options.filename }),
      }).code,
    }),
    virtualModules: {
      '@strapi/strapi': { factories: FACTORIES },
      '@strapi/utils': { errors: STRAPI_ERRORS },
    },
  });
  return {
    async load(file) {
      const absolute = codeFilePath(projectDir, file);
      try {
        const mod = (await jiti.import(absolute)) as Record<string, unknown> | undefined;
        return mod !== null && typeof mod === 'object' && 'default' in mod ? mod['default'] : mod;
      } catch (error) {
        throw codeError(projectDir, file, error);
      }
    },
  };
}

function isTypeScript(filename: string | undefined): boolean {
  return filename !== undefined && /\.[cm]?tsx?$/.test(filename);
}

/** A FileError for a file that failed to compile or threw while loading, at the line it names. */
export function codeError(projectDir: string, file: string, error: unknown): FileError {
  if (error instanceof FileError) return error;
  const err = error instanceof Error ? error : new Error(String(error));
  const located = locateInStack(projectDir, err.stack ?? '') ?? locateInMessage(file, err.message);
  const message = err.message.split('\n')[0] ?? err.message;
  return Object.assign(new FileError(located?.file ?? file, message, located?.position), { cause: err });
}

/** The first frame of the stack inside the project's src/ or config/. */
function locateInStack(projectDir: string, stack: string): { file: string; position: { line: number; column: number } } | undefined {
  const roots = ['src', 'config'].map((folder) => path.join(projectDir, folder) + path.sep);
  for (const match of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+):(\d+):(\d+)/g)) {
    const absolute = match[1] ?? '';
    if (!roots.some((root) => absolute.startsWith(root))) continue;
    const file = path.relative(projectDir, absolute).split(path.sep).join('/');
    return { file, position: { line: Number(match[2]), column: Number(match[3]) } };
  }
  return undefined;
}

/** A compile error names its position in its message (`(3:14)` or `:3:14`). */
function locateInMessage(file: string, message: string): { file: string; position: { line: number; column: number } } | undefined {
  const match = /\((\d+):(\d+)\)|:(\d+):(\d+)/.exec(message);
  if (match === null) return undefined;
  const line = Number(match[1] ?? match[3]);
  const column = Number(match[2] ?? match[4]) + (match[1] !== undefined ? 1 : 0);
  return { file, position: { line, column } };
}
