import type { CmsConfig } from '../config/cms-config.js';
import { digestOf } from '../documents/answer-headers.js';
import { isPlainObject } from '../config/is-plain-object.js';
import type { ProjectSnapshot } from '../documents/project-port.js';
import { canFind, publicCaller } from '../auth/caller.js';
import { FileError } from '../errors/file-error.js';
import { findContentTypeByRoute, routeName } from '../schema/schema-registry.js';
import { OutputFolder } from '../store/output-folder.js';
import { UPLOADS_DIR, isProjectPath } from '../store/project-layout.js';
import { readMediaBytes } from '../store/read-media.js';
import { collectMediaPaths } from './collect-media.js';
import { type ExportItem, type ExportOptions, planDocuments, withParams } from './export-plan.js';
import { HEADERS_FILE, createHeadersFile } from './headers-file.js';
import type { ExportVariant } from './export-variant.js';
import { type RenderedBody, renderRead } from './render-export.js';
import type { ContentType } from '../schema/content-type.js';

export const MANIFEST_FILE = 'manifest.json';

export interface ExportRun extends ExportOptions {
  readonly outDir: string;
  /** Remove files a previous export wrote that this one no longer produces. */
  readonly clean: boolean;
  readonly onProgress?: (done: number, total: number) => void;
  /** Recorded in the manifest, so a later export of another variant does not overwrite this one. */
  readonly variant: ExportVariant;
  /**
   * Answers one request of the export; default: the core read path. A project with code passes the
   * running app's answers (runtime/app-renderer.ts), so route middlewares and controllers shape them.
   */
  readonly render?: RenderRequest | undefined;
}

/** One read request of an export, answered as `cms serve` answers it. */
export type RenderRequest = (request: { type: ContentType; documentId: string | undefined; querystring: string }) => Promise<RenderedBody>;

export interface ExportResult {
  readonly files: number;
  readonly written: number;
  readonly unchanged: number;
  readonly removed: number;
  readonly uploads: number;
  readonly bytes: number;
  /** Problems that stopped the export (invalid files, failing presets); nothing was written then. */
  readonly problems: readonly string[];
  /** What a static host will serve differently from `cms serve` (a preset whose request depends on its query string). */
  readonly warnings: readonly string[];
}

/**
 * Freezes the API into static files: every readable document, list page and single type, the
 * presets, the uploads they reference, and a manifest with a hash per file. Only files whose bytes
 * changed are written, so a second run changes nothing and an edit touches only what shows it.
 */
export async function exportSite(snapshot: ProjectSnapshot, config: CmsConfig, run: ExportRun): Promise<ExportResult> {
  const stopped = (problems: string[]): ExportResult => ({ files: 0, written: 0, unchanged: 0, removed: 0, uploads: 0, bytes: 0, problems, warnings: [] });
  const fileProblems = [...snapshot.problems.values()].map((problem: FileError) => problem.format());
  if (fileProblems.length > 0) return stopped(fileProblems);

  const items = planDocuments(snapshot, config, run);
  const warnings: string[] = [];
  const warn = (message: string): void => {
    if (warnings.length < 100) warnings.push(message);
  };
  // The files answer what an anonymous visitor would get: relations to types the public role may
  // not read are left out, as `cms serve` leaves them out for it (unless --all exports everything).
  const caller = publicCaller(config);
  const read = { warn, canFind: run.all ? undefined : (uid: string) => canFind(caller, uid) };
  const answer: RenderRequest = run.render ?? (async (request) => renderRead(snapshot, request, { config, ...read }));
  const render = (item: ExportItem): Promise<RenderedBody> => answer({ type: item.type, documentId: item.documentId, querystring: item.querystring });
  // A single type nobody has written yet answers 404, as on the server: it has no file, and a static host answers 404 too.
  const isEmptySingle = (item: ExportItem, body: RenderedBody): boolean => item.type.kind === 'singleType' && body.status === 404;

  // Everything that can fail is tried before anything is written: the presets, and each type's
  // default query on its first file. Then the files are written as they are rendered, so memory
  // holds one body at a time rather than the whole site.
  const problems: string[] = [];
  const hostWarnings: string[] = [];
  const presets = new Map<string, { text: string; type: ContentType }>();
  for (const [name, apiPath] of Object.entries(config.export.presets).sort()) {
    const target = resolveApiPath(snapshot, config, apiPath);
    if (typeof target === 'string') {
      problems.push(`export.presets.${name}: ${target}`);
      continue;
    }
    const body = await answer({ type: target.type, documentId: target.documentId, querystring: withParams(target.querystring, run) });
    if (body.status !== 200) problems.push(`export.presets.${name}: ${apiPath} answered ${body.status}: ${body.text}`);
    presets.set(`api/_presets/${name}.json`, { text: body.text, type: target.type });
    const plain = `api/${routeName(target.type)}${target.documentId === undefined ? '' : `/${target.documentId}`}.json`;
    if (target.querystring !== '' && items.some((item) => item.file === plain)) {
      // A static host drops the query string: the same request there answers the plain file with 200.
      hostWarnings.push(
        `export.presets.${name}: a static host ignores query strings, so a request for ${apiPath} gets ${plain} (${config.rest.prefix}/${plain.slice(4, -5)} without the query); ` +
          `request ${config.rest.prefix}/_presets/${name} for this answer`,
      );
    }
  }
  const firstOfType = new Map<string, ExportItem>();
  for (const item of items) if (!firstOfType.has(item.type.uid)) firstOfType.set(item.type.uid, item);
  for (const item of firstOfType.values()) {
    const body = await render(item);
    if (body.status !== 200 && !isEmptySingle(item, body)) problems.push(`${item.file}: the API answered ${body.status}: ${body.text}`);
  }
  if (problems.length > 0) return stopped(problems);

  const output = openOutput(run);
  const media = new Set<string>();
  const total = items.length + presets.size;
  let done = 0;
  const headers = createHeadersFile(config);
  for (const item of items) {
    const body = await render(item);
    if (++done % 500 === 0) run.onProgress?.(done, total);
    if (isEmptySingle(item, body)) continue;
    const text = body.text;
    output.put(item.file, text);
    headers.add(item.file, text, item.type);
    collectItemMedia(snapshot, item, run, media);
  }
  for (const [file, { text, type }] of presets) {
    output.put(file, text);
    headers.add(file, text, type);
  }
  output.put(HEADERS_FILE, headers.text());
  run.onProgress?.(total, total);
  output.put('serve.json', `${JSON.stringify(SERVE_CONFIG, null, 2)}\n`);
  for (const mediaPath of [...media].sort()) {
    const bytes = readMediaBytes(config.dir, mediaPath);
    if (bytes !== undefined) output.put(`${UPLOADS_DIR}/${mediaPath}`, bytes);
  }
  return { ...output.finish(), uploads: media.size, problems: [], warnings: hostWarnings };
}

