import fs from 'node:fs';
import path from 'node:path';
import { isPlainObject } from '../config/is-plain-object.js';
import { deriveId } from '../content-index/derive-id.js';
import { generateDocumentId } from '../documents/write-documents.js';
import { writeFileAtomic } from '../store/atomic-write.js';
import { isDocumentId } from '../store/content-path.js';
import type { StoredUser } from './stored-user.js';

export const USERS_DIR = 'users';

export interface NewUser {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly role: string;
}

interface CachedFile {
  readonly mtimeMs: number;
  readonly size: number;
  readonly user: StoredUser | undefined;
}

/**
 * The users, one JSON file each in `users/<documentId>.json` (not under content/: they are not a
 * content type and never served as one). Files are re-read when they change on disk, so blocking a
 * user or changing a role by hand takes effect on the next request; a file that cannot be read is
 * reported once and ignored.
 */
export class UserStore {
  readonly #dir: string;
  readonly #defaultRole: string;
  readonly #warn: (message: string) => void;
  readonly #files = new Map<string, CachedFile>();

  constructor(projectDir: string, defaultRole: string, warn: (message: string) => void) {
    this.#dir = path.join(projectDir, USERS_DIR);
    this.#defaultRole = defaultRole;
    this.#warn = warn;
  }

  /** Every readable user, by id. */
  list(): StoredUser[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.#dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const seen = new Set<string>();
    const users: StoredUser[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || !isDocumentId(name.slice(0, -5))) continue;
      seen.add(name);
      const user = this.#read(name);
      if (user) users.push(user);
    }
    for (const name of this.#files.keys()) if (!seen.has(name)) this.#files.delete(name);
    return users.sort((a, b) => a.id - b.id);
  }

  findById(id: number): StoredUser | undefined {
    return this.list().find((user) => user.id === id);
  }

  /** Strapi's sign-in lookup: a local user whose email is the identifier lower-cased, or whose username is the identifier. */
  findByIdentifier(identifier: string): StoredUser | undefined {
    const email = identifier.toLowerCase();
    return this.list().find((user) => user.provider === 'local' && (user.email === email || user.username === identifier));
  }

  /** Whether a new user with this username and email would clash with one (either value against either field). */
  isTaken(username: string, email: string): boolean {
    const lower = email.toLowerCase();
    return this.list().some((user) => user.email === lower || user.username === lower || user.username === username || user.email === username);
  }

  /** Writes a new user file; `password` must already be a hash. */
  add(fields: NewUser, now: string): StoredUser {
    const documentId = generateDocumentId();
    const file = {
      username: fields.username,
      email: fields.email.toLowerCase(),
      provider: 'local',
      password: fields.password,
      resetPasswordToken: null,
      confirmationToken: null,
      confirmed: true,
      blocked: false,
      role: fields.role,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    };
    writeFileAtomic(path.join(this.#dir, `${documentId}.json`), `${JSON.stringify(file, null, 2)}\n`);
    return { ...file, id: deriveId(Date.parse(now), documentId), documentId };
  }

  #read(name: string): StoredUser | undefined {
    const file = path.join(this.#dir, name);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return undefined;
    }
    const cached = this.#files.get(name);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.user;
    let user: StoredUser | undefined;
    try {
      user = this.#decode(name.slice(0, -5), JSON.parse(fs.readFileSync(file, 'utf8')), stat.mtime.toISOString());
    } catch (error) {
      this.#warn(`${USERS_DIR}/${name}: ${(error as Error).message}; this user cannot sign in`);
    }
    this.#files.set(name, { mtimeMs: stat.mtimeMs, size: stat.size, user });
    return user;
  }

  #decode(documentId: string, data: unknown, modified: string): StoredUser {
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
      role: text('role', this.#defaultRole)!,
      createdAt,
      updatedAt: text('updatedAt', createdAt)!,
      publishedAt: text('publishedAt', createdAt)!,
    };
  }
}
