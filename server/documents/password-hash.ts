import bcrypt from 'bcryptjs';

/** Strapi's cost, for password attributes and users' passwords alike: `$2b$10$…`. */
const ROUNDS = 10;

/** Hashes a password attribute's value without blocking the event loop (bcryptjs works in slices). */
export function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, ROUNDS);
}

/** The same, blocking: for the CLI, where nothing else waits. */
export function hashPasswordSync(plain: string): string {
  return bcrypt.hashSync(plain, ROUNDS);
}