function collectItemMedia(snapshot: ProjectSnapshot, item: ExportItem, run: ExportOptions, media: Set<string>): void {
  if (item.page !== undefined) return;
  const { index } = snapshot;
  const locale = item.type.localized ? (run.locale ?? index.defaultLocale) : null;
  const record = item.documentId === undefined ? index.findSingle(item.type, locale) : index.findRecord(item.type, item.documentId, locale);
  const entry = record && (run.status === 'draft' ? (record.draftFile ?? record.main) : record.main);
  if (entry) collectMediaPaths(index, item.type, entry.data, media);
}

/** `/api/articles/<id>?populate=*` → the type, documentId and query string it names. */
function resolveApiPath(
  snapshot: ProjectSnapshot,
  config: CmsConfig,
  apiPath: string,
): { type: NonNullable<ReturnType<typeof findContentTypeByRoute>>; documentId: string | undefined; querystring: string } | string {
  const [pathname = '', querystring = ''] = apiPath.split('?', 2);
  const prefix = `${config.rest.prefix}/`;
  if (!pathname.startsWith(prefix)) return `expected a path under ${prefix}, got ${apiPath}`;
  const [name = '', documentId, ...rest] = pathname.slice(prefix.length).split('/');
  const type = findContentTypeByRoute(snapshot.registry, name);
  if (type === undefined || rest.length > 0 || (documentId !== undefined && type.kind === 'singleType')) return `no API route matches ${pathname}`;
  return { type, documentId: documentId === '' ? undefined : documentId, querystring };
}

/** A rewrite for `npx serve` (serve-handler): every API path is its file plus `.json`. */
const SERVE_CONFIG = {
  cleanUrls: false,
  rewrites: [
    { source: '/api/:a', destination: '/api/:a.json' },
    { source: '/api/:a/:b', destination: '/api/:a/:b.json' },
    { source: '/api/:a/:b/:c', destination: '/api/:a/:b/:c.json' },
  ],
};

/** The output folder: files written only when their bytes changed, then the manifest (and --clean). */
function openOutput(run: ExportRun): {
  put: (file: string, content: string | Buffer) => void;
  finish: () => Omit<ExportResult, 'uploads' | 'problems' | 'warnings'>;
} {
  const folder = new OutputFolder(run.outDir);
  const previous = readManifest(folder);
  // What is there now, listed once when a file of the last export is met again (a first export lists nothing).
  let there: Set<string> | undefined;
  const isThere = (file: string): boolean => (there ??= folder.listFiles()).has(file);
  const manifest: Record<string, string> = {};
  let written = 0;
  let unchanged = 0;
  let bytes = 0;
  const put = (file: string, content: string | Buffer): void => {
    const hash = sha256(content);
    manifest[file] = hash;
    bytes += Buffer.byteLength(content);
    if (previous[file] === hash && isThere(file)) {
      unchanged++;
      return;
    }
    folder.write(file, content);
    written++;
  };
  const finish = (): Omit<ExportResult, 'uploads' | 'problems' | 'warnings'> => {
    let removed = 0;
    for (const file of Object.keys(previous)) {
      if (file in manifest) continue;
      if (run.clean) {
        folder.remove(file);
        removed++;
      } else if (isThere(file)) {
        // Without --clean a stale file stays, and so does its entry, so a later --clean finds it.
        manifest[file] = previous[file]!;
      }
    }
    const manifestText = `${JSON.stringify({ variant: run.variant, files: sortKeys(manifest) }, null, 2)}\n`;
    if (folder.readText(MANIFEST_FILE) !== manifestText) folder.write(MANIFEST_FILE, manifestText);
    return { files: Object.keys(manifest).length, written, unchanged, removed, bytes };
  };
  return { put, finish };
}

function readManifest(folder: OutputFolder): Record<string, string> {
  try {
    const value: unknown = JSON.parse(folder.readText(MANIFEST_FILE) ?? '{}');
    const files = isPlainObject(value) ? value['files'] : undefined;
    if (!isPlainObject(files)) return {};
    const out: Record<string, string> = {};
    // Manifest entries name files inside the output folder only; anything else is ignored.
    for (const [file, hash] of Object.entries(files)) if (typeof hash === 'string' && isProjectPath(file)) out[file] = hash;
    return out;
  } catch {
    return {};
  }
}

function sha256(content: string | Buffer): string {
  return digestOf('sha256', content, 'hex');
}

function sortKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(record).sort()) out[key] = record[key]!;
  return out;
}
