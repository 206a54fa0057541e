import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EMAIL_RULE, type FieldRule, PASSWORD_RULE, checkAuthBody } from '../../server/auth/check-auth-body.js';
import { ApiError } from '../../server/errors/api-error.js';

const REGISTER: FieldRule[] = [EMAIL_RULE, { name: 'username' }, PASSWORD_RULE];

const CASES: Array<[string, unknown, string, unknown[] | undefined]> = [
  [
    'a missing field',
    { email: 'a@b.co', password: 'pw' },
    'username is a required field',
    [{ path: ['username'], message: 'username is a required field', name: 'ValidationError' }],
  ],
  ['an empty string is missing', { email: 'a@b.co', username: '', password: 'pw' }, 'username is a required field', undefined],
  ['no body at all', undefined, '3 errors occurred', undefined],
  [
    'a number where a string goes (no casting)',
    { email: 'a@b.co', username: 12, password: 'pw' },
    'username must be a `string` type, but the final value was: `12`.',
    undefined,
  ],
  [
    'an invalid email',
    { email: 'not-an-email', username: 'u', password: 'pw' },
    'email must be a valid email',
    [{ path: ['email'], message: 'email must be a valid email', name: 'ValidationError', value: 'not-an-email' }],
  ],
  ['a password over 72 bytes', { email: 'a@b.co', username: 'u', password: 'é'.repeat(37) }, 'Password must be less than 73 bytes', undefined],
];
for (const [name, body, message, errors] of CASES) {
  test(`checkAuthBody: ${name} → ${message}`, () => {
    try {
      checkAuthBody(body, REGISTER);
      assert.unreachable('expected a ValidationError');
    } catch (error) {
      assert.instance(error, ApiError);
      const apiError = error as ApiError;
      assert.is(apiError.status, 400);
      assert.is(apiError.name, 'ValidationError');
      assert.is(apiError.message, message);
      if (errors !== undefined) assert.equal(apiError.details?.['errors'], errors);
    }
  });
}

test('a valid body comes back as strings; other keys are left to the caller', () => {
  assert.equal(checkAuthBody({ email: 'a@b.co', username: 'u', password: 'p'.repeat(72), extra: 1 }, REGISTER), {
    email: 'a@b.co',
    username: 'u',
    password: 'p'.repeat(72),
  });
});

test.run();
