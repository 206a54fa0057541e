import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type Caller, canFind, isAllowed, publicCaller, userCaller } from '../../server/auth/caller.js';
import type { StoredUser } from '../../server/auth/stored-user.js';
import type { ApiTokenEntry, CmsConfig } from '../../server/config/cms-config.js';

const config = {
  permissions: { public: ['api::article.article.find'], authenticated: ['api::article.article.update'], editor: ['api::author.author.find'] },
} as unknown as CmsConfig;
const user = (role: string) => ({ role }) as StoredUser;
const token = (type: ApiTokenEntry['type'], permissions: string[] = []): Caller => ({
  kind: 'api-token',
  token: { name: type, type, accessKey: '', expiresAt: null, permissions },
});

const CASES: Array<[string, Caller, string, boolean]> = [
  ['public: a listed action', publicCaller(config), 'api::article.article.find', true],
  ['public: an unlisted action', publicCaller(config), 'api::article.article.findOne', false],
  ['public: signing in is granted by default', publicCaller(config), 'plugin::users-permissions.auth.callback', true],
  ['public: registering is granted by default', publicCaller(config), 'plugin::users-permissions.auth.register', true],
  ['public: reading oneself is not', publicCaller(config), 'plugin::users-permissions.user.me', false],
  ['user: its role’s action', userCaller(config, user('authenticated')), 'api::article.article.update', true],
  ['user: not the public role’s actions', userCaller(config, user('authenticated')), 'api::article.article.find', false],
  ['user: a named role', userCaller(config, user('editor')), 'api::author.author.find', true],
  ['user: a role missing from the config may do nothing', userCaller(config, user('ghost')), 'api::article.article.find', false],
  ['user: reading oneself is granted by default', userCaller(config, user('ghost')), 'plugin::users-permissions.user.me', true],
  ['read-only token: find', token('read-only'), 'api::homepage.homepage.find', true],
  ['read-only token: findOne', token('read-only'), 'api::article.article.findOne', true],
  ['read-only token: upload find', token('read-only'), 'plugin::upload.content-api.find', true],
  ['read-only token: create', token('read-only'), 'api::article.article.create', false],
  ['read-only token: signing in', token('read-only'), 'plugin::users-permissions.auth.callback', false],
  ['full-access token: anything', token('full-access'), 'plugin::upload.content-api.destroy', true],
  ['custom token: a listed action', token('custom', ['api::article.article.delete']), 'api::article.article.delete', true],
  ['custom token: an unlisted read', token('custom', ['api::article.article.delete']), 'api::article.article.find', false],
];
for (const [name, caller, action, allowed] of CASES) {
  test(`isAllowed: ${name} → ${allowed}`, () => {
    assert.is(isAllowed(caller, action), allowed);
  });
}

test('the public role is locked when the config gives it nothing (the default grants do not count)', () => {
  const locked = publicCaller({ permissions: {} } as unknown as CmsConfig);
  assert.is(locked.kind === 'public' && locked.locked, true);
  const open = publicCaller(config);
  assert.is(open.kind === 'public' && open.locked, false);
});

test('canFind asks for the type’s find action', () => {
  assert.is(canFind(publicCaller(config), 'api::article.article'), true);
  assert.is(canFind(publicCaller(config), 'api::author.author'), false);
  assert.is(canFind(token('read-only'), 'api::author.author'), true);
});

test.run();
