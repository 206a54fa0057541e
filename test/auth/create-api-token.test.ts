import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hashApiToken } from '../../server/auth/api-token.js';
import { type TokenRequest, createApiToken } from '../../server/auth/create-api-token.js';
import { loadConfig } from '../../server/store/load-config.js';
import { UserError } from '../../server/errors/user-error.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const SALT = 'create-token-test-salt-value';
const ENV = { API_TOKEN_SALT: SALT };
const NOW = new Date('2026-03-01T12:00:00.000Z');
let project: TempProject;

test.before.each(() => {
  project = createTempProject('blog');
  project.write('cms.config.json', { api: { rest: { defaultLimit: 10 } }, permissions: { public: ['api::article.article.find'] } });
});
test.after.each(() => project.cleanup());

test('the token is printed once; the config keeps every other key and gains only its salted hash', () => {
  const before = JSON.parse(project.read('cms.config.json'));
  const created = createApiToken({ dir: project.dir, name: 'ci', type: 'read-only' }, ENV, NOW);
  assert.match(created.token, /^[0-9a-f]{256}$/);
  const after = JSON.parse(project.read('cms.config.json'));
  assert.equal(after.api, before.api);
  assert.equal(after.permissions, before.permissions);
  assert.equal(after.auth.apiTokens, [
    { name: 'ci', type: 'read-only', accessKey: hashApiToken(created.token, SALT), expiresAt: null, createdAt: '2026-03-01T12:00:00.000Z' },
  ]);
  assert.not.match(project.read('cms.config.json'), created.token);
  assert.ok(project.read('cms.config.json').endsWith('}\n'));
  assert.equal(
    fs.readdirSync(project.dir).filter((name) => name.endsWith('.tmp')),
    [],
  );
  // The server reads what the command wrote.
  assert.is(loadConfig(project.dir, {}, ENV).auth.apiTokens[0]?.name, 'ci');
});

test('tokens add up, custom ones with their permission list, and expiry in days or as a date', () => {
  createApiToken({ dir: project.dir, name: 'a', type: 'full-access', expires: '30' }, ENV, NOW);
  createApiToken(
    { dir: project.dir, name: 'b', type: 'custom', permissions: ['api::article.article.find', 'api::article.article.find'], expires: '7d' },
    ENV,
    NOW,
  );
  createApiToken({ dir: project.dir, name: 'c', type: 'read-only', expires: '2027-01-31' }, ENV, NOW);
  const tokens = loadConfig(project.dir, {}, ENV).auth.apiTokens;
  assert.equal(
    tokens.map((t) => [t.name, t.type, t.expiresAt, t.permissions]),
    [
      ['a', 'full-access', '2026-03-31T12:00:00.000Z', []],
      ['b', 'custom', '2026-03-08T12:00:00.000Z', ['api::article.article.find']],
      ['c', 'read-only', '2027-01-31T00:00:00.000Z', []],
    ],
  );
});

test('a project without cms.config.json gets one', () => {
  project.remove('cms.config.json');
  createApiToken({ dir: project.dir, name: 'first', type: 'full-access' }, ENV, NOW);
  assert.equal(Object.keys(JSON.parse(project.read('cms.config.json'))), ['auth']);
});

test('--env writes nothing and returns the variables, with a new salt when none is set', () => {
  const before = project.read('cms.config.json');
  const created = createApiToken({ dir: project.dir, name: 'conformance', type: 'full-access', toEnvironment: true }, {}, NOW);
  assert.is(project.read('cms.config.json'), before);
  const salt = created.environment?.['API_TOKEN_SALT'];
  assert.ok(salt && salt.length >= 32);
  const env = { API_TOKEN_SALT: salt, CMS_API_TOKENS: created.environment?.['CMS_API_TOKENS'] ?? '' };
  const [entry] = loadConfig(project.dir, {}, env).auth.apiTokens;
  assert.is(entry?.accessKey, hashApiToken(created.token, salt));
  // With a salt already set, it is used and not repeated.
  assert.equal(Object.keys(createApiToken({ dir: project.dir, name: 'x', type: 'read-only', toEnvironment: true }, ENV, NOW).environment ?? {}), [
    'CMS_API_TOKENS',
  ]);
});

const REFUSED: Array<[string, Omit<TokenRequest, 'dir'>, NodeJS.ProcessEnv, RegExp]> = [
  ['no salt anywhere, in production', { name: 'n', type: 'read-only' }, { NODE_ENV: 'production' }, /^API_TOKEN_SALT is not set/],
  ['an unknown type', { name: 'n', type: 'admin' }, ENV, /^--type: expected read-only, full-access or custom, got "admin"/],
  ['an empty name', { name: '  ', type: 'read-only' }, ENV, /^--name: expected a non-empty name/],
  ['a custom token without permissions', { name: 'n', type: 'custom' }, ENV, /^--permissions: a custom token needs at least one action/],
  ['permissions on a read-only token', { name: 'n', type: 'read-only', permissions: ['api::article.article.find'] }, ENV, /^--permissions: only custom tokens/],
  [
    'a malformed action id',
    { name: 'n', type: 'custom', permissions: ['articles.find'] },
    ENV,
    /^--permissions: expected action ids like api::article.article.find, got "articles.find"/,
  ],
  ['zero days', { name: 'n', type: 'read-only', expires: '0' }, ENV, /^--expires: expected at least 1 day/],
  ['a date in the past', { name: 'n', type: 'read-only', expires: '2020-01-01' }, ENV, /^--expires: 2020-01-01 is not in the future/],
  ['an unreadable expiry', { name: 'n', type: 'read-only', expires: 'soon' }, ENV, /^--expires: expected a number of days/],
];
for (const [name, request, env, message] of REFUSED) {
  test(`refused, nothing written: ${name}`, () => {
    const before = project.read('cms.config.json');
    try {
      createApiToken({ dir: project.dir, ...request }, env, NOW);
      assert.unreachable('expected a UserError');
    } catch (error) {
      assert.instance(error, UserError);
      assert.match((error as Error).message, message);
    }
    assert.is(project.read('cms.config.json'), before);
  });
}

test('a second token with the same name is refused', () => {
  createApiToken({ dir: project.dir, name: 'ci', type: 'read-only' }, ENV, NOW);
  assert.throws(() => createApiToken({ dir: project.dir, name: 'ci', type: 'full-access' }, ENV, NOW), /a token named "ci" already exists/);
  assert.is(JSON.parse(fs.readFileSync(path.join(project.dir, 'cms.config.json'), 'utf8')).auth.apiTokens.length, 1);
});

test.run();
