import path from 'node:path';
import { loadConfig } from '../server/store/load-config.js';
import { ProjectRuntime } from '../server/runtime/project-runtime.js';
import { UserError } from '../server/errors/user-error.js';
import { exportSite } from '../server/export/export-site.js';
import type { ContentPrefetch } from '../server/store/content-prefetch.js';
import { startVersionPrefetch } from '../server/runtime/start-version-prefetch.js';
import { defaultOutFolder, findVariantClash } from '../server/export/export-variant.js';
import { startPreview } from '../server/export/preview-export.js';
import { openAppRenderer } from '../server/runtime/app-renderer.js';
import { openProjectCode } from '../server/runtime/project-code.js';
import { readProjectApi } from '../server/project/read-project-api.js';
import { applyProjectApi } from '../server/runtime/project-config.js';
import { createProgressLine } from './progress-line.js';

export interface ExportCommandOptions {
  dir: string;
  /** Default: dist-api, or dist-api-<locale>[-draft] for another locale or the drafts. */
  out?: string | undefined;
  basePath?: string | undefined;
  status: string;
  locale?: string | undefined;
  clean: boolean;
  all: boolean;
  /** After exporting, serve the folder as a static host would, until stopped. */
  serve?: { port: number; host: string } | undefined;
  /** Content a worker has been reading since before this module loaded (started here otherwise). */
  prefetch?: ContentPrefetch | undefined;
}

/** `cms export`: writes the API as static files. Resolves to an exit code. */
export async function runExport(options: ExportCommandOptions, stdout: NodeJS.WriteStream = process.stdout): Promise<number> {
  const started = Date.now();
  if (options.status !== 'published' && options.status !== 'draft') throw new UserError(`--status: expected published or draft, got ${options.status}`, 2);
  let project: ProjectRuntime;
  const prefetch = options.prefetch ?? startVersionPrefetch(options.dir);
  try {
    const config = applyProjectApi(loadConfig(options.dir, { watch: false }), await readProjectApi(options.dir));
    const prefixed = options.basePath === undefined ? config : { ...config, rest: { ...config.rest, prefix: normalizeBase(options.basePath) } };
    const line = createProgressLine(process.stderr);
    try {
      project = ProjectRuntime.open(prefixed, { info: () => {}, warn: () => {}, progress: line.progress }, prefetch);
    } finally {
      line.clear();
    }
  } catch (error) {
    // A reading worker left running would keep the process from exiting.
    prefetch.close();
    throw error;
  }
  const config = project.config;
  if (options.locale !== undefined && !project.current.index.hasLocale(options.locale)) {
    throw new UserError(`--locale: ${options.locale} is not one of the configured locales (${config.i18n.locales.map((l) => l.code).join(', ')})`, 2);
  }
  const defaultLocale = config.i18n.defaultLocale;
  const variant = { status: options.status, locale: options.locale ?? defaultLocale } as const;
  const out = options.out ?? defaultOutFolder(variant, defaultLocale);
  const outDir = path.resolve(out);
  const clash = findVariantClash(outDir, variant, defaultLocale);
  if (clash !== undefined) throw new UserError(`--out ${out}: ${clash}`, 2);
  const interactive = stdout.isTTY === true && !process.env['CI'];
  // A project with code answers through its own app, so its route middlewares shape the files.
  const warn = (message: string) => console.error(`warning: ${message}`);
  const code = await openProjectCode(config, project, { info: () => {}, warn, error: warn });
  const renderer = code === undefined ? undefined : await openAppRenderer({ config, runtime: project, code, all: options.all, warn });
  let result;
  try {
    result = await exportSite(project.current, config, {
      render: renderer?.render,
      outDir,
      clean: options.clean,
      all: options.all,
      status: options.status,
      locale: options.locale,
      variant,
      ...(interactive
        ? {
            onProgress: (done: number, total: number) => {
              stdout.write(`\rexporting ${done}/${total} files (${((Date.now() - started) / 1000).toFixed(1)} s)`);
            },
          }
        : {}),
    });
  } finally {
    await renderer?.close();
  }
  if (interactive) stdout.write('\r\x1b[K');
  if (result.problems.length > 0) {
    for (const problem of result.problems) console.error(`error: ${problem}`);
    console.error(`export stopped: ${result.problems.length} problem${result.problems.length > 1 ? 's' : ''}, nothing written`);
    return 1;
  }
  for (const warning of result.warnings) console.error(`warning: ${warning}`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `exported ${result.files} files (${result.uploads} uploads, ${(result.bytes / 1e6).toFixed(1)} MB) to ${out} in ${seconds} s: ` +
      `${result.written} written, ${result.unchanged} unchanged${options.clean ? `, ${result.removed} removed` : ''}`,
  );
  if (options.serve !== undefined) await previewUntilStopped(outDir, options.serve);
  return 0;
}

/** `--serve`: the folder as a static host serves it, until Ctrl-C or SIGTERM. */
async function previewUntilStopped(outDir: string, listen: { port: number; host: string }): Promise<void> {
  const preview = await startPreview(outDir, listen, { info: (message) => console.log(message), warn: (message) => console.error(`warning: ${message}`) });
  console.log(
    `previewing the export at ${preview.url}/api as a static host serves it (a path plus .json is its file; query strings are ignored). Ctrl-C stops.`,
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await preview.close();
}

function normalizeBase(base: string): string {
  const trimmed = `/${base.replace(/^\/+|\/+$/g, '')}`;
  return trimmed === '/' ? '' : trimmed;
}
