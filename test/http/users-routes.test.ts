import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkPassword } from '../../server/auth/hash-password.js';
import { USER_ACTIONS } from '../../server/auth/user-actions.js';
import { TOKENS, USERS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// What the user and role routes answer, and what they leave in users/, as Strapi's users-permissions.
ignoreAuthEnvironment();

const USER_KEYS = ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt'];
const FULL = bearer(TOKENS.fullAccess);
const PERMISSIONS = { public: ['api::article.article.find'], authenticated: ['api::author.author.find'], editor: Object.values(USER_ACTIONS) };

let server: TestServer;

test.before(async () => {
  server = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions: PERMISSIONS }) });
});
test.after(async () => {
  await server?.close();
});

function assertNoSecrets(text: string): void {
  for (const secret of ['"password"', '$2b$', 'resetPasswordToken', 'reset-reader', 'confirmationToken']) {
    assert.not.ok(text.includes(secret), `the answer shows ${secret}: ${text}`);
  }
}

function readUserFile(documentId: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(server.project.dir, 'users', `${documentId}.json`), 'utf8')) as Record<string, unknown>;
}

async function idOf(username: string): Promise<number> {
  const response = await server.get(`/api/users?filters[username]=${username}`, FULL);
  return response.body[0].id as number;
}

test('GET /api/users: a plain array of the sanitized users, by id', async () => {
  const response = await server.get('/api/users', FULL);
  assert.is(response.status, 200);
  assert.ok(Array.isArray(response.body));
  assert.equal(
    response.body.map((user: { username: string }) => user.username),
    ['reader', 'editor', 'blocked'],
  );
  for (const user of response.body) assert.equal(Object.keys(user), USER_KEYS);
  assertNoSecrets(response.text);
});

const LIST_QUERIES: Array<[string, string, string[]]> = [
  ['filters on a column', 'filters[username][$eq]=editor', ['editor']],
  ['filters on a boolean', 'filters[blocked]=true', ['blocked']],
  ['filters with $containsi', 'filters[email][$containsi]=READ', ['reader']],
  ['sort descending', 'sort=username:desc', ['reader', 'editor', 'blocked']],
  ['start and limit', 'sort=username&start=1&limit=1', ['editor']],
  ['page and pageSize', 'sort=username&page=2&pageSize=2', ['reader']],
];
for (const [name, query, usernames] of LIST_QUERIES) {
  test(`GET /api/users ${name}`, async () => {
    const response = await server.get(`/api/users?${query}`, FULL);
    assert.is(response.status, 200, response.text);
    assert.equal(
      response.body.map((user: { username: string }) => user.username),
      usernames,
    );
  });
}

test('GET /api/users?fields=username: id and documentId, and the fields asked for', async () => {
  const response = await server.get('/api/users?fields[0]=username', FULL);
  assert.equal(Object.keys(response.body[0]), ['id', 'documentId', 'username']);
});

for (const key of ['password', 'resetPasswordToken', 'confirmationToken']) {
  test(`GET /api/users: filtering on the private ${key} is a 400 Invalid key`, async () => {
    const response = await server.get(`/api/users?filters[${key}][$null]=false`, FULL);
    assert.is(response.status, 400);
    assert.equal([response.body.error.name, response.body.error.message], ['ValidationError', `Invalid key ${key}`]);
  });
}

test('GET /api/users: page with start is a 400', async () => {
  const response = await server.get('/api/users?page=1&start=0', FULL);
  assert.is(response.status, 400);
});

test('GET /api/users/count: a number, filters applied', async () => {
  const all = await server.get('/api/users/count', FULL);
  assert.equal([all.status, all.text], [200, '3']);
  const blocked = await server.get('/api/users/count?filters[blocked][$eq]=true', FULL);
  assert.is(blocked.body, 1);
});

test('GET /api/users/:id: the sanitized user; populate=role adds the role', async () => {
  const id = await idOf('editor');
  const plain = await server.get(`/api/users/${id}`, FULL);
  assert.is(plain.status, 200);
  assert.equal(Object.keys(plain.body), USER_KEYS);
  assert.is(plain.body.documentId, USERS.editor.documentId);
  assertNoSecrets(plain.text);
  const withRole = await server.get(`/api/users/${id}?populate=role`, FULL);
  assert.equal(withRole.body.role, { id: 3, name: 'editor', description: '', type: 'editor' });
});

test('GET /api/users/:id with a documentId or an unknown id: 204 without content, as Strapi', async () => {
  for (const id of [USERS.reader.documentId, '424242']) {
    const response = await server.get(`/api/users/${id}`, FULL);
    assert.equal([response.status, response.text], [204, '']);
  }
});

