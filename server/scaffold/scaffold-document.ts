import { loadConfig } from '../store/load-config.js';
import { UserError } from '../errors/user-error.js';
import { generateDocumentId } from '../store/document-id.js';
import type { ContentType } from '../schema/content-type.js';
import { loadSchemas } from '../store/load-schemas.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { type ContentFile, contentFilePath, isDocumentId, parseContentPath } from '../store/content-path.js';
import { decodeDocument } from '../store/decode-document.js';
import { encodeJsonDocument } from '../store/encode-document.js';
import { readProjectTextOrThrow, statProjectPath, writeProjectText } from '../store/project-files.js';
import { listPasswords, mapPasswords } from '../documents/map-passwords.js';
import { hashPasswordSync } from '../documents/password-hash.js';
import { checkAttributeRules } from '../documents/validate-rules.js';
import { parseSetValues } from './parse-set-values.js';
import type { ScaffoldCheck } from './scaffold-check.js';
import { stubDocument } from './stub-document.js';

export interface ScaffoldOptions {
  /** singularName or pluralName. */
  readonly type: string;
  /** The documentId (collection types; default: a new Strapi-shaped id). */
  readonly id?: string | undefined;
  /** `key=value` flags. */
  readonly set?: readonly string[] | undefined;
  readonly locale?: string | undefined;
  /** A draft-only document (publishedAt null). */
  readonly draft?: boolean | undefined;
  /** ISO time for the timestamps (default: now). */
  readonly now?: string | undefined;
}

/**
 * `cms new`: writes a new document file that passes `cms check`, and returns its project-relative
 * path. Refuses a version that has a file already, unknown types, ids and locales, and any value
 * that would not pass the check (the messages are the check's, from `check`): a UserError that says
 * what to change, or the FileError of a schema or cms.config.json that does not load.
 */
export function scaffoldDocument(projectDir: string, options: ScaffoldOptions, check: ScaffoldCheck): string {
  const { config, registry } = load(projectDir);
  const type = [...registry.contentTypes.values()].find((t) => t.singularName === options.type || t.pluralName === options.type);
  if (type === undefined) {
    const names = [...registry.contentTypes.values()].map((t) => (t.kind === 'singleType' ? t.singularName : t.pluralName)).sort();
    throw new UserError(`no content type named "${options.type}": use one of ${names.join(', ')}`);
  }
  const draft = options.draft ?? false;
  if (draft && !type.draftAndPublish) throw new UserError(`${type.singularName} has no Draft & Publish (options.draftAndPublish): drop --draft`);
  const locale = options.locale ?? config.i18n.defaultLocale;
  if (options.locale !== undefined && !type.localized)
    throw new UserError(`${type.singularName} is not localized (pluginOptions.i18n.localized): drop --locale`);
  if (!config.i18n.locales.some((l) => l.code === locale))
    throw new UserError(`locale "${locale}" is not configured: add it to i18n.locales in cms.config.json`);
  const fileLocale = type.localized && locale !== config.i18n.defaultLocale ? locale : undefined;

  let documentId: string | undefined;
  if (type.kind === 'singleType') {
    if (options.id !== undefined) throw new UserError(`${type.singularName} is a single type: it has no --id`);
  } else {
    documentId = options.id ?? generateDocumentId();
    if (!isDocumentId(documentId))
      throw new UserError(`invalid documentId "${documentId}": use 1-64 characters a-z, 0-9, "-" or "_", starting with a letter or digit`);
  }
  const rel = contentFilePath(type, documentId, { locale: fileLocale });
  for (const other of [
    rel,
    contentFilePath(type, documentId, { locale: fileLocale, format: 'md' }),
    contentFilePath(type, documentId, { locale: fileLocale, draft: true }),
  ]) {
    if (statProjectPath(projectDir, other) !== undefined)
      throw new UserError(`${other} exists already: pick another ${type.kind === 'singleType' ? 'locale' : 'id'}`);
  }

  const given = parseSetValues(registry, type, options.set ?? []);
  // Passwords: Strapi's rules judge the plain values given, the file and the check get only their hashes.
  const passwordMessages = listPasswords(registry, type, given).flatMap(({ attribute, value, path }) =>
    checkAttributeRules(attribute, value, path, { draft }).map((error) => error.message),
  );
  const values = {
    ...sharedValues(projectDir, check.listFiles(projectDir, registry), { type, documentId, fileLocale, defaultLocale: config.i18n.defaultLocale }),
    ...mapPasswords(registry, type, given, ({ value }) => hashPasswordSync(value)),
  };
  const data = stubDocument(registry, type, { documentId: documentId ?? type.singularName, now: options.now ?? new Date().toISOString(), draft, values });
  const text = encodeJsonDocument(type, data);
  const file = parseContentPath(registry, rel)!;
  const messages = [...passwordMessages, ...check.findProblems(projectDir, { registry, i18n: config.i18n, file, text, data })];
  if (messages.length > 0) throw new UserError(`${file.path} would not pass cms check:\n  ${messages.join('\n  ')}`);
  writeProjectText(projectDir, rel, text);
  return rel;
}

function load(projectDir: string): { config: ReturnType<typeof loadConfig>; registry: SchemaRegistry } {
  return { config: loadConfig(projectDir, {}, {}), registry: loadSchemas(projectDir) };
}

/** Which version of which document a new file is. */
interface DocumentVersion {
  readonly type: ContentType;
  readonly documentId: string | undefined;
  /** The locale in the file name (undefined for the default locale and unlocalized types). */
  readonly fileLocale: string | undefined;
  readonly defaultLocale: string;
}

/** A new locale of an existing document starts with the attributes all locales share, as API writes do. */
function sharedValues(projectDir: string, files: readonly ContentFile[], version: DocumentVersion): Record<string, unknown> {
  const { type, documentId, fileLocale, defaultLocale } = version;
  if (!type.localized) return {};
  // A localized type's file without a locale in its name is the default locale's.
  const sibling = files.find(
    (f) => f.type === type && f.documentId === documentId && !f.draft && (f.locale ?? defaultLocale) !== (fileLocale ?? defaultLocale),
  );
  if (sibling === undefined) return {};
  const data = decodeDocument(readProjectTextOrThrow(projectDir, sibling.path), sibling.format, type, sibling.path);
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of type.attributes) if (!attribute.localized && name in data) out[name] = data[name];
  return out;
}
