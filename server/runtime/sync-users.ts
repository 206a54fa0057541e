import { decodeUserFile } from '../auth/decode-user-file.js';
import { type StoredUser, toPublicUser } from '../auth/stored-user.js';
import { FileError } from '../errors/file-error.js';
import { listUserIds, parseUserPath, readUserFile, statUserFile, userFilePath } from '../store/user-files.js';
import { reportProblem } from './place-document.js';
import type { ProjectState } from './project-state.js';

/**
 * Users are entries of `plugin::users-permissions.user` in the index, so that relations can point
 * at them and populate them. The index holds only their public fields: a password hash, a reset or
 * confirmation token, or the role never reaches an entry, so no answer can show one.
 */
export function loadUsers(state: ProjectState): void {
  for (const documentId of listUserIds(state.dir)) syncUser(state, userFilePath(documentId));
}

/** Brings the index in line with one user file on disk: re-read, forgotten when gone or unreadable, reported when a link. */
export function syncUser(state: ProjectState, relPath: string): void {
  const documentId = parseUserPath(relPath);
  if (documentId === undefined) return;
  const info = statUserFile(state.dir, documentId);
  state.problems.delete(relPath);
  if (info === undefined) return forgetUser(state, relPath);
  if (info.refusal !== undefined) {
    forgetUser(state, relPath);
    return reportProblem(state, new FileError(relPath, info.refusal));
  }
  let user: StoredUser;
  try {
    const text = readUserFile(state.dir, documentId);
    if (text === undefined) return;
    // The role is no part of the entry: any default will do.
    user = decodeUserFile(documentId, JSON.parse(text), { modified: new Date(info.mtimeMs).toISOString(), defaultRole: '' });
  } catch {
    // The user store says why when someone tries to sign in with it; such a user is no relation target either.
    return forgetUser(state, relPath);
  }
  placeUser(state, relPath, user);
}

/** Puts a user's public fields into the index as the version of its file. */
export function placeUser(state: ProjectState, relPath: string, user: StoredUser): void {
  const type = state.registry.user;
  // The fields /api/users answers, but id and documentId: the index gives those to every entry.
  const { id: _id, documentId: _documentId, ...data } = toPublicUser(user);
  // A new reset or confirmation token changes no public field: the index (and every cached answer) stays.
  const held = state.index.findRecord(type, user.documentId, null)?.main;
  if (held !== undefined && held.path === relPath && sameFields(held.data, data)) return;
  const file = { path: relPath, type, documentId: user.documentId, locale: undefined, draft: false, format: 'json' as const };
  state.index.applyDocument({ file, data, mtimeMs: undefined });
}

function forgetUser(state: ProjectState, relPath: string): void {
  state.index.removeFile(relPath);
}

function sameFields(held: Readonly<Record<string, unknown>>, next: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(next);
  return keys.length === Object.keys(held).length && keys.every((key) => held[key] === next[key]);
}
