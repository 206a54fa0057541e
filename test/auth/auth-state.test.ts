import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAuthState } from '../../server/auth/auth-state.js';
import { UserError } from '../../server/errors/user-error.js';
import { loadConfig } from '../../server/store/load-config.js';
import { createTempProject } from '../helpers/temp-project.js';
import { prepareAuthProject } from './auth-project.js';

interface Setup {
  readonly tokens: boolean;
  readonly users: boolean;
  readonly register: boolean;
  readonly env: Record<string, string>;
}

/** Starts the auth state on a project with or without tokens and users; returns the error or the warnings. */
function settle(setup: Setup): { error?: string; warnings: string[]; jwtSecret?: string | undefined; salt?: string | undefined } {
  // No content needed: an empty project with the auth config and the fixture's users.
  const project = createTempProject();
  try {
    prepareAuthProject(project, { permissions: { public: [] }, register: setup.register });
    const raw = JSON.parse(project.read('cms.config.json'));
    delete raw.auth.apiTokenSalt;
    delete raw.auth.jwtSecret;
    if (!setup.tokens) raw.auth.apiTokens = [];
    project.write('cms.config.json', raw);
    if (!setup.users) project.remove('users');
    const warnings: string[] = [];
    try {
      const state = createAuthState(loadConfig(project.dir, {}, setup.env), {
        warn: (m) => warnings.push(m),
        commit: () => {
          throw new Error('no writes expected');
        },
      });
      return { warnings, jwtSecret: state.jwtSecret, salt: state.apiTokenSalt };
    } catch (error) {
      assert.instance(error, UserError);
      return { error: (error as Error).message, warnings };
    }
  } finally {
    project.cleanup();
  }
}

const PROD = { NODE_ENV: 'production' };
const STRONG_SALT = 'c2FsdC10aGF0LWlzLWxvbmctZW5vdWdo';
const STRONG_SECRET = 'and-a-jwt-secret-long-enough';

const REFUSALS: Array<[string, Setup, RegExp]> = [
  [
    'tokens without a salt',
    { tokens: true, users: false, register: false, env: PROD },
    /^API_TOKEN_SALT is not set, and 4 API tokens are configured: refusing to start with NODE_ENV=production/,
  ],
  [
    'tokens with a placeholder salt',
    { tokens: true, users: false, register: false, env: { ...PROD, API_TOKEN_SALT: 'tobemodified' } },
    /^API_TOKEN_SALT is a placeholder/,
  ],
  [
    'tokens with a short salt',
    { tokens: true, users: false, register: false, env: { ...PROD, API_TOKEN_SALT: 'abc' } },
    /^API_TOKEN_SALT is shorter than 16 characters/,
  ],
  ['users without a JWT secret', { tokens: false, users: true, register: false, env: PROD }, /^JWT_SECRET is not set, and users\/ holds users/],
  ['registration on without a JWT secret', { tokens: false, users: false, register: true, env: PROD }, /^JWT_SECRET is not set, and registration is on/],
  [
    'users with a placeholder secret',
    { tokens: false, users: true, register: false, env: { ...PROD, JWT_SECRET: 'changeme' } },
    /^JWT_SECRET is a placeholder/,
  ],
];
for (const [name, setup, message] of REFUSALS) {
  test(`production refuses to start: ${name}`, () => {
    const result = settle(setup);
    assert.ok(result.error, 'expected a refusal');
    assert.match(result.error!, message);
    assert.match(result.error!, /Set (API_TOKEN_SALT|JWT_SECRET) in the environment/);
  });
}

test('production starts when the secrets are set, or when nothing needs them', () => {
  assert.equal(settle({ tokens: true, users: true, register: true, env: { ...PROD, API_TOKEN_SALT: STRONG_SALT, JWT_SECRET: STRONG_SECRET } }).warnings, []);
  const idle = settle({ tokens: false, users: false, register: false, env: PROD });
  assert.is(idle.error, undefined);
  assert.equal(idle.warnings, []);
});

test('development generates per-process secrets and warns once for each one in use', () => {
  const result = settle({ tokens: true, users: true, register: false, env: {} });
  assert.is(result.error, undefined);
  assert.is(result.warnings.length, 2);
  assert.match(result.warnings[0]!, /^API_TOKEN_SALT is not set: using a random salt for this process/);
  assert.match(result.warnings[1]!, /^JWT_SECRET is not set: signing users' JWTs with a random secret/);
  assert.ok(result.jwtSecret && result.jwtSecret.length >= 32);
  assert.is.not(result.jwtSecret, settle({ tokens: false, users: true, register: false, env: {} }).jwtSecret);
});

test('development with nothing configured says nothing', () => {
  assert.equal(settle({ tokens: false, users: false, register: false, env: {} }).warnings, []);
});

test('the environment wins over the file', () => {
  const result = settle({ tokens: true, users: true, register: false, env: { API_TOKEN_SALT: STRONG_SALT, JWT_SECRET: STRONG_SECRET } });
  assert.is(result.salt, STRONG_SALT);
  assert.is(result.jwtSecret, STRONG_SECRET);
});

test.run();
