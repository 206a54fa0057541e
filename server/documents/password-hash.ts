import bcrypt from 'bcryptjs';

/** Strapi's cost, for password attributes and users' passwords alike: `$2b$10$…`. */
const ROUNDS = 10;

/** A bcrypt hash as bcrypt writes it: `$2a$`, `$2b$` (…) prefix, cost, 22 characters of salt and 31 of hash. */
const BCRYPT_HASH = /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/;

/** Hashes a password attribute's value without blocking the event loop (bcryptjs works in slices). */
export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, ROUNDS);
}

/** The same, blocking: for the CLI, where nothing else waits. */
export function hashPasswordSync(plain: string): string {
  return bcrypt.hashSync(plain, ROUNDS);
}

/** Whether a stored value is a bcrypt hash (else it is a password in plain text). */
export function isPasswordHash(value: unknown): value is string {
  return typeof value === 'string' && BCRYPT_HASH.test(value);
}
