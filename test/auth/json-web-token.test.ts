import jwt from 'jsonwebtoken';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { issueJwt, readJwt } from '../../server/auth/json-web-token.js';

const SECRET = 'a-secret-for-this-test-only';

test('a JWT carries {id} and expires after the configured time (30 days by default)', () => {
  const token = issueJwt(SECRET, 1768035600000895, '30d');
  const payload = jwt.decode(token) as Record<string, number>;
  assert.equal(Object.keys(payload).sort(), ['exp', 'iat', 'id']);
  assert.is(payload['exp']! - payload['iat']!, 30 * 86400);
  assert.is(readJwt(SECRET, token), 1768035600000895);
});

const REJECTED: Array<[string, () => string]> = [
  ['another secret', () => issueJwt('another-secret-entirely', 1, '1h')],
  ['expired', () => jwt.sign({ id: 1, exp: Math.floor(Date.now() / 1000) - 10 }, SECRET)],
  ['no id', () => jwt.sign({ sub: 1 }, SECRET)],
  ['a string id', () => jwt.sign({ id: '1' }, SECRET)],
  ['the none algorithm', () => jwt.sign({ id: 1 }, '', { algorithm: 'none' })],
  ['not a JWT', () => 'garbage'],
];
for (const [name, token] of REJECTED) {
  test(`readJwt refuses a token: ${name}`, () => {
    assert.is(readJwt(SECRET, token()), undefined);
  });
}

test.run();
