import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TOKENS, USERS, bearer, expiredJwt, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Every route × every kind of caller. The main project lets the public role read articles and list
// files; the `authenticated` role (the reader's) reads articles, authors and the homepage and may
// create articles; the custom token may list articles, find one file and update the homepage.
// "none" is a request without credentials to a project whose public role has no permission at all.
const PUBLIC = ['api::article.article.find', 'api::article.article.findOne', 'plugin::upload.content-api.find'];
const AUTHENTICATED = [
  'api::article.article.find',
  'api::article.article.findOne',
  'api::article.article.create',
  'api::author.author.find',
  'api::homepage.homepage.find',
];
const CUSTOM = ['api::article.article.find', 'api::homepage.homepage.update', 'plugin::upload.content-api.findOne'];

const CALLERS = ['none', 'public', 'read-only', 'full-access', 'custom', 'expired token', 'garbage token', 'user JWT', 'expired JWT'] as const;
type CallerName = (typeof CALLERS)[number];

// Expected answers: a status where the request got through (a 400 or 404 then proves the route ran:
// the requests are built to change nothing), or the refusal: 401 (Missing or invalid credentials),
// 401T (Token expired), 401U (Unauthorized: allowed, but nobody is signed in), 403 (Forbidden).
type Outcome = 200 | 204 | 400 | 404 | '401' | '401T' | '401U' | '403';

interface Route {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly expect: readonly Outcome[];
}

const HELLO = 'n0rkkhkmxloujb87i7huf7if';
const NO_SUCH_ARTICLE = 'zzzzzzzzzzzzzzzzzzzzzzzz';
const BAD_LOGIN = { identifier: 'reader', password: 'wrong password' };

const ROUTES: readonly Route[] = [
  //                                                                           none   public read-only full-access custom expired garbage user  expired JWT
  { name: 'list articles', method: 'GET', path: '/api/articles', expect: ['401', 200, 200, 200, 200, '401T', '401', 200, '401'] },
  { name: 'find one article', method: 'GET', path: `/api/articles/${HELLO}`, expect: ['401', 200, 200, 200, '403', '401T', '401', 200, '401'] },
  { name: 'create an article', method: 'POST', path: '/api/articles', body: {}, expect: ['401', '403', '403', 400, '403', '401T', '401', 400, '401'] },
  {
    name: 'update an article',
    method: 'PUT',
    path: `/api/articles/${HELLO}`,
    body: {},
    expect: ['401', '403', '403', 400, '403', '401T', '401', '403', '401'],
  },
  {
    name: 'delete an article',
    method: 'DELETE',
    path: `/api/articles/${NO_SUCH_ARTICLE}`,
    expect: ['401', '403', '403', 204, '403', '401T', '401', '403', '401'],
  },
  { name: 'read the single type', method: 'GET', path: '/api/homepage', expect: ['401', '403', 200, 200, '403', '401T', '401', 200, '401'] },
  { name: 'update the single type', method: 'PUT', path: '/api/homepage', body: {}, expect: ['401', '403', '403', 400, 400, '401T', '401', '403', '401'] },
  { name: 'delete the single type', method: 'DELETE', path: '/api/homepage?nope=1', expect: ['401', '403', '403', 400, '403', '401T', '401', '403', '401'] },
  { name: 'list files', method: 'GET', path: '/api/upload/files', expect: ['401', 200, 200, 200, '403', '401T', '401', '403', '401'] },
  { name: 'find one file', method: 'GET', path: '/api/upload/files/1', expect: ['401', '403', 404, 404, 404, '401T', '401', '403', '401'] },
  { name: 'sign in', method: 'POST', path: '/api/auth/local', body: BAD_LOGIN, expect: [400, 400, '403', 400, '403', '401T', '401', '403', '401'] },
  { name: 'register', method: 'POST', path: '/api/auth/local/register', body: {}, expect: [400, 400, '403', 400, '403', '401T', '401', '403', '401'] },
  { name: 'who am I', method: 'GET', path: '/api/users/me', expect: ['401', '403', '403', '401U', '403', '401T', '401', 200, '401'] },
];

