import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findApiToken, generateApiToken, hashApiToken, isTokenExpired } from '../../server/auth/api-token.js';
import type { ApiTokenEntry } from '../../server/config/cms-config.js';

test('the hash is HMAC-SHA512 keyed with the salt, in hex (the published test vector)', () => {
  assert.is(
    hashApiToken('The quick brown fox jumps over the lazy dog', 'key'),
    'b42af09057bac1e2d41708e48a902e09b5ff7f12ab428a4fe86653c73dd248fb82f948a549f7b791a5b41915ee4d1ec3935357e4e2317250d0372afa2ebeeb3a',
  );
});

test('a new token is 128 random bytes in hex, different every time', () => {
  const a = generateApiToken();
  assert.match(a, /^[0-9a-f]{256}$/);
  assert.is.not(a, generateApiToken());
});

const entry = (name: string, token: string, salt: string, expiresAt: string | null = null): ApiTokenEntry => ({
  name,
  type: 'full-access',
  accessKey: hashApiToken(token, salt),
  expiresAt,
  permissions: [],
});
const TOKENS: ApiTokenEntry[] = [
  entry('one', 'token-one', 'salt'),
  entry('two', 'token-two', 'salt'),
  { name: 'short', type: 'read-only', accessKey: 'abc', expiresAt: null, permissions: [] },
];

const FIND_CASES: Array<[string, string, string, string | undefined]> = [
  ['the first token', 'token-one', 'salt', 'one'],
  ['the second token', 'token-two', 'salt', 'two'],
  ['an unknown token', 'token-three', 'salt', undefined],
  ['a known token hashed with another salt', 'token-one', 'pepper', undefined],
  ['the empty string', '', 'salt', undefined],
];
for (const [name, token, salt, expected] of FIND_CASES) {
  test(`findApiToken: ${name} → ${expected ?? 'none'}`, () => {
    assert.is(findApiToken(TOKENS, token, salt)?.name, expected);
  });
}

const NOW = new Date('2026-06-01T00:00:00.000Z');
const EXPIRY_CASES: Array<[string, string | null, boolean]> = [
  ['no expiry', null, false],
  ['expires tomorrow', '2026-06-02T00:00:00.000Z', false],
  ['expired yesterday', '2026-05-31T00:00:00.000Z', true],
];
for (const [name, expiresAt, expired] of EXPIRY_CASES) {
  test(`isTokenExpired: ${name} → ${expired}`, () => {
    assert.is(isTokenExpired(entry('x', 'x', 's', expiresAt), NOW), expired);
  });
}

test.run();
