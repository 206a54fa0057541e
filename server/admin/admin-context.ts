import type { Context } from 'koa';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectPort } from '../documents/project-port.js';
import { forbiddenError, unauthorizedError } from '../errors/api-error.js';
import type { FixedWindowCounter } from '../http/fixed-window-counter.js';
import type { AdminSession, AdminSessions } from './admin-sessions.js';
import type { AdminStore, StoredAdmin } from './admin-store.js';

/** What every admin route works with. */
export interface AdminDependencies {
  readonly config: CmsConfig;
  readonly project: ProjectPort;
  readonly admins: AdminStore;
  readonly sessions: AdminSessions;
  /** Sign-in attempts per e-mail and IP, and per IP. */
  readonly signInCounter: FixedWindowCounter;
  readonly now: () => number;
  readonly warn: (message: string) => void;
  /** Has the index read these project files again now (git changed them); without it a watcher does, when there is one. */
  readonly resync?: ((files: readonly ResyncFile[]) => void) | undefined;
}

/** A file git changed, with the part of the project it is in (the watcher's areas). */
export interface ResyncFile {
  readonly area: 'content' | 'uploads' | 'schemas';
  readonly path: string;
}

/** The signed-in administrator of a request (set by the session check). */
export interface SignedIn {
  readonly admin: StoredAdmin;
  readonly session: AdminSession;
  readonly sessionId: string;
}

/** The session cookie: HttpOnly, SameSite=Strict, only sent to /admin. */
export const SESSION_COOKIE = 'cms_admin_session';

export function signedInOf(ctx: Context): SignedIn {
  const signedIn = ctx.state['admin'] as SignedIn | undefined;
  if (signedIn === undefined) throw unauthorizedError('Missing or invalid credentials');
  return signedIn;
}

/** Refuses the request unless the signed-in administrator has one of these roles. */
export function requireRole(ctx: Context, ...roles: StoredAdmin['role'][]): StoredAdmin {
  const { admin } = signedInOf(ctx);
  if (!roles.includes(admin.role)) throw forbiddenError();
  return admin;
}