const REFUSALS: Readonly<Record<string, { status: number; name: string; message: string }>> = {
  '401': { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' },
  '401T': { status: 401, name: 'UnauthorizedError', message: 'Token expired' },
  '401U': { status: 401, name: 'UnauthorizedError', message: 'Unauthorized' },
  '403': { status: 403, name: 'ForbiddenError', message: 'Forbidden' },
};

ignoreAuthEnvironment();

let server: TestServer;
let locked: TestServer;
let headers: Record<CallerName, Record<string, string>>;

test.before(async () => {
  server = await startTestServer('blog', {
    prepare: (project) => prepareAuthProject(project, { permissions: { public: PUBLIC, authenticated: AUTHENTICATED }, customPermissions: CUSTOM }),
  });
  locked = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions: { public: [] } }) });
  const login = await server.request('POST', '/api/auth/local', { body: { identifier: USERS.reader.email, password: USERS.reader.password } });
  assert.is(login.status, 200, login.text);
  headers = {
    none: {},
    public: {},
    'read-only': bearer(TOKENS.readOnly),
    'full-access': bearer(TOKENS.fullAccess),
    custom: bearer(TOKENS.custom),
    'expired token': bearer(TOKENS.expired),
    'garbage token': bearer('not-a-token-anyone-issued'),
    'user JWT': bearer(login.body.jwt),
    'expired JWT': bearer(expiredJwt(login.body.user.id)),
  };
});
test.after(async () => {
  await server?.close();
  await locked?.close();
});

for (const route of ROUTES) {
  test(`${route.method} ${route.name}: ${CALLERS.map((caller, i) => `${caller} → ${route.expect[i]}`).join(', ')}`, async () => {
    assert.is(route.expect.length, CALLERS.length, 'one outcome per caller');
    for (const [i, caller] of CALLERS.entries()) {
      const target = caller === 'none' ? locked : server;
      const response = await target.request(route.method, route.path, { headers: headers[caller], ...(route.body === undefined ? {} : { body: route.body }) });
      const expected = route.expect[i]!;
      const refusal = typeof expected === 'string' ? REFUSALS[expected]! : undefined;
      const where = `${caller}: ${response.text.slice(0, 200)}`;
      if (refusal !== undefined) {
        assert.is(response.status, refusal.status, where);
        assert.equal(response.body, { data: null, error: { ...refusal, details: {} } }, where);
      } else {
        assert.is(response.status, expected, where);
        if (expected === 200) assert.not.ok(response.body?.error, where);
      }
    }
  });
}

test('the scheme is case-insensitive and the header must be exactly two parts', async () => {
  assert.is((await server.get('/api/homepage', { Authorization: `bearer ${TOKENS.readOnly}` })).status, 200);
  assert.is((await server.get('/api/homepage', { Authorization: `BEARER ${TOKENS.readOnly}` })).status, 200);
  assert.is((await server.get('/api/articles', { Authorization: TOKENS.readOnly })).status, 401);
  assert.is((await server.get('/api/articles', { Authorization: `Basic ${TOKENS.readOnly}` })).status, 401);
  assert.is((await server.get('/api/articles', { Authorization: `Bearer ${TOKENS.readOnly} extra` })).status, 401);
});

test('a JWT stops working when its user is blocked or removed (Invalid credentials)', async () => {
  const editor = await server.request('POST', '/api/auth/local', { body: { identifier: 'editor', password: USERS.editor.password } });
  assert.is(editor.status, 200);
  const file = `users/${USERS.editor.documentId}.json`;
  const refused = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Invalid credentials', details: {} } };
  server.project.write(file, { ...JSON.parse(server.project.read(file)), blocked: true });
  assert.equal((await server.get('/api/articles', bearer(editor.body.jwt))).body, refused);
  server.project.remove(file);
  assert.equal((await server.get('/api/articles', bearer(editor.body.jwt))).body, refused);
});

test.run();
