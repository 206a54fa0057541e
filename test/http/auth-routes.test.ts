import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readJwt } from '../../server/auth/json-web-token.js';
import { JWT_SECRET, USERS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { decodeTestJwt } from '../auth/sign-test-jwt.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Sign in, sign up and "who am I", as Strapi's users-permissions answers them.
ignoreAuthEnvironment();

let server: TestServer;
let closed: TestServer;

const USER_KEYS = ['id', 'documentId', 'username', 'email', 'provider', 'confirmed', 'blocked', 'createdAt', 'updatedAt', 'publishedAt'];

test.before(async () => {
  const permissions = { public: ['api::article.article.find'], authenticated: ['api::author.author.find'] };
  server = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions }) });
  closed = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions, register: false }) });
});
test.after(async () => {
  await server?.close();
  await closed?.close();
});

/** No answer may carry a password hash or any other private field. */
function assertNoSecrets(text: string): void {
  for (const secret of ['"password":', '$2b$', 'resetPasswordToken', 'reset-reader', 'confirmationToken', '"role"']) {
    assert.not.ok(text.includes(secret), `the answer shows ${secret}: ${text}`);
  }
}

const SIGN_INS: Array<[string, string]> = [
  ['the username', USERS.reader.username],
  ['the email', USERS.reader.email],
  ['the email in capitals', USERS.reader.email.toUpperCase()],
];
for (const [name, identifier] of SIGN_INS) {
  test(`sign in with ${name}: {jwt, user} with the public fields only`, async () => {
    const response = await server.request('POST', '/api/auth/local', { body: { identifier, password: USERS.reader.password } });
    assert.is(response.status, 200);
    assert.equal(Object.keys(response.body), ['jwt', 'user']);
    assert.equal(Object.keys(response.body.user), USER_KEYS);
    assert.equal(
      { ...response.body.user, id: 0 },
      {
        id: 0,
        documentId: USERS.reader.documentId,
        username: 'reader',
        email: 'reader@example.com',
        provider: 'local',
        confirmed: true,
        blocked: false,
        createdAt: '2026-01-10T09:00:00.000Z',
        updatedAt: '2026-01-10T09:00:00.000Z',
        publishedAt: '2026-01-10T09:00:00.000Z',
      },
    );
    assert.is(await readJwt(JWT_SECRET, response.body.jwt), response.body.user.id);
    const payload = decodeTestJwt(response.body.jwt) as Record<string, number>;
    assert.is(payload['id'], response.body.user.id);
    assert.is(payload['exp']! - payload['iat']!, 30 * 86400);
    assertNoSecrets(response.text);
  });
}

const BAD_SIGN_INS: Array<[string, unknown, string, string]> = [
  ['a wrong password', { identifier: 'reader', password: 'nope' }, 'ValidationError', 'Invalid identifier or password'],
  ['an unknown user', { identifier: 'nobody', password: 'nope' }, 'ValidationError', 'Invalid identifier or password'],
  ['the username in another case', { identifier: 'READER', password: USERS.reader.password }, 'ValidationError', 'Invalid identifier or password'],
  ['a blocked user', { identifier: 'blocked', password: USERS.blocked.password }, 'ApplicationError', 'Your account has been blocked by an administrator'],
  ['no password', { identifier: 'reader' }, 'ValidationError', 'password is a required field'],
  ['an empty body', {}, 'ValidationError', '2 errors occurred'],
];
for (const [name, body, errorName, message] of BAD_SIGN_INS) {
  test(`sign in refused: ${name} → 400 ${errorName} "${message}"`, async () => {
    const response = await server.request('POST', '/api/auth/local', { body });
    assert.is(response.status, 400);
    assert.is(response.body.data, null);
    assert.equal([response.body.error.status, response.body.error.name, response.body.error.message], [400, errorName, message]);
    assertNoSecrets(response.text);
  });
}

