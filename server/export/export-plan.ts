import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectSnapshot } from '../documents/project-port.js';
import type { ContentType } from '../schema/content-type.js';
import { routeName } from '../schema/schema-registry.js';

/** One file of an export: where it goes, and the API request whose body it holds. */
export interface ExportItem {
  /** Relative to the output folder, forward slashes. */
  readonly file: string;
  readonly type: ContentType;
  readonly documentId: string | undefined;
  /** The query string the body answers (without `?`). */
  readonly querystring: string;
  /** For a list: the page number whose body this is. */
  readonly page: number | undefined;
}

export interface ExportOptions {
  /** Export every type, not only those the public role may read. */
  readonly all: boolean;
  readonly status: 'published' | 'draft';
  readonly locale: string | undefined;
}

/**
 * The layout: `api/<plural>.json` (list, page 1), `api/<plural>/_page/<n>.json` (every page),
 * `api/<plural>/<documentId>.json`, `api/<singular>.json`, `api/_presets/<name>.json`. A request
 * path plus `.json` is its file, so one rewrite rule serves the API from any static host.
 */
export function planDocuments(snapshot: ProjectSnapshot, config: CmsConfig, options: ExportOptions): ExportItem[] {
  const items: ExportItem[] = [];
  const publicActions = new Set(config.permissions['public'] ?? []);
  const types = [...snapshot.registry.contentTypes.values()].sort((a, b) => (routeName(a) < routeName(b) ? -1 : 1));
  for (const type of types) {
    const name = routeName(type);
    const base = withParams(config.export.types[name] ?? '', options);
    const may = (action: string): boolean => options.all || publicActions.has(`${type.uid}.${action}`);
    if (type.kind === 'singleType') {
      if (may('find')) items.push({ file: `api/${name}.json`, type, documentId: undefined, querystring: base, page: undefined });
      continue;
    }
    if (may('find')) {
      const entries = snapshot.index.entries(type, options.status, type.localized ? (options.locale ?? config.i18n.defaultLocale) : null);
      const pages = Math.max(1, Math.ceil(entries.length / config.rest.defaultLimit));
      items.push({ file: `api/${name}.json`, type, documentId: undefined, querystring: base, page: 1 });
      for (let page = 1; page <= pages; page++) {
        items.push({ file: `api/${name}/_page/${page}.json`, type, documentId: undefined, querystring: join(base, `pagination[page]=${page}`), page });
      }
    }
    if (may('findOne')) {
      const entries = snapshot.index.entries(type, options.status, type.localized ? (options.locale ?? config.i18n.defaultLocale) : null);
      for (const entry of entries) {
        items.push({ file: `api/${name}/${entry.documentId}.json`, type, documentId: entry.documentId, querystring: base, page: undefined });
      }
    }
  }
  return items;
}

/** Adds `status` and `locale` from the export options to a query string. */
export function withParams(querystring: string, options: ExportOptions): string {
  let out = querystring;
  if (options.status === 'draft') out = join(out, 'status=draft');
  if (options.locale !== undefined) out = join(out, `locale=${encodeURIComponent(options.locale)}`);
  return out;
}

function join(a: string, b: string): string {
  return a === '' ? b : `${a}&${b}`;
}
