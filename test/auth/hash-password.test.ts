import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkPassword } from '../../server/auth/hash-password.js';
import { hashPassword } from '../../server/documents/password-hash.js';

test('a password is stored as a bcrypt hash at cost 10, never as itself', async () => {
  const hash = await hashPassword('correct horse');
  assert.match(hash, /^\$2[aby]\$10\$/);
  assert.not.match(hash, /correct horse/);
  assert.is(await checkPassword('correct horse', hash), true);
  assert.is(await checkPassword('wrong horse', hash), false);
});

test('without a hash nothing matches', async () => {
  assert.is(await checkPassword('', null), false);
  assert.is(await checkPassword('anything', null), false);
});

test.run();
