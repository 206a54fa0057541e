import { FileError } from '../errors/file-error.js';
import type { ContentType } from '../schema/content-type.js';
import { type SchemaRegistry, routeName } from '../schema/schema-registry.js';
import { CONTENT_DIR } from './project-layout.js';

const CONTENT_PREFIX = `${CONTENT_DIR}/`;

const LOCALE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export type DocumentFormat = 'json' | 'md';

/** What a content file's path says about the document version it holds. */
export interface ContentFile {
  /** Relative to the project, with forward slashes. */
  readonly path: string;
  readonly type: ContentType;
  /** The file stem; undefined for single types (their documentId is derived). */
  readonly documentId: string | undefined;
  /** From a `.<locale>` suffix; undefined means the default locale. */
  readonly locale: string | undefined;
  /** `.draft.json`: the unpublished changes of a published document. */
  readonly draft: boolean;
  readonly format: DocumentFormat;
}

/** Hand-made ids may be readable (`hello-world`); generated ones are 24 chars of [a-z0-9]. No dots, no slashes. */
export function isDocumentId(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  // /^[a-z0-9][a-z0-9_-]{0,63}$/ by character codes: a regex test costs several times more, for every file at start-up.
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const fits = (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (i > 0 && (code === 95 || code === 45));
    if (!fits) return false;
  }
  return true;
}

export function isLocaleCode(value: unknown): value is string {
  return typeof value === 'string' && LOCALE.test(value);
}

/**
 * Whether a file name may hold a document: `.json` or `.md`, neither hidden (temp files of writes
 * in flight) nor an editor's backup (`~`). Other names are never read.
 */
export function isDocumentFileName(name: string): boolean {
  return !name.startsWith('.') && !name.endsWith('~') && (name.endsWith('.json') || name.endsWith('.md'));
}

/**
 * Maps a project-relative path under content/ to the document version it holds.
 * Returns undefined for paths that are not content files at all (other extensions, hidden and
 * temporary files); throws a FileError for a content file whose name breaks the rules.
 */
export function parseContentPath(registry: SchemaRegistry, relPath: string): ContentFile | undefined {
  // By index rather than split: this runs for every file of a project at start-up.
  if (!relPath.startsWith(CONTENT_PREFIX)) return undefined;
  const slash = relPath.indexOf('/', CONTENT_PREFIX.length);
  if (slash !== -1 && relPath.indexOf('/', slash + 1) !== -1) return undefined;
  const base = relPath.slice(slash === -1 ? CONTENT_PREFIX.length : slash + 1);
  if (!isDocumentFileName(base)) return undefined;
  const format: DocumentFormat = base.endsWith('.json') ? 'json' : 'md';

  const name = base.slice(0, -(format.length + 1));
  let stem = name;
  let locale: string | undefined;
  let draft = false;
  if (name.includes('.')) {
    const segments = name.split('.');
    draft = segments[segments.length - 1] === 'draft';
    if (draft) segments.pop();
    stem = segments.shift() ?? '';
    locale = segments.shift();
    if (segments.length > 0 || (locale !== undefined && !isLocaleCode(locale))) {
      throw new FileError(relPath, 'file names are <documentId>[.<locale>][.draft].json or .md');
    }
  }

  if (slash === -1) {
    const type = registry.byRouteName.get(stem);
    if (!type || type.kind !== 'singleType') {
      throw new FileError(relPath, `no single type named "${stem}" in schemas/ (collection types live in content/<pluralName>/)`);
    }
    return { path: relPath, type, documentId: undefined, locale, draft, format };
  }
  const folder = relPath.slice(CONTENT_PREFIX.length, slash);
  const type = registry.byRouteName.get(folder);
  if (!type || type.kind !== 'collectionType') {
    throw new FileError(relPath, `no collection type with pluralName "${folder}" in schemas/`);
  }
  if (!isDocumentId(stem)) {
    throw new FileError(relPath, `invalid documentId "${stem}": use 1-64 characters a-z, 0-9, "-" or "_", starting with a letter or digit`);
  }
  return { path: relPath, type, documentId: stem, locale, draft, format };
}

/** The project-relative path of a document version. Refuses ids that could leave their folder. */
export function contentFilePath(
  type: ContentType,
  documentId: string | undefined,
  options: { locale?: string | undefined; draft?: boolean; format?: DocumentFormat } = {},
): string {
  const suffix = `${options.locale === undefined ? '' : `.${options.locale}`}${options.draft ? '.draft' : ''}.${options.format ?? 'json'}`;
  if (options.locale !== undefined && !isLocaleCode(options.locale)) throw new Error(`invalid locale code ${JSON.stringify(options.locale)}`);
  if (type.kind === 'singleType') return `${CONTENT_DIR}/${routeName(type)}${suffix}`;
  if (!isDocumentId(documentId)) throw new Error(`invalid documentId ${JSON.stringify(documentId)}`);
  return `${CONTENT_DIR}/${type.pluralName}/${documentId}${suffix}`;
}
