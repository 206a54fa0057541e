import type { ApiTokenEntry, CmsConfig } from '../config/cms-config.js';
import type { StoredUser } from './stored-user.js';

/** The action ids of the users-permissions routes, as Strapi names them. */
export const AUTH_ACTIONS = {
  logIn: 'plugin::users-permissions.auth.callback',
  register: 'plugin::users-permissions.auth.register',
  forgotPassword: 'plugin::users-permissions.auth.forgotPassword',
  resetPassword: 'plugin::users-permissions.auth.resetPassword',
  changePassword: 'plugin::users-permissions.auth.changePassword',
  emailConfirmation: 'plugin::users-permissions.auth.emailConfirmation',
  sendEmailConfirmation: 'plugin::users-permissions.auth.sendEmailConfirmation',
  me: 'plugin::users-permissions.user.me',
} as const;

/**
 * Strapi's users-permissions defaults, granted without being listed in cms.config.json: anyone may
 * sign in, register (switched by `auth.register`), reset a forgotten password and confirm an
 * address; signed-in users may read themselves and change their password.
 */
const PUBLIC_DEFAULTS: readonly string[] = [
  AUTH_ACTIONS.logIn,
  AUTH_ACTIONS.register,
  AUTH_ACTIONS.forgotPassword,
  AUTH_ACTIONS.resetPassword,
  AUTH_ACTIONS.emailConfirmation,
  AUTH_ACTIONS.sendEmailConfirmation,
];
const USER_DEFAULTS: readonly string[] = [AUTH_ACTIONS.me, AUTH_ACTIONS.changePassword];

/** Who is calling, once the Authorization header has been checked. */
export type Caller =
  /** No Authorization header. `locked`: the public role has no permission at all (Strapi then answers 401). */
  | { readonly kind: 'public'; readonly permissions: ReadonlySet<string>; readonly locked: boolean }
  | { readonly kind: 'api-token'; readonly token: ApiTokenEntry }
  | { readonly kind: 'user'; readonly user: StoredUser; readonly permissions: ReadonlySet<string> };

export function publicCaller(config: CmsConfig): Caller {
  const configured = config.permissions['public'] ?? [];
  return { kind: 'public', permissions: new Set([...configured, ...PUBLIC_DEFAULTS]), locked: configured.length === 0 };
}

export function userCaller(config: CmsConfig, user: StoredUser): Caller {
  return { kind: 'user', user, permissions: new Set([...(config.permissions[user.role] ?? []), ...USER_DEFAULTS]) };
}

/** Whether the caller may use an action (`api::article.article.find`), by Strapi's rules per kind of caller. */
export function isAllowed(caller: Caller, action: string): boolean {
  switch (caller.kind) {
    case 'public':
    case 'user':
      return caller.permissions.has(action);
    case 'api-token':
      switch (caller.token.type) {
        case 'full-access':
          return true;
        case 'read-only':
          return action.endsWith('find') || action.endsWith('findOne');
        case 'custom':
          return caller.token.permissions.includes(action);
      }
  }
}

/** Whether populate, filters and sort may reach documents of a type: its `find` action is allowed. */
export function canFind(caller: Caller, uid: string): boolean {
  return isAllowed(caller, `${uid}.find`);
}

/** The actions a role holds, as its callers get them: its list in cms.config.json plus Strapi's defaults for it. */
export function roleActions(config: CmsConfig, role: string): ReadonlySet<string> {
  return new Set([...(config.permissions[role] ?? []), ...(role === 'public' ? PUBLIC_DEFAULTS : USER_DEFAULTS)]);
}
