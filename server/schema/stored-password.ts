/**
 * How a `password` attribute is stored: a bcrypt hash as bcrypt writes it (`$2a$`, `$2b$` … prefix,
 * cost, 22 characters of salt and 31 of hash), never the password itself.
 */
export const STORED_PASSWORD_PATTERN = '^\\$2[abxy]\\$\\d{2}\\$[./A-Za-z0-9]{53}$';

const STORED_PASSWORD = new RegExp(STORED_PASSWORD_PATTERN);

/** Whether a stored value is a bcrypt hash (else it is a password in plain text). */
export function isPasswordHash(value: unknown): value is string {
  return typeof value === 'string' && STORED_PASSWORD.test(value);
}
