import { isPlainObject } from '../config/is-plain-object.js';
import { deriveId } from '../content-index/derive-id.js';
import type { StoredUser } from './stored-user.js';

/** What a user file that lacks a value falls back on. */
export interface UserFileDefaults {
  /** The file's modification time (ISO), for a file without `createdAt`. */
  readonly modified: string;
  /** The role of a file that names none. */
  readonly defaultRole: string;
}

/** A user file's fields, checked (a message naming the field is thrown); its id is derived from its creation time and documentId. */
export function decodeUserFile(documentId: string, data: unknown, defaults: UserFileDefaults): StoredUser {
  const { modified, defaultRole } = defaults;
  if (!isPlainObject(data)) throw new Error('expected a JSON object');
  const text = (key: string, fallback?: string | null): string | null => {
    const value = data[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value === 'string' && value !== '') return value;
    if (value === null && fallback === null) return null;
    throw new Error(`${key}: expected a non-empty string, got ${JSON.stringify(value) ?? 'nothing'}`);
  };
  const flag = (key: string, fallback: boolean): boolean => {
    const value = data[key] ?? fallback;
    if (typeof value !== 'boolean') throw new Error(`${key}: expected true or false, got ${JSON.stringify(value)}`);
    return value;
  };
  const createdAt = text('createdAt', modified)!;
  if (Number.isNaN(Date.parse(createdAt))) throw new Error(`createdAt: expected an ISO date, got ${JSON.stringify(createdAt)}`);
  return {
    id: deriveId(Date.parse(createdAt), documentId),
    documentId,
    username: text('username')!,
    email: text('email')!.toLowerCase(),
    provider: text('provider', 'local')!,
    password: text('password', null),
    resetPasswordToken: text('resetPasswordToken', null),
    confirmationToken: text('confirmationToken', null),
    confirmed: flag('confirmed', true),
    blocked: flag('blocked', false),
    role: text('role', defaultRole)!,
    createdAt,
    updatedAt: text('updatedAt', createdAt)!,
    publishedAt: text('publishedAt', createdAt)!,
  };
}
