import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listPasswords } from '../../server/documents/map-passwords.js';
import { isPasswordHash } from '../../server/schema/stored-password.js';
import { applyPasswordHashes, hashBodyPasswords } from '../../server/documents/password-hashes.js';
import { ApiError } from '../../server/errors/api-error.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'passwords'));
const person = registry.contentTypes.get('api::person.person')!;

const HASHES: [string, unknown, boolean][] = [
  ['a $2b$ hash', '$2b$10$/gXykDcgQdLvvdbAxsF2ROxXino1BPaySL54KWlJzTeqQfo3Jab7a', true],
  ['a $2a$ hash', '$2a$10$/gXykDcgQdLvvdbAxsF2ROxXino1BPaySL54KWlJzTeqQfo3Jab7a', true],
  ['a hash one character short', '$2b$10$/gXykDcgQdLvvdbAxsF2ROxXino1BPaySL54KWlJzTeqQfo3Jab7', false],
  ['a hash with a space', '$2b$10$/gXykDcgQdLvvdbAxsF2ROxXino1BPaySL54KWlJzTeqQfo3Jab7 ', false],
  ['plain text', 'hunter2', false],
  ['not a string', 42, false],
];
for (const [name, value, expected] of HASHES) {
  test(`isPasswordHash: ${name}`, () => assert.is(isPasswordHash(value), expected));
}

test('listPasswords finds password strings in components and dynamic zones, with their paths', () => {
  const found = listPasswords(registry, person, {
    name: 'x',
    pw: 'a',
    pin: null,
    login: { username: 'u', pw: 'b' },
    blocks: [
      { __component: 'account.note', text: 'pw' },
      { __component: 'account.login', pw: 'c' },
      { __component: 'unknown.x', pw: 'd' },
    ],
  });
  assert.equal(
    found.map((p) => [p.path.join('.'), p.value]),
    [
      ['pw', 'a'],
      ['login.pw', 'b'],
      ['blocks.1.pw', 'c'],
    ],
  );
});

test('hashBodyPasswords hashes each value; applyPasswordHashes stores them and refuses a value it has no hash for', async () => {
  const hashes = await hashBodyPasswords(registry, person, { data: { pw: 'secret1', login: { pw: 'secret2' } } });
  assert.equal([...hashes.keys()], ['pw', 'login.pw']);
  const stored = applyPasswordHashes(registry, person, { pw: 'secret1', login: { pw: 'secret2', username: 'u' } }, hashes);
  assert.ok(isPasswordHash(stored['pw']));
  assert.equal((stored['login'] as Record<string, unknown>)['username'], 'u');
  assert.throws(() => applyPasswordHashes(registry, person, { pw: 'other' }, hashes), /was not hashed before the write/);
  assert.equal(await hashBodyPasswords(registry, person, 'not a body'), new Map());
});

test('hashBodyPasswords refuses a body with more passwords than a write may set', async () => {
  const blocks = Array.from({ length: 21 }, () => ({ __component: 'account.login', pw: 'x' }));
  try {
    await hashBodyPasswords(registry, person, { data: { blocks } });
    assert.unreachable();
  } catch (error) {
    assert.instance(error, ApiError);
    assert.is((error as ApiError).message, 'A write may set at most 20 password values');
  }
});

test.run();
