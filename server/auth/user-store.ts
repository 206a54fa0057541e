import { isPlainObject } from '../config/is-plain-object.js';
import { deriveId } from '../content-index/derive-id.js';
import type { ChangeSet, WriteHooks } from '../documents/project-port.js';
import { generateDocumentId } from '../store/document-id.js';
import { USERS_DIR } from '../store/project-layout.js';
import { listUserIds, readUserFile, statUserFile } from '../store/user-files.js';
import { decodeUserFile } from './decode-user-file.js';
import type { StoredUser } from './stored-user.js';

export interface NewUser {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly role: string;
  /** False when the address must be confirmed first (`auth.emailConfirmation`); true if omitted. */
  readonly confirmed?: boolean;
  readonly blocked?: boolean;
}

/** The fields a user file's writers change (`PUT /api/users/:id`, the password and confirmation flows); `password` must already be a hash. */
export interface UserChanges {
  readonly username?: string;
  readonly email?: string;
  readonly password?: string;
  readonly role?: string;
  readonly confirmed?: boolean;
  readonly blocked?: boolean;
  readonly resetPasswordToken?: string | null;
  readonly confirmationToken?: string | null;
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
export interface UserStoreOptions {
  readonly projectDir: string;
  /** The role of a user file that names none. */
  readonly defaultRole: string;
  readonly warn: (message: string) => void;
  /** The project's commit path: user files are written through it. */
  readonly commit: (changes: ChangeSet) => void;
  /** The project code's lifecycle hooks as they are now (`plugin::users-permissions.user` writes run them). */
  readonly hooks?: (() => WriteHooks | undefined) | undefined;
}

export class UserStore {
  /** The project code's lifecycle hooks, if it has any (auth/user-lifecycles.ts runs them around user writes). */
  readonly hooks: () => WriteHooks | undefined;
  readonly #dir: string;
  readonly #defaultRole: string;
  readonly #warn: (message: string) => void;
  readonly #commit: (changes: ChangeSet) => void;
  readonly #files = new Map<string, CachedFile>();

  constructor(options: UserStoreOptions) {
    this.#dir = options.projectDir;
    this.#defaultRole = options.defaultRole;
    this.#warn = options.warn;
    this.#commit = options.commit;
    this.hooks = options.hooks ?? (() => undefined);
  }

  /** Every readable user, by id. */
  list(): StoredUser[] {
    const seen = new Set<string>();
    const users: StoredUser[] = [];
    for (const documentId of listUserIds(this.#dir)) {
      seen.add(documentId);
      const user = this.#read(documentId);
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
      confirmed: fields.confirmed ?? true,
      blocked: fields.blocked ?? false,
      role: fields.role,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
    };
    this.#commit({ users: [{ documentId, data: file }] });
    return { ...file, id: deriveId(Date.parse(now), documentId), documentId };
  }

  /** Strapi's forgot-password lookup: the user with this email, any case, any provider. */
  findByEmail(email: string): StoredUser | undefined {
    const lower = email.toLowerCase();
    return this.list().find((user) => user.email === lower);
  }

  /**
   * Rewrites a user file with these changes through the commit path; keys of the file this store
   * does not know (added by hand) are kept. Undefined when the user is gone or its file cannot be read.
   */
  update(documentId: string, changes: UserChanges, now: string): StoredUser | undefined {
    const before = this.#read(documentId);
    const text = before && readUserFile(this.#dir, documentId);
    if (before === undefined || text === undefined) return undefined;
    const stored: unknown = JSON.parse(text);
    const file = {
      ...(isPlainObject(stored) ? stored : {}),
      ...changes,
      ...(changes.email === undefined ? {} : { email: changes.email.toLowerCase() }),
      updatedAt: now,
    };
    this.#commit({ users: [{ documentId, data: file }] });
    // A rewrite within the same millisecond and of the same size (a new token) would look unchanged.
    this.#files.delete(documentId);
    return this.#read(documentId);
  }

  /** Removes a user file; the user as it was, or undefined when there was none. */
  remove(documentId: string): StoredUser | undefined {
    const user = this.#read(documentId);
    if (user === undefined) return undefined;
    this.#commit({ users: [{ documentId, data: null }] });
    this.#files.delete(documentId);
    return user;
  }

  #read(documentId: string): StoredUser | undefined {
    const stat = statUserFile(this.#dir, documentId);
    if (stat === undefined || !stat.isFile) return undefined;
    const cached = this.#files.get(documentId);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.user;
    let user: StoredUser | undefined;
    try {
      const text = readUserFile(this.#dir, documentId);
      if (text === undefined) return undefined;
      user = decodeUserFile(documentId, JSON.parse(text), { modified: new Date(stat.mtimeMs).toISOString(), defaultRole: this.#defaultRole });
    } catch (error) {
      this.#warn(`${USERS_DIR}/${documentId}.json: ${(error as Error).message}; this user cannot sign in`);
    }
    this.#files.set(documentId, { mtimeMs: stat.mtimeMs, size: stat.size, user });
    return user;
  }
}
