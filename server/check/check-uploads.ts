import { isPlainObject } from '../config/is-plain-object.js';
import { FileError } from '../errors/file-error.js';
import { parseJson } from '../schema/parse-json.js';
import { listUploadFiles } from '../store/list-upload-files.js';
import { RefusedFileError } from '../store/plain-file.js';
import { statProjectPath } from '../store/project-files.js';
import { SIDECAR_SUFFIX, UPLOADS_DIR } from '../store/project-layout.js';
import { readSidecarText } from '../store/read-media.js';
import type { CheckProblem } from './check-problem.js';
import { findMergeConflict } from './find-merge-conflict.js';
import { problemFromFileError } from './problem-from-file-error.js';

export interface UploadsCheck {
  /** Paths relative to uploads/ of every media file (sidecars and hidden files excluded). */
  readonly media: Set<string>;
  readonly problems: CheckProblem[];
}

/** Lists uploads/ and reads every sidecar: each must be a JSON object beside an existing media file. */
export function checkUploads(projectDir: string): UploadsCheck {
  const { media: listed, sidecars, refused } = listUploadFiles(projectDir);
  const problems: CheckProblem[] = refused.map(({ path, reason }) => unsafe(path, reason));
  // Media files are few next to documents: an lstat each finds the hard links a listing cannot show.
  const mediaFiles = listed.filter((mediaPath) => {
    const refusal = statProjectPath(projectDir, `${UPLOADS_DIR}/${mediaPath}`)?.refusal;
    if (refusal !== undefined) problems.push(unsafe(`${UPLOADS_DIR}/${mediaPath}`, refusal));
    return refusal === undefined;
  });
  const media = new Set(mediaFiles);

  for (const sidecar of sidecars.sort()) {
    const file = `${UPLOADS_DIR}/${sidecar}`;
    const mediaPath = sidecar.slice(0, -SIDECAR_SUFFIX.length);
    if (!media.has(mediaPath)) {
      problems.push({
        file,
        line: undefined,
        column: undefined,
        rule: 'sidecar',
        message: `no media file ${UPLOADS_DIR}/${mediaPath} beside this sidecar: rename or delete it`,
      });
      continue;
    }
    let text: string;
    try {
      text = readSidecarText(projectDir, sidecar);
    } catch (error) {
      if (!(error instanceof RefusedFileError)) throw error;
      problems.push(problemFromFileError(error, 'unsafe-file'));
      continue;
    }
    const conflict = findMergeConflict(text);
    if (conflict !== undefined) {
      problems.push({ file, ...conflict, rule: 'merge-conflict', message: 'unresolved git merge conflict' });
      continue;
    }
    try {
      if (!isPlainObject(parseJson(text, file))) problems.push({ file, line: 1, column: 1, rule: 'sidecar', message: 'expected a JSON object' });
    } catch (error) {
      if (!(error instanceof FileError)) throw error;
      problems.push(problemFromFileError(error, 'syntax'));
    }
  }
  return { media, problems };
}

function unsafe(file: string, message: string): CheckProblem {
  return { file, line: undefined, column: undefined, rule: 'unsafe-file', message };
}
