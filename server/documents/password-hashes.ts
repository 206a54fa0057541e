import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import type { AttributeSet } from '../schema/content-type.js';
import type { SchemaRegistry } from '../schema/schema-registry.js';
import { listPasswords, mapPasswords } from './map-passwords.js';
import { hashPassword } from './password-hash.js';

/** bcrypt costs ~50 ms of CPU per value: a body cannot ask for more than this many. */
const MAX_PASSWORDS_PER_WRITE = 20;

/** The bcrypt hashes of a write body's password values, by attribute path (`login.pw`), made before the write. */
export type PasswordHashes = ReadonlyMap<string, { readonly plain: string; readonly hash: string }>;

export const NO_PASSWORD_HASHES: PasswordHashes = new Map();

/**
 * Hashes every password value of a write body, asynchronously, so that the synchronous write can
 * validate the plain values and store these hashes without running bcrypt itself. A value that
 * looks like a bcrypt hash is hashed too: it is what the client chose as the password.
 */
export async function hashBodyPasswords(registry: SchemaRegistry, set: AttributeSet, body: unknown): Promise<PasswordHashes> {
  const data = isPlainObject(body) ? body['data'] : undefined;
  if (!isPlainObject(data)) return NO_PASSWORD_HASHES;
  const passwords = listPasswords(registry, set, data);
  if (passwords.length > MAX_PASSWORDS_PER_WRITE) throw validationError(`A write may set at most ${MAX_PASSWORDS_PER_WRITE} password values`, {});
  const hashes = await Promise.all(passwords.map(async ({ value, path }) => [path.join('.'), { plain: value, hash: await hashPassword(value) }] as const));
  return new Map(hashes);
}

/**
 * The converted values of a write with each password replaced by its hash from `hashes`. A password
 * without its hash is a bug of the caller, never a reason to store the plain value.
 */
export function applyPasswordHashes(
  registry: SchemaRegistry,
  set: AttributeSet,
  values: Readonly<Record<string, unknown>>,
  hashes: PasswordHashes,
): Record<string, unknown> {
  return mapPasswords(registry, set, values, ({ value, path }) => {
    const made = hashes.get(path.join('.'));
    if (made === undefined || made.plain !== value) throw new Error(`the password at ${path.join('.')} was not hashed before the write`);
    return made.hash;
  });
}
