import crypto from 'node:crypto';

/** A Strapi-shaped documentId: 24 characters of [a-z0-9], starting with a letter. */
export function generateDocumentId(): string {
  const bytes = crypto.randomBytes(24);
  let id = String.fromCharCode(97 + (bytes[0]! % 26));
  for (let i = 1; i < 24; i++) id += (bytes[i]! % 36).toString(36);
  return id;
}
