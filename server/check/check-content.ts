import type { ContentFile } from '../store/content-path.js';
import { readProjectTextOrThrow } from '../store/project-files.js';
import { localeKey } from './check-file-layout.js';
import { type FileOutcome, type FilesInput, checkFiles } from './check-files.js';
import { checkFilesInWorkers } from './check-files-in-workers.js';
import type { CheckProblem } from './check-problem.js';
import { createDerivedIds } from './derived-ids.js';
import { locateKey } from './locate-key.js';
import { createUniqueValues } from './unique-values.js';

export interface ContentCheckInput extends FilesInput {
  /** The files to read, sorted by path (earlier files win clashes). */
  readonly files: readonly ContentFile[];
  /** Worker threads to spread the files over (1: check in this thread). */
  readonly workers: number;
}

/**
 * Checks every content file once: each on its own (in worker threads for large projects), then
 * the rules across files (unique values, derived ids, draft files beside unpublished ones) in path
 * order, from small maps, so the time grows linearly with the number of files.
 */
export async function checkContent(input: ContentCheckInput): Promise<CheckProblem[]> {
  const outcomes = input.workers > 1 ? await checkFilesInWorkers(input, input.files, input.workers) : checkFiles(input, input.files);
  return [...outcomes.flatMap((outcome) => outcome.problems), ...checkAcrossFiles(input, outcomes)];
}

function checkAcrossFiles(input: ContentCheckInput, outcomes: readonly FileOutcome[]): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const unique = createUniqueValues();
  const ids = createDerivedIds();
  const unpublishedMains = new Map<string, string>();
  const draftFiles: { file: ContentFile; record: string }[] = [];
  const at = (file: ContentFile, key: string): { line: number | undefined; column: number | undefined } => {
    // Only files with a clash are read again, to say where.
    const position = locateKey(readProjectTextOrThrow(input.projectDir, file.path), file.format, [key]);
    return { line: position?.line, column: position?.column };
  };
  input.files.forEach((file, i) => {
    const outcome = outcomes[i];
    if (outcome === undefined || !outcome.decoded) return;
    const locale = localeKey(file.type, file.locale, input.i18n.defaultLocale);
    const record = `${file.type.uid}\u0000${file.documentId ?? ''}\u0000${locale}`;
    if (file.draft) {
      draftFiles.push({ file, record });
      return;
    }
    if (file.type.draftAndPublish && !outcome.published) unpublishedMains.set(record, file.path);
    for (const clash of unique.add(file.type, locale, outcome.uniqueValues, file.path)) {
      problems.push({
        file: file.path,
        ...at(file, clash.attribute),
        rule: 'unique',
        message: `${clash.attribute}: This attribute must be unique (${JSON.stringify(clash.value)} is also used by ${clash.earlier})`,
      });
    }
    const clash =
      file.documentId === undefined || outcome.createdMs === undefined
        ? undefined
        : ids.add({ type: file.type, documentId: file.documentId, locale, createdMs: outcome.createdMs, file: file.path, renamedFrom: outcome.renamedFrom });
    if (clash !== undefined) {
      problems.push({
        file: file.path,
        ...at(file, 'createdAt'),
        rule: 'duplicate-id',
        message: `derives the same id (${clash.id}) as ${clash.earlier}, created in the same millisecond: which of the two gets it would depend on load order; change createdAt by a millisecond`,
      });
    }
  });
  for (const { file, record } of draftFiles) {
    const main = unpublishedMains.get(record);
    if (main === undefined) continue;
    problems.push({
      file: file.path,
      line: undefined,
      column: undefined,
      rule: 'draft',
      message: `${main} is not published (publishedAt is null), so it is the draft already: keep one draft, in ${main}, and delete this file`,
    });
  }
  return problems;
}
