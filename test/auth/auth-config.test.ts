import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashApiToken } from '../../server/auth/api-token.js';
import { loadConfig } from '../../server/store/load-config.js';
import { UserError } from '../../server/errors/user-error.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

// The `auth` block of cms.config.json and its environment variables (server/config/load-config.ts).
let project: TempProject;
test.before.each(() => {
  project = createTempProject();
});
test.after.each(() => project.cleanup());

const KEY = hashApiToken('t', 'salt');
const load = (auth: unknown, env: NodeJS.ProcessEnv = {}) => {
  project.write('cms.config.json', auth === undefined ? {} : { auth });
  return loadConfig(project.dir, {}, env).auth;
};

test("defaults: no tokens, no secrets, registration off, default role authenticated, 30-day JWTs, Strapi's mail settings and rate limit", () => {
  assert.equal(load(undefined), {
    apiTokens: [],
    apiTokenSalt: undefined,
    jwtSecret: undefined,
    jwtExpiresIn: '30d',
    register: false,
    defaultRole: 'authenticated',
    emailConfirmation: false,
    emailConfirmationRedirection: undefined,
    resetPasswordUrl: undefined,
    resetPasswordTokenLifetimeMs: 3_600_000,
    emailConfirmationTokenLifetimeMs: 86_400_000,
    rateLimit: { enabled: true, intervalMs: 300_000, max: 5 },
    production: false,
  });
});

test('the flow settings: durations in units or seconds, URLs without their trailing slash, the rate limit in ms or units', () => {
  const auth = load({
    emailConfirmation: true,
    emailConfirmationRedirection: 'https://site.example/welcome/',
    resetPasswordUrl: 'https://site.example/reset',
    resetPasswordTokenLifetime: '30m',
    emailConfirmationTokenLifetime: 600,
    rateLimit: { interval: { min: 1, sec: 30 }, max: 10 },
  });
  assert.equal(
    [
      auth.emailConfirmation,
      auth.emailConfirmationRedirection,
      auth.resetPasswordUrl,
      auth.resetPasswordTokenLifetimeMs,
      auth.emailConfirmationTokenLifetimeMs,
    ],
    [true, 'https://site.example/welcome', 'https://site.example/reset', 1_800_000, 600_000],
  );
  assert.equal(auth.rateLimit, { enabled: true, intervalMs: 90_000, max: 10 });
  assert.equal(load({ rateLimit: { interval: 250, enabled: false } }).rateLimit, { enabled: false, intervalMs: 250, max: 5 });
});

const BAD_FLOW_SETTINGS: Array<[string, unknown, string]> = [
  ['a relative reset URL', { resetPasswordUrl: '/reset' }, 'auth.resetPasswordUrl: expected an absolute http(s) URL, got "/reset"'],
  ['a javascript: redirection', { emailConfirmationRedirection: 'javascript:alert(1)' }, 'auth.emailConfirmationRedirection: expected an absolute http(s) URL'],
  ['a lifetime without a unit', { resetPasswordTokenLifetime: '10 parsecs' }, 'auth.resetPasswordTokenLifetime: expected a duration like "1h"'],
  ['a zero rate-limit max', { rateLimit: { max: 0 } }, 'auth.rateLimit.max: expected an integer >= 1, got 0'],
  ['an unknown interval unit', { rateLimit: { interval: { fortnight: 1 } } }, 'auth.rateLimit.interval: expected milliseconds or an object like {"min": 5}'],
  ['a flag that is not a boolean', { emailConfirmation: 'yes' }, 'auth.emailConfirmation: expected true or false, got "yes"'],
];
for (const [name, auth, message] of BAD_FLOW_SETTINGS) {
  test(`refused at start: ${name}`, () => {
    try {
      load(auth);
      assert.unreachable('expected a UserError');
    } catch (error) {
      assert.instance(error, UserError);
      assert.ok((error as Error).message.includes(message), (error as Error).message);
    }
  });
}

test('the environment gives the secrets (and wins over the file) and says production', () => {
  const auth = load({ apiTokenSalt: 'file-salt', jwtSecret: 'file-secret' }, { API_TOKEN_SALT: 'env-salt', JWT_SECRET: 'env-secret', NODE_ENV: 'production' });
  assert.equal([auth.apiTokenSalt, auth.jwtSecret, auth.production], ['env-salt', 'env-secret', true]);
  const fromFile = load({ apiTokenSalt: 'file-salt', jwtSecret: 'file-secret' }, { API_TOKEN_SALT: '', JWT_SECRET: '' });
  assert.equal([fromFile.apiTokenSalt, fromFile.jwtSecret], ['file-salt', 'file-secret']);
});

