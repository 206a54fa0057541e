import type { WriteEvent } from '../documents/project-port.js';
import type { ContentType } from '../schema/content-type.js';
import { createUserType } from '../schema/user-type.js';
import { type StoredUser, toPublicUser } from './stored-user.js';
import type { UserChanges, UserStore } from './user-store.js';

let userType: ContentType | undefined;

/** A user write as the project's lifecycles see it: `params.data` (the password already hashed) and `params.where.id`. */
export interface UserWrite<T> {
  readonly action: 'create' | 'update' | 'delete';
  readonly data?: Record<string, unknown> | undefined;
  readonly id?: number | undefined;
  /** Writes, with `data` as the before-hooks left it. */
  readonly write: (data: Record<string, unknown>) => T;
}

/**
 * Runs a `plugin::users-permissions.user` write inside the project's lifecycles (beforeCreate …
 * afterDelete), as Strapi's Query Engine does: a before-hook may change `event.params.data` or
 * throw, which rejects the write before anything is written; `event.result` is the user as the
 * API shows it. Without project code the write just runs.
 */
export async function runUserWrite<T extends StoredUser | undefined>(users: UserStore, request: UserWrite<T>): Promise<T> {
  const hooks = users.hooks();
  const data = { ...(request.data ?? {}) };
  if (hooks === undefined) return request.write(data);
  userType ??= createUserType();
  const params: WriteEvent['params'] = {};
  if (request.action !== 'delete') params.data = data;
  if (request.id !== undefined) (params as Record<string, unknown>)['where'] = { id: request.id };
  const event: WriteEvent = { action: request.action, type: userType, params, state: {} };
  await hooks.before(event);
  const result = request.write(event.params.data ?? data);
  event.result = result === undefined ? null : toPublicUser(result);
  await hooks.after(event);
  return result;
}

/**
 * An update of a user's own fields (a new password hash, a stored code, `confirmed`) inside the
 * lifecycles, as Strapi's users-permissions service edits a user through its query engine in the
 * password and confirmation flows: `params.data` holds what is written (hashes, never a plain
 * password or code). `check` runs right before the synchronous write (a code used meanwhile throws).
 */
export function updateUserFields(
  users: UserStore,
  user: StoredUser,
  changes: UserChanges,
  at: { readonly now: string; readonly check?: () => void },
): Promise<StoredUser | undefined> {
  return runUserWrite(users, {
    action: 'update',
    data: { ...changes },
    id: user.id,
    write: (data) => {
      at.check?.();
      return users.update(user.documentId, data as UserChanges, at.now);
    },
  });
}