test('register: a new user with the default role, signed in at once, stored with a bcrypt hash', async () => {
  const response = await server.request('POST', '/api/auth/local/register', {
    body: { username: 'newbie', email: 'Newbie@Example.com', password: 'newbie-password' },
  });
  assert.is(response.status, 200, response.text);
  assert.equal(Object.keys(response.body), ['jwt', 'user']);
  assert.equal(Object.keys(response.body.user), USER_KEYS);
  assert.is(response.body.user.email, 'newbie@example.com');
  assertNoSecrets(response.text);
  const file = JSON.parse(server.project.read(`users/${response.body.user.documentId}.json`));
  assert.is(file.role, 'authenticated');
  assert.match(file.password, /^\$2[aby]\$10\$/);
  assert.not.ok(server.project.read(`users/${response.body.user.documentId}.json`).includes('newbie-password'));

  // The token works, with the role's permissions, and the new user can sign in.
  const me = await server.get('/api/users/me', bearer(response.body.jwt));
  assert.equal(me.body, response.body.user);
  assert.is((await server.get('/api/authors', bearer(response.body.jwt))).status, 200);
  assert.is((await server.get('/api/articles', bearer(response.body.jwt))).status, 403);
  const again = await server.request('POST', '/api/auth/local', { body: { identifier: 'newbie@example.com', password: 'newbie-password' } });
  assert.is(again.status, 200);
});

const BAD_REGISTRATIONS: Array<[string, unknown, string, string]> = [
  [
    'a taken username',
    { username: 'reader', email: 'fresh@example.com', password: 'pw-long-enough' },
    'ApplicationError',
    'Email or Username are already taken',
  ],
  [
    'a taken email in another case',
    { username: 'fresh', email: 'EDITOR@example.com', password: 'pw-long-enough' },
    'ApplicationError',
    'Email or Username are already taken',
  ],
  [
    'keys beyond username, email, password',
    { username: 'fresh', email: 'fresh@example.com', password: 'pw', role: 'editor', confirmed: true },
    'ValidationError',
    'Invalid parameters: role, confirmed',
  ],
  ['an invalid email', { username: 'fresh', email: 'fresh', password: 'pw' }, 'ValidationError', 'email must be a valid email'],
  ['no body', undefined, 'ValidationError', '3 errors occurred'],
];
for (const [name, body, errorName, message] of BAD_REGISTRATIONS) {
  test(`register refused: ${name} → 400 ${errorName} "${message}"`, async () => {
    const before = server.project.exists('users') ? server.project.read('users/k3reader0000000000000001.json') : '';
    const response = await server.request('POST', '/api/auth/local/register', body === undefined ? {} : { body });
    assert.is(response.status, 400, response.text);
    assert.equal([response.body.error.status, response.body.error.name, response.body.error.message], [400, errorName, message]);
    assert.is(server.project.read('users/k3reader0000000000000001.json'), before);
  });
}

test('register is off unless auth.register is true', async () => {
  const response = await closed.request('POST', '/api/auth/local/register', { body: { username: 'x', email: 'x@example.com', password: 'pw' } });
  assert.equal(response.body, { data: null, error: { status: 400, name: 'ApplicationError', message: 'Register action is currently disabled', details: {} } });
  // Signing in still works there.
  assert.is((await closed.request('POST', '/api/auth/local', { body: { identifier: 'reader', password: USERS.reader.password } })).status, 200);
});

test('/api/users/me answers the signed-in user, and a bad JWT is a 401', async () => {
  const login = await server.request('POST', '/api/auth/local', { body: { identifier: 'editor', password: USERS.editor.password } });
  const me = await server.get('/api/users/me', bearer(login.body.jwt));
  assert.is(me.status, 200);
  assert.is(me.body.username, 'editor');
  assertNoSecrets(me.text);
  const tampered = `${login.body.jwt.slice(0, -2)}xx`;
  assert.equal((await server.get('/api/users/me', bearer(tampered))).body, {
    data: null,
    error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} },
  });
});

test.run();
