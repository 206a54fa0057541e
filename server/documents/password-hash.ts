import { packageOnFirstUse } from '../config/package-on-first-use.js';

/** bcryptjs, loaded at the first password hashed or checked (a start needs none). */
const loadBcrypt = packageOnFirstUse<typeof import('bcryptjs')>('bcryptjs');

/** Strapi's cost, for password attributes and users' passwords alike: `$2b$10$…`. */
const ROUNDS = 10;

/** Hashes a password attribute's value without blocking the event loop (bcryptjs works in slices). */
export function hashPassword(plain: string): Promise<string> {
  return loadBcrypt().hash(plain, ROUNDS);
}

/** The same, blocking: for the CLI, where nothing else waits. */
export function hashPasswordSync(plain: string): string {
  return loadBcrypt().hashSync(plain, ROUNDS);
}

/** Whether a password matches a bcrypt hash, without blocking the event loop. */
export function comparePassword(plain: string, hash: string): Promise<boolean> {
  return loadBcrypt().compare(plain, hash);
}
