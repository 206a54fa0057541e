import crypto from 'node:crypto';

/** A fresh code for a mail, and what the user file keeps of it. */
export interface IssuedToken {
  /** Goes into the mail only. */
  readonly token: string;
  /** `sha256:<hex>;expires=<ISO date>`: the code's SHA-256 and when it stops working. */
  readonly stored: string;
}

const STORED = /^sha256:([0-9a-f]{64});expires=(\S+)$/;

function digest(code: string): Buffer {
  return crypto.createHash('sha256').update(code, 'utf8').digest();
}

/**
 * A random code of `bytes` bytes (hex) that works until `now + lifetimeMs`. Only its SHA-256 is
 * stored, so a leaked user file holds no usable code; a plain hash is enough (no bcrypt) because
 * the code is random and long, with nothing to guess from.
 */
export function issueOneTimeToken(bytes: number, lifetimeMs: number, now: number): IssuedToken {
  const token = crypto.randomBytes(bytes).toString('hex');
  return { token, stored: `sha256:${digest(token).toString('hex')};expires=${new Date(now + lifetimeMs).toISOString()}` };
}

/**
 * Whether `code` is the one behind `stored` and has not expired. Digests of equal length are
 * compared in constant time. A stored value of another form (a plain token carried over from
 * Strapi) matches nothing: the user asks for a new mail.
 */
export function isOneTimeTokenValid(code: string, stored: string | null, now: number): boolean {
  const match = stored === null ? null : STORED.exec(stored);
  if (match === null) return false;
  const expires = Date.parse(match[2]!);
  if (!(expires > now)) return false;
  return crypto.timingSafeEqual(digest(code), Buffer.from(match[1]!, 'hex'));
}
