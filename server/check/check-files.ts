import type { CmsConfig } from '../config/cms-config.js';
import { ContentIndex } from '../content-index/content-index.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import type { ContentFile } from '../store/content-path.js';
import { statProjectPath } from '../store/project-files.js';
import { resolveProjectPath } from '../store/project-layout.js';
import { RENAMED_FROM_KEY } from '../store/check-document.js';
import { readText } from '../store/read-text.js';
import { type DocumentCheckContext, checkDocumentText } from './check-document-text.js';
import type { KnownDocuments } from './check-file-layout.js';
import type { CheckProblem } from './check-problem.js';

/** What checking one file on its own found, and what the checks across files need from it. */
export interface FileOutcome {
  readonly path: string;
  readonly problems: CheckProblem[];
  /** The file decoded (the values below are only set then). */
  readonly decoded: boolean;
  readonly published: boolean;
  /** Values of unique and uid attributes that can clash (published main files only). */
  readonly uniqueValues: [string, string | number | boolean][];
  /** Creation time in ms that the numeric id derives from (main files of collection types). */
  readonly createdMs: number | undefined;
  /** The documentId a renamed document was created under (its id derives from it). */
  readonly renamedFrom?: string | undefined;
}

export interface FilesInput {
  readonly projectDir: string;
  readonly registry: SchemaRegistry;
  readonly i18n: CmsConfig['i18n'];
  readonly known: KnownDocuments;
  readonly media: ReadonlySet<string>;
}

/** Reads and checks each file on its own (the part of the check that can run in parallel). */
export function checkFiles(input: FilesInput, files: readonly ContentFile[]): FileOutcome[] {
  const { projectDir, registry, i18n } = input;
  const context: DocumentCheckContext = {
    registry,
    known: input.known,
    media: input.media,
    defaultLocale: i18n.defaultLocale,
    emptyIndex: new ContentIndex(registry, i18n),
  };
  const outcomes: FileOutcome[] = [];
  for (const file of files) {
    const text = readText(resolveProjectPath(projectDir, file.path));
    if (typeof text !== 'string') {
      const problem: CheckProblem = text.refused
        ? { file: file.path, line: undefined, column: undefined, rule: 'unsafe-file', message: text.error }
        : { file: file.path, line: undefined, column: undefined, rule: 'syntax', message: `cannot read: ${text.error}` };
      outcomes.push({ path: file.path, problems: [problem], decoded: false, published: false, uniqueValues: [], createdMs: undefined });
      continue;
    }
    const { data, published, problems } = checkDocumentText(context, file, text);
    const uniqueValues: [string, string | number | boolean][] = [];
    let createdMs: number | undefined;
    const renamedFrom = typeof data?.[RENAMED_FROM_KEY] === 'string' ? data[RENAMED_FROM_KEY] : undefined;
    if (data !== undefined && !file.draft) {
      if (published) {
        for (const [name, attribute] of file.type.attributes) {
          if (!attribute.unique && !(attribute.kind === 'scalar' && attribute.type === 'uid')) continue;
          const value = data[name];
          // validateEntity compares with ===: only non-empty strings, numbers and booleans can clash.
          if ((typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean') uniqueValues.push([name, value]);
        }
      }
      if (file.documentId !== undefined) {
        const createdAt = data['createdAt'];
        const ms = typeof createdAt === 'string' ? Date.parse(createdAt) : (statProjectPath(projectDir, file.path)?.mtimeMs ?? Number.NaN);
        if (!Number.isNaN(ms)) createdMs = ms;
      }
    }
    outcomes.push({ path: file.path, problems, decoded: data !== undefined, published, uniqueValues, createdMs, renamedFrom });
  }
  return outcomes;
}