test('POST /api/users: 201, the sanitized user with its role; the file holds a bcrypt hash', async () => {
  const response = await server.request('POST', '/api/users', {
    headers: FULL,
    body: { username: 'newbie', email: 'NewBie@Example.com', password: 'newbie-password', resetPasswordToken: 'x', provider: 'github' },
  });
  assert.is(response.status, 201, response.text);
  assert.equal(Object.keys(response.body), [...USER_KEYS, 'role']);
  assert.equal(
    [response.body.username, response.body.email, response.body.provider, response.body.confirmed, response.body.blocked],
    ['newbie', 'newbie@example.com', 'local', true, false],
  );
  assert.equal(response.body.role, { id: 1, name: 'Authenticated', description: 'Default role given to authenticated user.', type: 'authenticated' });
  assertNoSecrets(response.text);
  const file = readUserFile(response.body.documentId);
  assert.equal([file['email'], file['role'], file['provider'], file['resetPasswordToken']], ['newbie@example.com', 'authenticated', 'local', null]);
  assert.ok(await checkPassword('newbie-password', file['password'] as string));
  const signIn = await server.request('POST', '/api/auth/local', { body: { identifier: 'newbie', password: 'newbie-password' } });
  assert.is(signIn.status, 200);
});

test('POST /api/users with a role id, and blocked: the file keeps the role key', async () => {
  const response = await server.request('POST', '/api/users', {
    headers: FULL,
    body: { username: 'second', email: 'second@example.com', password: 'pw', role: 3, blocked: true },
  });
  assert.is(response.status, 201, response.text);
  assert.is(response.body.role.type, 'editor');
  assert.is(response.body.blocked, true);
  assert.equal([readUserFile(response.body.documentId)['role'], readUserFile(response.body.documentId)['blocked']], ['editor', true]);
});

const BAD_CREATES: Array<[string, unknown, string, string]> = [
  ['an empty body', {}, 'ValidationError', '3 errors occurred'],
  ['a bad email', { username: 'x1', email: 'not-an-email', password: 'pw' }, 'ValidationError', 'email must be a valid email'],
  [
    'a number for a username',
    { username: 5, email: 'x2@example.com', password: 'pw' },
    'ValidationError',
    'username must be a `string` type, but the final value was: `5`.',
  ],
  ['a taken email (any case)', { username: 'x3', email: 'READER@example.com', password: 'pw' }, 'ApplicationError', 'Email already taken'],
  ['a taken username', { username: 'reader', email: 'x4@example.com', password: 'pw' }, 'ApplicationError', 'Username already taken'],
  ['an unknown role', { username: 'x5', email: 'x5@example.com', password: 'pw', role: 99 }, 'ApplicationError', 'Role not found: 99'],
];
for (const [name, body, errorName, message] of BAD_CREATES) {
  test(`POST /api/users refused: ${name} → 400 ${errorName} "${message}", nothing written`, async () => {
    const before = fs.readdirSync(path.join(server.project.dir, 'users')).length;
    const response = await server.request('POST', '/api/users', { headers: FULL, body });
    assert.is(response.status, 400, response.text);
    assert.equal([response.body.error.name, response.body.error.message], [errorName, message]);
    assert.is(fs.readdirSync(path.join(server.project.dir, 'users')).length, before);
  });
}

test('PUT /api/users/:id: 200 with the role; the file changes, hand-added keys stay', async () => {
  const id = await idOf('reader');
  const filePath = path.join(server.project.dir, 'users', `${USERS.reader.documentId}.json`);
  fs.writeFileSync(filePath, JSON.stringify({ ...readUserFile(USERS.reader.documentId), nickname: 'Rea' }, null, 2));
  const response = await server.request('PUT', `/api/users/${id}`, {
    headers: FULL,
    body: { username: 'reader2', email: 'Reader2@Example.com', password: 'new-password' },
  });
  assert.is(response.status, 200, response.text);
  assert.equal(
    [response.body.id, response.body.username, response.body.email, response.body.role.type],
    [id, 'reader2', 'reader2@example.com', 'authenticated'],
  );
  assert.is.not(response.body.updatedAt, '2026-01-10T09:00:00.000Z');
  assertNoSecrets(response.text);
  const file = readUserFile(USERS.reader.documentId);
  assert.equal([file['username'], file['email'], file['nickname'], file['createdAt']], ['reader2', 'reader2@example.com', 'Rea', '2026-01-10T09:00:00.000Z']);
  assert.ok(await checkPassword('new-password', file['password'] as string));
  const signIn = await server.request('POST', '/api/auth/local', { body: { identifier: 'reader2', password: 'new-password' } });
  assert.is(signIn.status, 200);
});

