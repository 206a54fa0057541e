import type { ChangeSet, DocumentChange } from '../documents/project-port.js';
import { parseContentPath } from '../store/content-path.js';
import { encodeDocumentFile } from '../store/encode-document-file.js';
import { removeProjectFile, writeProjectText } from '../store/project-files.js';
import { SIDECAR_SUFFIX } from '../store/project-layout.js';
import { decodeStoredDocument } from '../store/read-document.js';
import { removeUserFile, userFilePath, writeUserFile } from '../store/user-files.js';
import { removeUploadFiles, writeUploadFiles } from '../store/write-upload.js';
import type { OwnWrites } from './own-writes.js';
import { placeDocument } from './place-document.js';
import type { ProjectState } from './project-state.js';
import { syncMedia } from './sync-media.js';
import { syncUser } from './sync-users.js';

/**
 * The one commit path: writes a change set's files through store/, each atomically, then puts
 * what they now hold into the index (decoded from the very text written), so the answer and the
 * next request see them. Every content file is encoded before any is written: a value that cannot
 * be encoded fails the whole write.
 */
export function commitChanges(state: ProjectState, ownWrites: OwnWrites, changes: ChangeSet): void {
  const documents = (changes.documents ?? []).map((change) => ({ change, text: encodeChange(state, change) }));
  for (const { change, text } of documents) {
    if (text === null) removeProjectFile(state.dir, change.path);
    else writeProjectText(state.dir, change.path, text);
  }
  for (const { change, text } of documents) {
    ownWrites.record(change.path, text);
    if (text === null) {
      state.index.removeFile(change.path);
      state.problems.delete(change.path);
      continue;
    }
    const file = parseContentPath(state.registry, change.path);
    if (file !== undefined)
      placeDocument(
        state,
        decodeStoredDocument(state.registry, file, text, () => Date.now()),
      );
  }

  const uploads = changes.uploads ?? [];
  const removed = changes.removedUploads ?? [];
  if (uploads.length > 0) writeUploadFiles(state.dir, uploads);
  if (removed.length > 0) removeUploadFiles(state.dir, removed);
  // A file before its formats, as a reader would meet them: the file's sidecar claims its format files.
  const sidecars = [...uploads.map((write) => write.path), ...removed].filter((path) => path.endsWith(SIDECAR_SUFFIX));
  const touched = new Set([...sidecars, ...uploads.map((write) => write.path), ...removed].map(withoutSidecarSuffix));
  for (const mediaPath of touched) syncMedia(state, mediaPath);

  for (const user of changes.users ?? []) {
    if (user.data === null) removeUserFile(state.dir, user.documentId);
    else writeUserFile(state.dir, user.documentId, user.data);
    syncUser(state, userFilePath(user.documentId));
  }
}

function encodeChange(state: ProjectState, change: DocumentChange): string | null {
  return change.data === null ? null : encodeDocumentFile(state.dir, change.path, change.type, change.data);
}

function withoutSidecarSuffix(mediaPath: string): string {
  return mediaPath.endsWith(SIDECAR_SUFFIX) ? mediaPath.slice(0, -SIDECAR_SUFFIX.length) : mediaPath;
}
