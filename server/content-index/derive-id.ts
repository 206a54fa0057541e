import { createHash } from 'node:crypto';

/**
 * A document's numeric id: its creation time in ms times 1000, plus three digits from its key.
 * The same content gives the same id on every machine and restart, ids grow with creation order
 * (clients that `sort=id` rely on it), and documents created on two branches cannot collide after
 * a merge unless they were created in the same millisecond with the same three digits.
 */
export function deriveId(createdAtMs: number, key: string): number {
  return Math.max(0, Math.floor(createdAtMs)) * 1000 + (fnv1a(key) % 1000);
}

/** A Strapi-shaped documentId (24 chars of [a-z0-9], starting with a letter) derived from a seed. */
export function deriveDocumentId(seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  let out = String.fromCharCode(97 + (digest[0]! % 26));
  for (let i = 1; out.length < 24; i++) out += (digest[i]! % 36).toString(36);
  return out;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
