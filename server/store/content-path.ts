import { FileError } from '../errors/file-error.js';
import type { ContentType } from '../schema/content-type.js';
import { type SchemaRegistry, routeName } from '../schema/schema-registry.js';

export const CONTENT_DIR = 'content';

/** Hand-made ids may be readable (`hello-world`); generated ones are 24 chars of [a-z0-9]. No dots, no slashes. */
const DOCUMENT_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
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

export function isDocumentId(value: unknown): value is string {
  return typeof value === 'string' && DOCUMENT_ID.test(value);
}

export function isLocaleCode(value: unknown): value is string {
  return typeof value === 'string' && LOCALE.test(value);
}

/**
 * Maps a project-relative path under content/ to the document version it holds.
 * Returns undefined for paths that are not content files at all (other extensions, hidden and
 * temporary files); throws a FileError for a content file whose name breaks the rules.
 */
export function parseContentPath(registry: SchemaRegistry, relPath: string): ContentFile | undefined {
  const parts = relPath.split('/');
  if (parts[0] !== CONTENT_DIR || parts.length < 2 || parts.length > 3) return undefined;
  const base = parts[parts.length - 1] ?? '';
  if (base.startsWith('.') || base.endsWith('~')) return undefined;
  const format: DocumentFormat | undefined = base.endsWith('.json') ? 'json' : base.endsWith('.md') ? 'md' : undefined;
  if (format === undefined) return undefined;

  const segments = base.slice(0, -(format.length + 1)).split('.');
  const draft = segments.length > 1 && segments[segments.length - 1] === 'draft';
  if (draft) segments.pop();
  const stem = segments.shift() ?? '';
  const locale = segments.shift();
  if (segments.length > 0 || (locale !== undefined && !isLocaleCode(locale))) {
    throw new FileError(relPath, 'file names are <documentId>[.<locale>][.draft].json or .md');
  }

  if (parts.length === 2) {
    const type = registry.byRouteName.get(stem);
    if (!type || type.kind !== 'singleType') {
      throw new FileError(relPath, `no single type named "${stem}" in schemas/ (collection types live in content/<pluralName>/)`);
    }
    return { path: relPath, type, documentId: undefined, locale, draft, format };
  }
  const folder = parts[1] ?? '';
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