const BAD_UPDATES: Array<[string, unknown, string, string]> = [
  ["another user's email", { email: 'editor@example.com' }, 'ApplicationError', 'Email already taken'],
  ["another user's username", { username: 'editor' }, 'ApplicationError', 'Username already taken'],
  ['an empty password', { password: '' }, 'ValidationError', 'password must be at least 1 characters'],
  ['a string for blocked', { blocked: 'yes' }, 'ValidationError', 'blocked must be a `boolean` type, but the final value was: `"yes"`.'],
];
for (const [name, body, errorName, message] of BAD_UPDATES) {
  test(`PUT /api/users/:id refused: ${name} → 400 ${errorName} "${message}"`, async () => {
    const before = fs.readFileSync(path.join(server.project.dir, 'users', `${USERS.blocked.documentId}.json`), 'utf8');
    const response = await server.request('PUT', `/api/users/${await idOf('blocked')}`, { headers: FULL, body });
    assert.is(response.status, 400, response.text);
    assert.equal([response.body.error.name, response.body.error.message], [errorName, message]);
    assert.is(fs.readFileSync(path.join(server.project.dir, 'users', `${USERS.blocked.documentId}.json`), 'utf8'), before);
  });
}

test('PUT /api/users/:id keeps its own email and username (not "taken")', async () => {
  const response = await server.request('PUT', `/api/users/${await idOf('editor')}`, {
    headers: FULL,
    body: { username: 'editor', email: 'EDITOR@example.com' },
  });
  assert.is(response.status, 200, response.text);
});

test('PUT /api/users/:id for an unknown user: 404 User not found', async () => {
  const response = await server.request('PUT', '/api/users/424242', { headers: FULL, body: { username: 'x' } });
  assert.is(response.status, 404);
  assert.equal(response.body.error, { status: 404, name: 'NotFoundError', message: 'User not found', details: {} });
});

test('DELETE /api/users/:id: 200 with the deleted user; its file is gone and its JWT stops working', async () => {
  const signIn = await server.request('POST', '/api/auth/local', { body: { identifier: 'editor', password: USERS.editor.password } });
  const id = await idOf('editor');
  const response = await server.request('DELETE', `/api/users/${id}`, { headers: FULL });
  assert.is(response.status, 200, response.text);
  assert.equal(Object.keys(response.body), USER_KEYS);
  assert.is(response.body.documentId, USERS.editor.documentId);
  assertNoSecrets(response.text);
  assert.not.ok(fs.existsSync(path.join(server.project.dir, 'users', `${USERS.editor.documentId}.json`)));
  assert.is((await server.get(`/api/users/${id}`, FULL)).status, 204);
  const me = await server.get('/api/users/me', bearer(signIn.body.jwt));
  assert.is(me.status, 401);
  const again = await server.request('DELETE', `/api/users/${id}`, { headers: FULL });
  assert.equal([again.status, again.text], [204, '']);
});

test('GET /api/users-permissions/roles: {roles} sorted by name, with nb_users', async () => {
  const response = await server.get('/api/users-permissions/roles', FULL);
  assert.is(response.status, 200);
  const users = (await server.get('/api/users', FULL)).body as unknown[];
  const roles = response.body.roles as Array<Record<string, unknown>>;
  assert.equal(
    roles.map((role) => [role['id'], role['name'], role['type']]),
    [
      [1, 'Authenticated', 'authenticated'],
      [2, 'Public', 'public'],
      [3, 'editor', 'editor'],
    ],
  );
  assert.equal(Object.keys(roles[0]!), ['id', 'name', 'description', 'type', 'nb_users']);
  assert.is(
    roles.reduce((sum, role) => sum + (role['nb_users'] as number), 0),
    users.length,
  );
  assert.is(roles[1]!['nb_users'], 0);
});

test('GET /api/users-permissions/roles/:id: {role} with the permission tree, the role’s actions enabled', async () => {
  const response = await server.get('/api/users-permissions/roles/1', FULL);
  assert.is(response.status, 200);
  const { role } = response.body;
  assert.equal([role.id, role.name, role.type], [1, 'Authenticated', 'authenticated']);
  assert.equal(role.permissions['api::author'].controllers.author.find, { enabled: true, policy: '' });
  assert.equal(role.permissions['api::author'].controllers.author.create, { enabled: false, policy: '' });
  assert.equal(Object.keys(role.permissions['api::homepage'].controllers.homepage), ['find', 'update', 'delete']);
  assert.is(role.permissions['plugin::users-permissions'].controllers.user.me.enabled, true);
  assert.is(role.permissions['plugin::users-permissions'].controllers.auth.register.enabled, false);
  const publicRole = (await server.get('/api/users-permissions/roles/2', FULL)).body.role;
  assert.is(publicRole.permissions['api::article'].controllers.article.find.enabled, true);
  assert.is(publicRole.permissions['plugin::users-permissions'].controllers.auth.register.enabled, true);
});

test('GET /api/users-permissions/roles/:id unknown: 404 Role not found', async () => {
  const response = await server.get('/api/users-permissions/roles/9', FULL);
  assert.is(response.status, 404);
  assert.equal(response.body.error, { status: 404, name: 'NotFoundError', message: 'Role not found', details: {} });
});

test.run();