test('CMS_API_TOKENS adds tokens after those of the file', () => {
  const auth = load(
    { apiTokens: [{ name: 'file', type: 'read-only', accessKey: KEY }] },
    {
      CMS_API_TOKENS: JSON.stringify([
        { name: 'env', type: 'custom', accessKey: hashApiToken('u', 'salt'), permissions: ['api::a.a.find'], expiresAt: '2030-01-01T00:00:00.000Z' },
      ]),
    },
  );
  assert.equal(auth.apiTokens, [
    { name: 'file', type: 'read-only', accessKey: KEY, expiresAt: null, permissions: [] },
    { name: 'env', type: 'custom', accessKey: hashApiToken('u', 'salt'), expiresAt: '2030-01-01T00:00:00.000Z', permissions: ['api::a.a.find'] },
  ]);
});

const BAD: Array<[string, unknown, NodeJS.ProcessEnv, string]> = [
  ['auth not an object', [], {}, 'cms.config.json: auth: expected an object, got []'],
  ['apiTokens not an array', { apiTokens: {} }, {}, 'cms.config.json: auth.apiTokens: expected an array, got {}'],
  [
    'a token without a name',
    { apiTokens: [{ type: 'read-only', accessKey: KEY }] },
    {},
    'cms.config.json: auth.apiTokens[0].name: expected a non-empty string, got nothing',
  ],
  [
    'an unknown token type',
    { apiTokens: [{ name: 'a', type: 'admin', accessKey: KEY }] },
    {},
    'cms.config.json: auth.apiTokens[0].type: expected "read-only", "full-access" or "custom", got "admin"',
  ],
  [
    'a token stored in clear',
    { apiTokens: [{ name: 'a', type: 'read-only', accessKey: 'my-token' }] },
    {},
    'cms.config.json: auth.apiTokens[0].accessKey: expected the token\'s HMAC-SHA512 as 128 lowercase hex digits (cms token create writes it), got "my-token"',
  ],
  [
    'a bad expiry',
    { apiTokens: [{ name: 'a', type: 'read-only', accessKey: KEY, expiresAt: 'soon' }] },
    {},
    'cms.config.json: auth.apiTokens[0].expiresAt: expected an ISO date or null, got "soon"',
  ],
  [
    'permissions on a full-access token',
    { apiTokens: [{ name: 'a', type: 'full-access', accessKey: KEY, permissions: ['x'] }] },
    {},
    'cms.config.json: auth.apiTokens[0].permissions: only custom tokens take a permission list',
  ],
  [
    'two tokens with one name',
    {
      apiTokens: [
        { name: 'a', type: 'read-only', accessKey: KEY },
        { name: 'a', type: 'read-only', accessKey: hashApiToken('u', 's') },
      ],
    },
    {},
    'cms.config.json: auth.apiTokens: two tokens are named "a"',
  ],
  ['CMS_API_TOKENS not JSON', undefined, { CMS_API_TOKENS: 'nope' }, 'CMS_API_TOKENS: expected a JSON array of token entries like those in auth.apiTokens'],
  [
    'a bad entry in CMS_API_TOKENS',
    undefined,
    { CMS_API_TOKENS: '[{"name":"x"}]' },
    'CMS_API_TOKENS[0].type: expected "read-only", "full-access" or "custom", got nothing',
  ],
  [
    'a bad JWT lifetime',
    { jwtExpiresIn: 'forever' },
    {},
    'cms.config.json: auth.jwtExpiresIn: expected a duration like "30d" or "12h", or seconds, got "forever"',
  ],
  ['register not a boolean', { register: 'yes' }, {}, 'cms.config.json: auth.register: expected true or false, got "yes"'],
  ['an empty JWT secret', { jwtSecret: '' }, {}, 'cms.config.json: auth.jwtSecret: expected a non-empty string, got ""'],
];
for (const [name, auth, env, message] of BAD) {
  test(`refused: ${name}`, () => {
    try {
      load(auth, env);
      assert.unreachable('expected a UserError');
    } catch (error) {
      assert.instance(error, UserError);
      assert.is((error as Error).message, message);
    }
  });
}

test.run();
