import type { CmsConfig } from '../config/cms-config.js';
import type { ContentType } from '../schema/content-type.js';
import type { ContentFile } from '../store/content-path.js';
import type { CheckProblem } from './check-problem.js';

/** documentIds that have a file, per content type uid, with the locales they exist in ('' when the type is not localized). */
export type KnownDocuments = ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;

export interface FileLayout {
  /** The files the server reads as documents (those it skips are left out, with a problem). */
  readonly readable: ContentFile[];
  readonly known: KnownDocuments;
  readonly problems: CheckProblem[];
}

/**
 * What file names alone say is wrong: locale suffixes that do not fit the config or the type,
 * draft files that do not fit Draft & Publish, and two files for one document version.
 */
export function checkFileLayout(files: readonly ContentFile[], i18n: CmsConfig['i18n']): FileLayout {
  const problems: CheckProblem[] = [];
  const readable: ContentFile[] = [];
  const known = new Map<string, Map<string, Set<string>>>();
  const versions = new Map<string, ContentFile>();
  const mains = new Set<string>();
  const drafts: ContentFile[] = [];
  const configured = new Set(i18n.locales.map((locale) => locale.code));
  const problem = (file: ContentFile, rule: CheckProblem['rule'], message: string): void => {
    problems.push({ file: file.path, line: undefined, column: undefined, rule, message });
  };

  for (const file of files) {
    const { type } = file;
    if (file.locale !== undefined && !type.localized) {
      problem(file, 'locale', `${type.singularName} is not localized (pluginOptions.i18n.localized), so a locale suffix is not allowed: the file is not read`);
      continue;
    }
    if (file.locale !== undefined && !configured.has(file.locale)) {
      problem(file, 'locale', `locale "${file.locale}" is not configured: add it to i18n.locales in cms.config.json (the file is not read)`);
      continue;
    }
    if (file.draft && !type.draftAndPublish) {
      problem(
        file,
        'draft',
        `${type.singularName} has no Draft & Publish (options.draftAndPublish), so it keeps no .draft files: merge it into ${siblingPath(file, false)}`,
      );
      continue;
    }
    if (file.locale === i18n.defaultLocale) {
      problem(file, 'locale', `"${file.locale}" is the default locale, whose files have no locale suffix: rename it to ${siblingPath(file, file.draft, true)}`);
    }
    readable.push(file);
    const locale = localeKey(type, file.locale, i18n.defaultLocale);
    const record = `${type.uid}\u0000${file.documentId ?? ''}\u0000${locale}`;
    const version = `${record}\u0000${file.draft ? 'draft' : 'main'}`;
    const earlier = versions.get(version);
    if (earlier !== undefined) {
      problem(file, 'duplicate-file', `${earlier.path} holds the same document version: keep one of the two`);
    } else {
      versions.set(version, file);
    }
    if (file.draft) drafts.push(file);
    else mains.add(record);
    if (file.documentId !== undefined) {
      let ids = known.get(type.uid);
      if (ids === undefined) known.set(type.uid, (ids = new Map()));
      let locales = ids.get(file.documentId);
      if (locales === undefined) ids.set(file.documentId, (locales = new Set()));
      locales.add(locale);
    }
  }
  for (const file of drafts) {
    const record = `${file.type.uid}\u0000${file.documentId ?? ''}\u0000${localeKey(file.type, file.locale, i18n.defaultLocale)}`;
    if (!mains.has(record)) {
      problem(
        file,
        'draft',
        `a .draft file holds the unpublished changes of a published document, but ${siblingPath(file, false)} does not exist: ` +
          `rename it to ${siblingPath(file, false)} (with publishedAt null) to keep a draft-only document`,
      );
    }
  }
  return { readable, known, problems };
}

/** The locale a file's document version is in, as the index keys it. */
export function localeKey(type: ContentType, locale: string | undefined, defaultLocale: string): string {
  return type.localized ? (locale ?? defaultLocale) : '';
}

/** The file name of the same document's main (or draft) version, in the same folder. */
function siblingPath(file: ContentFile, draft: boolean, dropLocale = false): string {
  const base = file.path.slice(file.path.lastIndexOf('/') + 1);
  const stem = base.slice(0, base.indexOf('.'));
  const locale = file.locale === undefined || dropLocale ? '' : `.${file.locale}`;
  return `${stem}${locale}${draft ? '.draft' : ''}.${file.format}`;
}
