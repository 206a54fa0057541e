import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { USER_ACTIONS } from '../../server/auth/user-actions.js';
import { JWT_SECRET, TOKENS, USERS, bearer, expiredJwt, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { signTestJwt } from '../auth/sign-test-jwt.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// The user and role routes × every kind of caller. The public role may only count users; the
// `authenticated` role (the reader's) may list and read them; the `editor` role holds every user
// and role action; the custom token may list users and roles. The requests change nothing: a
// 400, 404 or 204 proves the route ran.
ignoreAuthEnvironment();

const ALL = Object.values(USER_ACTIONS);
const PERMISSIONS = {
  public: [USER_ACTIONS.count],
  authenticated: [USER_ACTIONS.find, USER_ACTIONS.findOne],
  editor: ALL,
};
const CUSTOM = [USER_ACTIONS.find, USER_ACTIONS.findRoles];

const CALLERS = ['public', 'read-only', 'full-access', 'custom', 'reader JWT', 'editor JWT', 'blocked JWT', 'expired JWT'] as const;
type CallerName = (typeof CALLERS)[number];
type Outcome = 200 | 204 | 400 | 404 | '401' | '403';

const ROUTES: ReadonlyArray<readonly [name: string, method: string, path: string, body: unknown, expect: readonly Outcome[]]> = [
  //                                                                  public  read-only full  custom reader editor blocked expired
  ['list users', 'GET', '/api/users', undefined, ['403', 200, 200, 200, 200, 200, '401', '401']],
  ['count users', 'GET', '/api/users/count', undefined, [200, '403', 200, '403', '403', 200, '401', '401']],
  ['find one user (unknown)', 'GET', '/api/users/999', undefined, ['403', 204, 204, '403', 204, 204, '401', '401']],
  ['create a user (empty body)', 'POST', '/api/users', {}, ['403', '403', 400, '403', '403', 400, '401', '401']],
  ['update a user (unknown)', 'PUT', '/api/users/999', {}, ['403', '403', 404, '403', '403', 404, '401', '401']],
  ['delete a user (unknown)', 'DELETE', '/api/users/999', undefined, ['403', '403', 204, '403', '403', 204, '401', '401']],
  ['list roles', 'GET', '/api/users-permissions/roles', undefined, ['403', 200, 200, 200, '403', 200, '401', '401']],
  ['find one role (unknown)', 'GET', '/api/users-permissions/roles/999', undefined, ['403', 404, 404, '403', '403', 404, '401', '401']],
];

let server: TestServer;
let locked: TestServer;
const headers = new Map<CallerName, Record<string, string>>();

test.before(async () => {
  server = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions: PERMISSIONS, customPermissions: CUSTOM }) });
  locked = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions: { editor: ALL } }) });
  const signIn = async (user: { username: string; password: string }): Promise<string> =>
    (await server.request('POST', '/api/auth/local', { body: { identifier: user.username, password: user.password } })).body.jwt;
  const list = (await server.get('/api/users', bearer(TOKENS.fullAccess))).body as Array<{ id: number; username: string }>;
  const idOf = (username: string): number => list.find((user) => user.username === username)!.id;
  headers.set('public', {});
  headers.set('read-only', bearer(TOKENS.readOnly));
  headers.set('full-access', bearer(TOKENS.fullAccess));
  headers.set('custom', bearer(TOKENS.custom));
  headers.set('reader JWT', bearer(await signIn(USERS.reader)));
  headers.set('editor JWT', bearer(await signIn(USERS.editor)));
  // A blocked user cannot sign in; a JWT issued before the block must stop working.
  headers.set('blocked JWT', bearer(signTestJwt({ id: idOf('blocked'), iat: Math.floor(Date.now() / 1000) }, JWT_SECRET)));
  headers.set('expired JWT', bearer(expiredJwt(idOf('reader'))));
});
test.after(async () => {
  await server?.close();
  await locked?.close();
});

for (const [name, method, path, body, expect] of ROUTES) {
  CALLERS.forEach((caller, i) => {
    const outcome = expect[i]!;
    test(`${name}: ${caller} → ${outcome}`, async () => {
      const response = await server.request(method, path, { headers: headers.get(caller)!, ...(body === undefined ? {} : { body }) });
      if (typeof outcome === 'number') {
        assert.is(response.status, outcome, response.text);
        if (outcome === 204) assert.is(response.text, '');
        return;
      }
      const expected =
        outcome === '403'
          ? [403, 'ForbiddenError', 'Forbidden']
          : [401, 'UnauthorizedError', caller === 'blocked JWT' ? 'Invalid credentials' : 'Missing or invalid credentials'];
      assert.equal([response.status, response.body?.error?.name, response.body?.error?.message], expected, response.text);
      assert.is(response.body.data, null);
    });
  });
}

test('a public role with no permission at all: every user route is a 401 without credentials', async () => {
  for (const [, method, path, body] of ROUTES) {
    const response = await locked.request(method, path, body === undefined ? {} : { body });
    assert.is(response.status, 401, `${method} ${path}`);
    assert.is(response.body.error.message, 'Missing or invalid credentials');
  }
});

test.run();
