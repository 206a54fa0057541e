import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../store/load-config.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from '../config/is-plain-object.js';
import { ContentIndex } from '../content-index/content-index.js';
import { generateDocumentId } from '../store/document-id.js';
import type { ContentType } from '../schema/content-type.js';
import { loadSchemas } from '../store/load-schemas.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { type ContentFile, contentFilePath, isDocumentId, parseContentPath } from '../store/content-path.js';
import { decodeDocument } from '../store/decode-document.js';
import { encodeJsonDocument } from '../store/encode-document.js';
import { checkDocumentText } from './check-document-text.js';
import { checkFileLayout, localeKey } from './check-file-layout.js';
import { checkUploads } from './check-uploads.js';
import { listContentFiles } from './list-content-files.js';
import { parseSetValues } from './parse-set-values.js';
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
 * that would not pass the check (the messages are the check's): a UserError that says what to
 * change, or the FileError of a schema or cms.config.json that does not load.
 */
export function scaffoldDocument(projectDir: string, options: ScaffoldOptions): string {
  const { config, registry } = load(projectDir);
  const type = [...registry.contentTypes.values()].find((t) => t.singularName === options.type || t.pluralName === options.type);
  if (type === undefined) {
    const names = [...registry.contentTypes.values()].map((t) => (t.kind === 'singleType' ? t.singularName : t.pluralName)).sort();
    throw new UserError(`no content type named "${options.type}": use one of ${names.join(', ')}`);
  }
  const draft = options.draft ?? false;
  if (draft && !type.draftAndPublish) throw new UserError(`${type.singularName} has no Draft & Publish (options.draftAndPublish): drop --draft`);
  const locale = options.locale ?? config.i18n.defaultLocale;
  if (options.locale !== undefined && !type.localized) throw new UserError(`${type.singularName} is not localized (pluginOptions.i18n.localized): drop --locale`);
  if (!config.i18n.locales.some((l) => l.code === locale)) throw new UserError(`locale "${locale}" is not configured: add it to i18n.locales in cms.config.json`);
  const fileLocale = type.localized && locale !== config.i18n.defaultLocale ? locale : undefined;

  let documentId: string | undefined;
  if (type.kind === 'singleType') {
    if (options.id !== undefined) throw new UserError(`${type.singularName} is a single type: it has no --id`);
  } else {
    documentId = options.id ?? generateDocumentId();
    if (!isDocumentId(documentId)) throw new UserError(`invalid documentId "${documentId}": use 1-64 characters a-z, 0-9, "-" or "_", starting with a letter or digit`);
  }
  const rel = contentFilePath(type, documentId, { locale: fileLocale });
  for (const other of [rel, contentFilePath(type, documentId, { locale: fileLocale, format: 'md' }), contentFilePath(type, documentId, { locale: fileLocale, draft: true })]) {
    if (fs.existsSync(path.join(projectDir, other))) throw new UserError(`${other} exists already: pick another ${type.kind === 'singleType' ? 'locale' : 'id'}`);
  }

  const values = { ...sharedValues(projectDir, registry, type, documentId, fileLocale, config.i18n.defaultLocale), ...parseSetValues(registry, type, options.set ?? []) };
  const data = stubDocument(registry, type, { documentId: documentId ?? type.singularName, now: options.now ?? new Date().toISOString(), draft, values });
  const text = encodeJsonDocument(type, data);
  const file = parseContentPath(registry, rel)!;
  assertPasses(projectDir, registry, config.i18n, file, text, data);
  writeFileAtomic(path.join(projectDir, rel), text);
  return rel;
}

function load(projectDir: string): { config: ReturnType<typeof loadConfig>; registry: SchemaRegistry } {
  return { config: loadConfig(projectDir, {}, {}), registry: loadSchemas(projectDir) };
}

/** A new locale of an existing document starts with the attributes all locales share, as API writes do. */
function sharedValues(projectDir: string, registry: SchemaRegistry, type: ContentType, documentId: string | undefined, fileLocale: string | undefined, defaultLocale: string): Record<string, unknown> {
  if (!type.localized) return {};
  const { files } = listContentFiles(projectDir, registry);
  const sibling = files.find((f) => f.type === type && f.documentId === documentId && !f.draft && localeKey(type, f.locale, defaultLocale) !== (fileLocale ?? defaultLocale));
  if (sibling === undefined) return {};
  const data = decodeDocument(fs.readFileSync(path.join(projectDir, sibling.path), 'utf8'), sibling.format, type, sibling.path);
  const out: Record<string, unknown> = {};
  for (const [name, attribute] of type.attributes) if (!attribute.localized && name in data) out[name] = data[name];
  return out;
}

/** Runs the check's rules on the new file, and its unique values against the published documents of its locale. */
function assertPasses(projectDir: string, registry: SchemaRegistry, i18n: ReturnType<typeof loadConfig>['i18n'], file: ContentFile, text: string, data: Record<string, unknown>): void {
  const listing = listContentFiles(projectDir, registry);
  const layout = checkFileLayout([...listing.files, file], i18n);
  const { media } = checkUploads(projectDir);
  const context = { registry, known: layout.known, media, defaultLocale: i18n.defaultLocale, emptyIndex: new ContentIndex(registry, i18n) };
  const checked = checkDocumentText(context, file, text);
  const messages = checked.problems.map((problem) => problem.message);
  if (checked.published) {
    const locale = localeKey(file.type, file.locale, i18n.defaultLocale);
    const uniques = [...file.type.attributes].filter(([, a]) => a.unique || (a.kind === 'scalar' && a.type === 'uid')).map(([name]) => name);
    const others = uniques.length === 0 ? [] : listing.files.filter((f) => f.type === file.type && !f.draft && localeKey(f.type, f.locale, i18n.defaultLocale) === locale);
    const clashed = new Set<string>();
    for (const other of others) {
      let stored: Record<string, unknown>;
      try {
        stored = decodeDocument(fs.readFileSync(path.join(projectDir, other.path), 'utf8'), other.format, other.type, other.path);
      } catch {
        continue;
      }
      if (other.type.draftAndPublish && typeof stored['publishedAt'] !== 'string') continue;
      for (const name of uniques) {
        const value = data[name];
        if (!clashed.has(name) && value !== null && value !== '' && value !== undefined && !isPlainObject(value) && stored[name] === value) {
          clashed.add(name);
          messages.push(`${name}: This attribute must be unique (${JSON.stringify(value)} is also used by ${other.path}): pass --set ${name}=<value>`);
        }
      }
    }
  }
  if (messages.length > 0) throw new UserError(`${file.path} would not pass cms check:\n  ${messages.join('\n  ')}`);
}
