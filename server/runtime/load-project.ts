import type { CmsConfig } from '../config/cms-config.js';
import { ContentIndex } from '../content-index/content-index.js';
import type { FileError } from '../errors/file-error.js';
import type { ContentPrefetch } from '../store/content-prefetch.js';
import { loadSchemaFiles } from '../store/load-schemas.js';
import { listUploadFiles } from '../store/list-upload-files.js';
import { RefusedFileError } from '../store/plain-file.js';
import { listRefusedUserFiles } from '../store/user-files.js';
import { scanContent } from '../store/scan-content.js';
import { replayJournals } from '../store/write-journal.js';
import { placeDocument, reportProblem } from './place-document.js';
import type { ProjectState } from './project-state.js';
import { loadUsers } from './sync-users.js';
import { syncMedia } from './sync-media.js';

/**
 * Reads a whole project: its schemas (a FileError when they are broken), then its media and
 * content into a new index, taking the texts from `prefetch` when a worker reads this project.
 * Files that cannot be read, and links and special files (never read), end up in `problems`, never thrown.
 */
export function loadProject(config: CmsConfig, prefetch?: ContentPrefetch): ProjectState {
  // A write across files (`cms mv`) killed half-way is finished before anything is read.
  replayJournals(config.dir);
  const { registry, refused } = loadSchemaFiles(config.dir);
  const state: ProjectState = { dir: config.dir, registry, index: new ContentIndex(registry, config.i18n), problems: new Map<string, FileError>() };
  const uploads = listUploadFiles(config.dir);
  for (const mediaPath of uploads.media.sort()) syncMedia(state, mediaPath);
  for (const { path, reason } of [...refused, ...uploads.refused, ...listRefusedUserFiles(config.dir)])
    reportProblem(state, new RefusedFileError(path, reason));
  const { documents, problems } = scanContent(config.dir, registry, prefetch);
  state.index.load(() => {
    // Default-locale files first: other locales of a single type take their documentId from them.
    for (const stored of documents) if (stored.file.locale === undefined) placeDocument(state, stored);
    for (const stored of documents) if (stored.file.locale !== undefined) placeDocument(state, stored);
    loadUsers(state);
  });
  for (const problem of problems) reportProblem(state, problem);
  return state;
}
