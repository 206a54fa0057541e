import crypto from 'node:crypto';
import type { ApiTokenEntry } from '../config/cms-config.js';

/** A new API token: 128 random bytes as hex, like Strapi's. Shown once; only its hash is kept. */
export function generateApiToken(): string {
  return crypto.randomBytes(128).toString('hex');
}

/** What the config stores for a token: HMAC-SHA512 keyed with the salt, as hex. */
export function hashApiToken(token: string, salt: string): string {
  return crypto.createHmac('sha512', salt).update(token).digest('hex');
}

/**
 * The stored entry whose hash matches the presented token, compared in constant time against
 * every entry (no early exit), so response times say nothing about how close a guess came.
 */
export function findApiToken(tokens: readonly ApiTokenEntry[], token: string, salt: string): ApiTokenEntry | undefined {
  const presented = Buffer.from(hashApiToken(token, salt), 'hex');
  let found: ApiTokenEntry | undefined;
  for (const entry of tokens) {
    const stored = Buffer.from(entry.accessKey, 'hex');
    if (stored.length === presented.length && crypto.timingSafeEqual(stored, presented) && found === undefined) found = entry;
  }
  return found;
}

export function isTokenExpired(entry: ApiTokenEntry, now: Date): boolean {
  return entry.expiresAt !== null && Date.parse(entry.expiresAt) < now.getTime();
}
