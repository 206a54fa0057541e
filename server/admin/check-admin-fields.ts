import { validationError } from '../errors/api-error.js';

/** A plausible address, at most 254 characters (a full check is the mail's job, not ours). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An administrator's e-mail, lower-cased; a 400 naming the field otherwise. */
export function checkAdminEmail(value: unknown): string {
  if (typeof value !== 'string' || value.length > 254 || !EMAIL.test(value.trim())) throw fieldError('email', 'email must be a valid email');
  return value.trim().toLowerCase();
}

/** Strapi's admin password rules: 8 or more characters with a lower-case letter, an upper-case letter and a digit; at most 72 bytes (bcrypt's limit). */
export function checkAdminPassword(value: unknown): string {
  if (typeof value !== 'string' || value.length < 8) throw fieldError('password', 'password must be at least 8 characters');
  if (Buffer.byteLength(value) > 72) throw fieldError('password', 'password must be at most 72 bytes');
  if (!/[a-z]/.test(value) || !/[A-Z]/.test(value) || !/\d/.test(value))
    throw fieldError('password', 'password must contain a lower-case letter, an upper-case letter and a number');
  return value;
}

function fieldError(field: string, message: string) {
  return validationError(message, { errors: [{ path: [field], message, name: 'ValidationError' }] });
}
