import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { issueJwt, readJwt } from '../../server/auth/json-web-token.js';
import { decodeTestJwt, signTestJwt } from './sign-test-jwt.js';

const SECRET = 'a-secret-for-this-test-only';

test('a JWT carries {id} and expires after the configured time (30 days by default)', async () => {
  const token = await issueJwt(SECRET, 1768035600000895, '30d');
  const payload = decodeTestJwt(token) as Record<string, number>;
  assert.equal(Object.keys(payload).sort(), ['exp', 'iat', 'id']);
  assert.is(payload['exp']! - payload['iat']!, 30 * 86400);
  assert.is(await readJwt(SECRET, token), 1768035600000895);
});

// exp is iat plus the duration rounded down to whole seconds, as jsonwebtoken (and the `ms` package) had it.
const EXPIRY_CASES: Array<[string | number, number]> = [
  ['30d', 30 * 86400],
  ['7d', 7 * 86400],
  ['1h', 3600],
  ['1.5h', 5400],
  ['1.5s', 1],
  ['500ms', 0],
  ['2 w', 14 * 86400],
  ['1y', 31557600],
  [3600, 3600],
];
for (const [expiresIn, seconds] of EXPIRY_CASES) {
  test(`a JWT issued for ${JSON.stringify(expiresIn)} expires ${seconds} s after it was issued`, async () => {
    const token = await issueJwt(SECRET, 1, expiresIn);
    const payload = decodeTestJwt(token) as Record<string, number>;
    assert.is(payload['exp']! - payload['iat']!, seconds);
  });
}

test('a JWT has the header jsonwebtoken gave it, in the same order', async () => {
  const header = Buffer.from((await issueJwt(SECRET, 1, '1h')).split('.')[0]!, 'base64url').toString('utf8');
  assert.is(header, '{"alg":"HS256","typ":"JWT"}');
});

const REJECTED: Array<[string, () => string | Promise<string>]> = [
  ['another secret', () => issueJwt('another-secret-entirely', 1, '1h')],
  ['expired', () => signTestJwt({ id: 1, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET)],
  ['no id', () => signTestJwt({ sub: 1 }, SECRET)],
  ['a string id', () => signTestJwt({ id: '1' }, SECRET)],
  ['the none algorithm', () => signTestJwt({ id: 1 }, '', 'none')],
  ['not a JWT', () => 'garbage'],
];
for (const [name, token] of REJECTED) {
  test(`readJwt refuses a token: ${name}`, async () => {
    assert.is(await readJwt(SECRET, await token()), undefined);
  });
}

test.run();
