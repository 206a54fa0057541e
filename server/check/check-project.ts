import os from 'node:os';
import { USER_UID } from '../schema/user-type.js';
import { listRefusedUserFiles, listUserIds } from '../store/user-files.js';
import { replayJournals } from '../store/write-journal.js';
import { checkApiConfig } from './check-api-config.js';
import { checkConfig } from './check-config.js';
import { checkContent } from './check-content.js';
import { type KnownDocuments, checkFileLayout } from './check-file-layout.js';
import { type CheckProblem, compareProblems } from './check-problem.js';
import { checkSchemas } from './check-schemas.js';
import { checkUploads } from './check-uploads.js';
import { problemFromFileError } from './problem-from-file-error.js';
import { listContentFiles } from './list-content-files.js';

export interface CheckReport {
  /** Sorted by file and position. Empty when the project is clean. */
  readonly problems: CheckProblem[];
  /** What the project loads without (an attribute of a kind cms does not know): reported, never failing the check. */
  readonly warnings: CheckProblem[];
  /** Content types and components loaded (0 when the schemas are broken). */
  readonly schemas: number;
  /** Content files read. */
  readonly documents: number;
  readonly media: number;
}

/**
 * Checks a whole project without starting a server: cms.config.json, the schemas, uploads/ and
 * every content file. Content is checked only when the config and the schemas load, since every
 * content rule depends on them. `workers` spreads the content files over threads (default: one
 * per core for large projects).
 */
export async function checkProject(projectDir: string, options: { workers?: number } = {}): Promise<CheckReport> {
  // A write across files (`cms mv`) killed half-way is finished first: the check sees its result.
  replayJournals(projectDir);
  const { config, problems: configProblems } = checkConfig(projectDir);
  const apiProblems = await checkApiConfig(projectDir);
  const { registry, problems: schemaProblems } = checkSchemas(projectDir);
  const uploads = checkUploads(projectDir);
  // concat, not push(...list): a misnamed folder of 100,000 files is 100,000 problems.
  const users = listRefusedUserFiles(projectDir).map(({ path, reason }): CheckProblem => ({
    file: path,
    line: undefined,
    column: undefined,
    rule: 'unsafe-file',
    message: reason,
  }));
  let problems = configProblems.concat(apiProblems, schemaProblems, uploads.problems, users);
  if (config === undefined || registry === undefined) return report(problems, 0, 0, uploads.media.size);
  const warnings = registry.warnings.map((warning) => problemFromFileError(warning, 'unsupported-attribute'));

  const listing = listContentFiles(projectDir, registry);
  const layout = checkFileLayout(listing.files, config.i18n);
  const workers = options.workers ?? defaultWorkers(layout.readable.length);
  const content = await checkContent({
    projectDir,
    registry,
    i18n: config.i18n,
    files: layout.readable,
    known: withUsers(layout.known, projectDir),
    media: uploads.media,
    workers,
  });
  problems = problems.concat(listing.problems, layout.problems, content);
  return {
    ...report(problems, registry.contentTypes.size + registry.components.size, layout.readable.length, uploads.media.size),
    warnings: warnings.sort(compareProblems),
  };
}

/** The documents relations may point at, with the users of users/ (a relation to one names its documentId). */
function withUsers(known: KnownDocuments, projectDir: string): KnownDocuments {
  const users = new Map(listUserIds(projectDir).map((documentId) => [documentId, new Set([''])]));
  return new Map([...known, [USER_UID, users]]);
}

/** One worker per core for large projects; small ones are checked faster than a worker starts. */
function defaultWorkers(files: number): number {
  return files < 5000 ? 1 : Math.min(os.availableParallelism(), Math.ceil(files / 5000), 8);
}

function report(problems: CheckProblem[], schemas: number, documents: number, media: number): CheckReport {
  return { problems: problems.sort(compareProblems), warnings: [], schemas, documents, media };
}
