import type { ContentType } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { routeName } from '../schema/schema-registry.js';
import { type ContentFile, isDocumentId, parseContentPath } from '../store/content-path.js';
import { CONTENT_DIR } from '../store/project-layout.js';
import { UserError } from '../errors/user-error.js';

/** A document by type and documentId (single types: their one document, documentId undefined). */
export interface DocumentAddress {
  readonly type: ContentType;
  readonly documentId: string | undefined;
}

/** Which version of a document a file holds. */
export interface FileVersion {
  /** The locale code (the default locale for files without a suffix); null for types that are not localized. */
  readonly locale: string | null;
  readonly draft: boolean;
}

/** `articles/hello-world`, `article/hello-world` or `homepage` → the document; a UserError naming what is wrong. */
export function parseDocumentAddress(registry: SchemaRegistry, text: string): DocumentAddress {
  const slash = text.indexOf('/');
  const name = slash < 0 ? text : text.slice(0, slash);
  const documentId = slash < 0 ? undefined : text.slice(slash + 1);
  const type = registry.byRouteName.get(name) ?? [...registry.contentTypes.values()].find((t) => t.singularName === name);
  if (type === undefined) throw new UserError(`no content type "${name}": use <pluralName or singularName>/<documentId>`);
  if (type.kind === 'singleType') return { type, documentId: undefined };
  if (documentId === undefined || !isDocumentId(documentId)) throw new UserError(`expected ${type.pluralName}/<documentId>, got "${text}"`);
  return { type, documentId };
}

/** Pathspecs (relative to the project) matching every file of a document under one of its names. */
export function documentPathspecs(address: DocumentAddress): string[] {
  const stem = documentStem(address);
  return [`:(glob)${stem}.json`, `:(glob)${stem}.md`, `:(glob)${stem}.*.json`, `:(glob)${stem}.*.md`];
}

/**
 * Every path a file of the document may have: main and (with draft & publish) draft, JSON and
 * Markdown, for a localized type without a locale suffix and with each of `locales` (only
 * `locale`'s when given): the exact names looked up in the history index.
 */
export function documentFileNames(address: DocumentAddress, at: { locales: readonly string[]; defaultLocale: string; locale?: string | undefined }): string[] {
  const stem = documentStem(address);
  const wanted = at.locale === undefined ? at.locales : [at.locale];
  const suffixes = !address.type.localized
    ? ['']
    : [...(at.locale === undefined || at.locale === at.defaultLocale ? [''] : []), ...wanted.map((code) => `.${code}`)];
  const kinds = address.type.draftAndPublish ? ['', '.draft'] : [''];
  return suffixes.flatMap((suffix) => kinds.flatMap((kind) => [`${stem}${suffix}${kind}.json`, `${stem}${suffix}${kind}.md`]));
}

/** The document's path without its suffixes: `content/articles/<documentId>` (a single type: `content/<name>`). */
export function documentStem(address: DocumentAddress): string {
  return address.type.kind === 'singleType' ? `${CONTENT_DIR}/${routeName(address.type)}` : `${CONTENT_DIR}/${address.type.pluralName}/${address.documentId}`;
}

/** The version a project-relative path holds of the document, or undefined when it is no file of it. */
export function versionOfPath(registry: SchemaRegistry, address: DocumentAddress, defaultLocale: string, path: string): FileVersion | undefined {
  let file: ContentFile | undefined;
  try {
    file = parseContentPath(registry, path);
  } catch {
    return undefined;
  }
  if (file === undefined || file.type !== address.type || file.documentId !== address.documentId) return undefined;
  return { locale: address.type.localized ? (file.locale ?? defaultLocale) : null, draft: file.draft };
}
