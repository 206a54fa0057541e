import { isPlainObject } from '../config/is-plain-object.js';
import { generateDocumentId } from '../store/document-id.js';
import { listAdminIds, readAdminFile, writeAdminFile } from '../store/admin-files.js';
import { type AdminRole, isAdminRole } from './admin-role.js';

/** An administrator as its file holds it; `password` is a bcrypt hash and never leaves the server. */
export interface StoredAdmin {
  readonly id: string;
  readonly email: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly password: string;
  readonly role: AdminRole;
  readonly blocked: boolean;
  /** The documents this administrator created in the editor, as `<uid>/<documentId>` (an Author edits only these). */
  readonly created: readonly string[];
}

/** What an answer may show of an administrator. */
export interface PublicAdmin {
  readonly id: string;
  readonly email: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly role: AdminRole;
}

export interface NewAdmin {
  readonly email: string;
  readonly firstname?: string | undefined;
  readonly lastname?: string | undefined;
  /** Already a bcrypt hash. */
  readonly password: string;
  readonly role: AdminRole;
}

/** Enough for any team; each Author keeps the list of what they created. */
const MAX_CREATED = 100_000;

/**
 * The editor's administrators: `admins/<id>.json` at the project root, beside `users/` and never
 * under `content/` (they are not API users and never served). Read on every call: few small files,
 * and a file edited by hand (a role changed, `"blocked": true`) applies at once.
 */
export class AdminStore {
  readonly #dir: string;
  readonly #warn: (message: string) => void;

  constructor(projectDir: string, warn: (message: string) => void) {
    this.#dir = projectDir;
    this.#warn = warn;
  }

  list(): StoredAdmin[] {
    const admins: StoredAdmin[] = [];
    for (const id of listAdminIds(this.#dir)) {
      const admin = this.findById(id);
      if (admin) admins.push(admin);
    }
    return admins;
  }

  hasAdmins(): boolean {
    return listAdminIds(this.#dir).length > 0;
  }

  findById(id: string): StoredAdmin | undefined {
    try {
      const text = readAdminFile(this.#dir, id);
      return text === undefined ? undefined : decodeAdmin(id, JSON.parse(text));
    } catch (error) {
      this.#warn(`admins/${id}.json: ${(error as Error).message}; this administrator cannot sign in`);
      return undefined;
    }
  }

  findByEmail(email: string): StoredAdmin | undefined {
    const lower = email.trim().toLowerCase();
    return this.list().find((admin) => admin.email === lower);
  }

  add(fields: NewAdmin, now: string): StoredAdmin {
    const id = generateDocumentId();
    const file = {
      email: fields.email.trim().toLowerCase(),
      firstname: fields.firstname ?? '',
      lastname: fields.lastname ?? '',
      password: fields.password,
      role: fields.role,
      blocked: false,
      created: [],
      createdAt: now,
      updatedAt: now,
    };
    writeAdminFile(this.#dir, id, file);
    return decodeAdmin(id, file);
  }

  /** Records that this administrator created a document (kept in their file, never in the document's). */
  recordCreated(id: string, key: string, now: string): void {
    const text = readAdminFile(this.#dir, id);
    if (text === undefined) return;
    const stored: unknown = JSON.parse(text);
    if (!isPlainObject(stored)) return;
    const created = Array.isArray(stored['created']) ? stored['created'] : [];
    if (created.includes(key) || created.length >= MAX_CREATED) return;
    writeAdminFile(this.#dir, id, { ...stored, created: [...created, key], updatedAt: now });
  }

  /** A document got another documentId (Change id): every administrator who created it keeps it. */
  renameCreated(oldKey: string, newKey: string, now: string): void {
    for (const admin of this.list()) {
      if (!admin.created.includes(oldKey)) continue;
      const stored: unknown = JSON.parse(readAdminFile(this.#dir, admin.id) ?? '{}');
      if (!isPlainObject(stored) || !Array.isArray(stored['created'])) continue;
      const created = stored['created'].map((key: unknown) => (key === oldKey ? newKey : key));
      writeAdminFile(this.#dir, admin.id, { ...stored, created, updatedAt: now });
    }
  }
}

/** The fields an answer may carry: never the hash, never the list of created documents. */
export function presentAdmin(admin: StoredAdmin): PublicAdmin {
  return { id: admin.id, email: admin.email, firstname: admin.firstname, lastname: admin.lastname, role: admin.role };
}

/** The key `recordCreated` stores for a document. */
export function documentKey(uid: string, documentId: string): string {
  return `${uid}/${documentId}`;
}

function decodeAdmin(id: string, data: unknown): StoredAdmin {
  if (!isPlainObject(data)) throw new Error('expected a JSON object');
  const text = (key: string, required: boolean): string => {
    const value = data[key];
    if (typeof value === 'string' && (value !== '' || !required)) return value;
    if (value === undefined && !required) return '';
    throw new Error(`${key}: expected a non-empty string, got ${JSON.stringify(value) ?? 'nothing'}`);
  };
  const role = data['role'];
  if (!isAdminRole(role)) throw new Error(`role: expected super-admin, editor or author, got ${JSON.stringify(role) ?? 'nothing'}`);
  const created = Array.isArray(data['created']) ? data['created'].filter((key): key is string => typeof key === 'string') : [];
  return {
    id,
    email: text('email', true).toLowerCase(),
    firstname: text('firstname', false),
    lastname: text('lastname', false),
    password: text('password', true),
    role,
    blocked: data['blocked'] === true,
    created,
  };
}
