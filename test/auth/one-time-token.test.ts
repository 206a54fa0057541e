import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isOneTimeTokenValid, issueOneTimeToken } from '../../server/auth/one-time-token.js';

// Reset and confirmation codes: random, stored as a hash, expiring (the clock is a parameter).
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const HOUR = 3_600_000;

test('a code is random hex of the asked size, and the stored form holds its SHA-256 and expiry, never the code', () => {
  const a = issueOneTimeToken(64, HOUR, NOW);
  const b = issueOneTimeToken(64, HOUR, NOW);
  assert.match(a.token, /^[0-9a-f]{128}$/);
  assert.is.not(a.token, b.token);
  assert.match(a.stored, /^sha256:[0-9a-f]{64};expires=2026-03-01T13:00:00\.000Z$/);
  assert.not.ok(a.stored.includes(a.token));
});

const CASES: Array<[string, (token: string) => string, string | null, number, boolean]> = [
  ['the code, before expiry', (token) => token, 'issued', NOW + HOUR - 1, true],
  ['the code, at expiry', (token) => token, 'issued', NOW + HOUR, false],
  ['the code, after expiry', (token) => token, 'issued', NOW + 2 * HOUR, false],
  ['another code', (token) => token.replace(/.$/, (c) => (c === '0' ? '1' : '0')), 'issued', NOW, false],
  ['an empty code', () => '', 'issued', NOW, false],
  ['no stored code', (token) => token, null, NOW, false],
  ['a plain stored token (Strapi)', (token) => token, 'plain', NOW, false],
];
for (const [name, code, stored, at, expected] of CASES) {
  test(`isOneTimeTokenValid: ${name} → ${expected}`, () => {
    const issued = issueOneTimeToken(20, HOUR, NOW);
    const storedValue = stored === 'issued' ? issued.stored : stored === 'plain' ? issued.token : null;
    assert.is(isOneTimeTokenValid(code(issued.token), storedValue, at), expected);
  });
}

test.run();
