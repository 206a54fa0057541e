import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashApiToken } from '../../server/auth/api-token.js';
import type { AuthState } from '../../server/auth/auth-state.js';
import { authenticate } from '../../server/auth/authenticate.js';
import { issueJwt } from '../../server/auth/json-web-token.js';
import { UserStore } from '../../server/auth/user-store.js';
import { loadConfig } from '../../server/store/load-config.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';
import { JWT_SECRET, SALT, TOKENS, USERS, prepareAuthProject } from './auth-project.js';

let project: TempProject;
let state: AuthState;
let readerId: number;
let blockedId: number;

test.before(() => {
  project = createTempProject('blog');
  prepareAuthProject(project, { permissions: { public: ['api::article.article.find'] } });
  const config = loadConfig(project.dir, {}, {});
  const users = new UserStore({
    projectDir: project.dir,
    defaultRole: 'authenticated',
    warn: () => {},
    commit: () => {
      throw new Error('no writes expected');
    },
  });
  state = { config, apiTokenSalt: SALT, jwtSecret: JWT_SECRET, users };
  readerId = users.findByIdentifier(USERS.reader.username)!.id;
  blockedId = users.findByIdentifier(USERS.blocked.username)!.id;
});
test.after(() => project.cleanup());

type Expect = { caller: 'public' | 'api-token' | 'user' } | { refused: string };
const MISSING = { refused: 'Missing or invalid credentials' };
const MISSING_RESULT = { ok: false, message: 'Missing or invalid credentials' };

const CASES: Array<[string, () => string | Promise<string>, Expect]> = [
  ['no header: the public role', () => '', { caller: 'public' }],
  ['a known API token', () => `Bearer ${TOKENS.readOnly}`, { caller: 'api-token' }],
  ['the scheme in any case', () => `bEaReR ${TOKENS.readOnly}`, { caller: 'api-token' }],
  ['an expired API token', () => `Bearer ${TOKENS.expired}`, { refused: 'Token expired' }],
  ['a user’s JWT', async () => `Bearer ${await issueJwt(JWT_SECRET, readerId, '1h')}`, { caller: 'user' }],
  ['a JWT signed with another secret', async () => `Bearer ${await issueJwt('another-secret-of-some-length', readerId, '1h')}`, MISSING],
  ['a JWT for a user that does not exist', async () => `Bearer ${await issueJwt(JWT_SECRET, 42, '1h')}`, { refused: 'Invalid credentials' }],
  ['a blocked user’s JWT', async () => `Bearer ${await issueJwt(JWT_SECRET, blockedId, '1h')}`, { refused: 'Invalid credentials' }],
  ['an unknown token', () => 'Bearer nothing-we-issued', MISSING],
  ['no scheme', () => TOKENS.readOnly, MISSING],
  ['another scheme', () => `Basic ${TOKENS.readOnly}`, MISSING],
  ['three parts', () => `Bearer ${TOKENS.readOnly} more`, MISSING],
  ['the scheme alone', () => 'Bearer', MISSING],
];
for (const [name, header, expected] of CASES) {
  test(`authenticate: ${name}`, async () => {
    const result = await authenticate(await header(), state);
    if ('caller' in expected) {
      assert.ok(result.ok, JSON.stringify(result));
      assert.is(result.ok && result.caller.kind, expected.caller);
    } else {
      assert.equal(result, { ok: false, message: expected.refused });
    }
  });
}

test('without a salt no token matches, and without a secret no JWT does', async () => {
  const bare: AuthState = { ...state, apiTokenSalt: undefined, jwtSecret: undefined };
  assert.equal(await authenticate(`Bearer ${TOKENS.fullAccess}`, bare), MISSING_RESULT);
  assert.equal(await authenticate(`Bearer ${await issueJwt(JWT_SECRET, readerId, '1h')}`, bare), MISSING_RESULT);
});
test('the token store holds only hashes: the salt decides which token matches', () => {
  assert.is(state.config.auth.apiTokens[0]!.accessKey, hashApiToken(TOKENS.readOnly, SALT));
});

test.run();
