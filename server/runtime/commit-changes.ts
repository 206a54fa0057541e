import type { ChangeSet, DocumentChange } from '../documents/project-port.js';
import { parseContentPath } from '../store/content-path.js';
import { encodeDocumentFile } from '../store/encode-document-file.js';
import { encodeMarkdownDocument } from '../store/encode-document.js';
import { readProjectText, removeProjectFile, writeProjectText } from '../store/project-files.js';
import { SIDECAR_SUFFIX, UPLOADS_DIR } from '../store/project-layout.js';
import { type JournalStep, applyJournaled } from '../store/write-journal.js';
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
  if (changes.atomic) {
    commitAtomically(state, ownWrites, { changes, documents });
    return;
  }
  for (const { change, text } of documents) {
    if (text === null) removeProjectFile(state.dir, change.path);
    else writeProjectText(state.dir, change.path, text);
    if (change.from !== undefined) removeProjectFile(state.dir, change.from);
  }
  showDocuments(state, ownWrites, documents);

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

interface EncodedChange {
  readonly change: DocumentChange;
  readonly text: string | null;
}

/** Puts written content files into the index (decoded from the text written); renamed ones leave their old path. */
function showDocuments(state: ProjectState, ownWrites: OwnWrites, documents: readonly EncodedChange[]): void {
  for (const { change, text } of documents) {
    if (change.from !== undefined) {
      ownWrites.record(change.from, null);
      state.index.removeFile(change.from);
      state.problems.delete(change.from);
    }
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
}

/** Content files and media moves through a journal (store/write-journal): all of them, or none. */
function commitAtomically(state: ProjectState, ownWrites: OwnWrites, write: { changes: ChangeSet; documents: readonly EncodedChange[] }): void {
  const { changes, documents } = write;
  if (changes.uploads?.length || changes.removedUploads?.length || changes.users?.length)
    throw new Error('an atomic change set holds content files and media moves only');
  const steps: JournalStep[] = [];
  for (const { from, to, sidecar } of changes.movedUploads ?? []) {
    steps.push({ kind: 'move', from: `${UPLOADS_DIR}/${from}`, path: `${UPLOADS_DIR}/${to}` });
    if (sidecar === undefined) continue;
    steps.push({ kind: 'write', path: `${UPLOADS_DIR}/${to}${SIDECAR_SUFFIX}`, text: `${JSON.stringify(sidecar, null, 2)}\n` });
    steps.push({ kind: 'remove', path: `${UPLOADS_DIR}/${from}${SIDECAR_SUFFIX}` });
  }
  for (const { change, text } of documents) steps.push(text === null ? { kind: 'remove', path: change.path } : { kind: 'write', path: change.path, text });
  // Old names go last: until the end, every document can still be found under one of its names.
  for (const { change } of documents) if (change.from !== undefined) steps.push({ kind: 'remove', path: change.from });
  applyJournaled(state.dir, steps);
  showDocuments(state, ownWrites, documents);
  const media = new Set((changes.movedUploads ?? []).flatMap(({ from, to }) => [from, to]).map(withoutSidecarSuffix));
  for (const mediaPath of media) syncMedia(state, mediaPath);
}

function encodeChange(state: ProjectState, change: DocumentChange): string | null {
  if (change.data === null) return null;
  // A renamed Markdown file keeps its layout: it is encoded over the text it replaces.
  if (change.from !== undefined && change.path.endsWith('.md')) {
    const previous = readProjectText(state.dir, change.from);
    if (previous !== undefined) return encodeMarkdownDocument(change.type, change.data, previous);
  }
  return encodeDocumentFile(state.dir, change.path, change.type, change.data);
}

function withoutSidecarSuffix(mediaPath: string): string {
  return mediaPath.endsWith(SIDECAR_SUFFIX) ? mediaPath.slice(0, -SIDECAR_SUFFIX.length) : mediaPath;
}
