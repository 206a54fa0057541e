import type { CmsConfig } from '../config/cms-config.js';
import { applicationError, notFoundError } from '../errors/api-error.js';
import { checkUserBody } from './check-user-body.js';
import { hashPassword } from '../documents/password-hash.js';
import type { StoredUser } from './stored-user.js';
import type { NewUser, UserChanges, UserStore } from './user-store.js';
import { runUserWrite } from './user-lifecycles.js';

/** What the user routes need: the users, the roles' config, and the clock. */
export interface UserServiceContext {
  readonly users: UserStore;
  readonly config: CmsConfig;
  readonly now: () => string;
}

/**
 * `POST /api/users`: a new local user. Strapi's checks, in its order: the body, then a taken email
 * (`Email already taken`); cms also refuses a taken username (`Username already taken`), which
 * sign-in by username needs to be unique. The role defaults to `auth.defaultRole`.
 */
export async function createUser(context: UserServiceContext, body: unknown): Promise<StoredUser> {
  const { users, config } = context;
  const input = checkUserBody(body, 'create', config);
  const username = input.username!;
  const email = input.email!;
  const clash = (): void => assertFree(users, { username, email }, undefined);
  clash();
  const password = await hashPassword(input.password!);
  const fields: NewUser = {
    username,
    email,
    password,
    role: input.role ?? config.auth.defaultRole,
    ...(input.confirmed === undefined ? {} : { confirmed: input.confirmed }),
    ...(input.blocked === undefined ? {} : { blocked: input.blocked }),
  };
  return runUserWrite(users, {
    action: 'create',
    data: { ...fields },
    write: (data) => {
      // Again after the (asynchronous) hashing and hooks, right before the synchronous write.
      assertFree(users, { username: data['username'] as string, email: data['email'] as string }, undefined);
      return users.add(data as unknown as NewUser, context.now());
    },
  });
}

/** `PUT /api/users/:id`: an unknown id is a 404 `User not found` before the body is looked at, as in Strapi. */
export async function updateUser(context: UserServiceContext, id: number, body: unknown): Promise<StoredUser> {
  const { users, config } = context;
  const found = users.findById(id);
  if (found === undefined) throw notFoundError('User not found');
  const input = checkUserBody(body, 'update', config);
  const clash = (): void => assertFree(users, { username: input.username, email: input.email }, found.id);
  clash();
  const { password, ...rest } = input;
  const changes: UserChanges = password === undefined ? rest : { ...rest, password: await hashPassword(password) };
  const user = await runUserWrite(users, {
    action: 'update',
    data: { ...changes },
    id: found.id,
    write: (data) => {
      clash();
      return users.update(found.documentId, data as UserChanges, context.now());
    },
  });
  // Removed by hand while the password was hashed.
  if (user === undefined) throw notFoundError('User not found');
  return user;
}

/** Throws Strapi's `Email already taken` / `Username already taken` when another user holds either value. */
function assertFree(users: UserStore, wanted: { username?: string | undefined; email?: string | undefined }, self: number | undefined): void {
  const others = users.list().filter((user) => user.id !== self);
  const email = wanted.email?.toLowerCase();
  if (email !== undefined && others.some((user) => user.email === email)) throw applicationError('Email already taken');
  if (wanted.username !== undefined && others.some((user) => user.username === wanted.username)) throw applicationError('Username already taken');
}
