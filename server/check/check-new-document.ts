import { isPlainObject } from '../config/is-plain-object.js';
import { ContentIndex } from '../content-index/content-index.js';
import type { ScaffoldCandidate, ScaffoldCheck } from '../scaffold/scaffold-check.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { ContentFile } from '../store/content-path.js';
import { decodeDocument } from '../store/decode-document.js';
import { readProjectTextOrThrow } from '../store/project-files.js';
import { checkDocumentText } from './check-document-text.js';
import { checkFileLayout, localeKey } from './check-file-layout.js';
import { checkUploads } from './check-uploads.js';
import { listContentFiles } from './list-content-files.js';

/**
 * What `cms new` needs of `cms check`, passed to scaffoldDocument as a dependency (scaffold/ sits
 * beside check/ and does not import it; check/ implements scaffold's ScaffoldCheck): the listing of
 * content files and the rules a new file must pass.
 */
export const NEW_DOCUMENT_CHECK: ScaffoldCheck = {
  listFiles: (projectDir: string, registry: SchemaRegistry): readonly ContentFile[] => listContentFiles(projectDir, registry).files,
  findProblems: findNewDocumentProblems,
};

/**
 * The messages of the check's rules a new file would break, its unique values compared with the
 * published documents of its locale; empty when it would pass.
 */
export function findNewDocumentProblems(projectDir: string, candidate: ScaffoldCandidate): string[] {
  const { registry, i18n, file, text, data } = candidate;
  const listing = listContentFiles(projectDir, registry);
  const layout = checkFileLayout([...listing.files, file], i18n);
  const { media } = checkUploads(projectDir);
  const context = { registry, known: layout.known, media, defaultLocale: i18n.defaultLocale, emptyIndex: new ContentIndex(registry, i18n) };
  const checked = checkDocumentText(context, file, text);
  const messages = checked.problems.map((problem) => problem.message);
  if (checked.published) {
    const locale = localeKey(file.type, file.locale, i18n.defaultLocale);
    const uniques = [...file.type.attributes].filter(([, a]) => a.unique || (a.kind === 'scalar' && a.type === 'uid')).map(([name]) => name);
    const others =
      uniques.length === 0 ? [] : listing.files.filter((f) => f.type === file.type && !f.draft && localeKey(f.type, f.locale, i18n.defaultLocale) === locale);
    const clashed = new Set<string>();
    for (const other of others) {
      let stored: Record<string, unknown>;
      try {
        stored = decodeDocument(readProjectTextOrThrow(projectDir, other.path), other.format, other.type, other.path);
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
  return messages;
}
