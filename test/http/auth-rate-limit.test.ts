import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { USERS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type TestResponse, type TestServer, startTestServer } from '../helpers/test-server.js';

// users-permissions' abuse limit: per identifier, path and IP, Strapi's 429, recovering after the
// window. One project keeps Strapi's defaults (5 per 5 minutes); the other a 2-per-second window.
ignoreAuthEnvironment();
// Long enough for three requests to land in one window even when one of them hashes a password.
const WINDOW_MS = 1000;
let short: TestServer;
let defaults: TestServer;

test.before(async () => {
  const permissions = { public: ['api::article.article.find'] };
  short = await startTestServer('blog', {
    prepare: (project) => {
      prepareAuthProject(project, { permissions });
      const config = JSON.parse(project.read('cms.config.json')) as Record<string, Record<string, unknown>>;
      config['auth'] = { ...config['auth'], rateLimit: { interval: WINDOW_MS, max: 2 } };
      project.write('cms.config.json', config);
    },
  });
  defaults = await startTestServer('blog', { prepare: (project) => prepareAuthProject(project, { permissions }) });
});
test.after(async () => {
  await short?.close();
  await defaults?.close();
});

function assertRateLimited(response: TestResponse): void {
  assert.is(response.status, 429, response.text);
  assert.equal(response.body, {
    data: null,
    error: { status: 429, name: 'RateLimitError', message: 'Too many requests, please try again later.', details: {} },
  });
  assert.ok(Number(response.headers.get('retry-after')) >= 1);
}

const signIn = (server: TestServer, identifier: string) => server.request('POST', '/api/auth/local', { body: { identifier, password: 'wrong-password' } });

test("Strapi's defaults: the sixth sign-in attempt for one identifier is refused", async () => {
  for (let i = 1; i <= 5; i++) {
    const response = await signIn(defaults, 'reader');
    assert.is(response.status, 400);
    assert.is(response.headers.get('x-ratelimit-limit'), '5');
  }
  assertRateLimited(await signIn(defaults, 'reader'));
  // Another identifier has its own count.
  assert.is((await signIn(defaults, 'editor')).status, 400);
});

const ROUTES: Array<[string, unknown]> = [
  ['/api/auth/local', { identifier: 'reader', password: 'x' }],
  ['/api/auth/local/register', { username: 'someone', email: 'someone@example.com', password: 'x' }],
  ['/api/auth/forgot-password', { email: 'someone@example.com' }],
  ['/api/auth/reset-password', { code: 'x', password: 'x', passwordConfirmation: 'x' }],
  ['/api/auth/send-email-confirmation', { email: 'someone@example.com' }],
];
for (const [route, body] of ROUTES) {
  test(`${route}: 429 after the limit, answered again once the window is over`, async () => {
    // Sent together, so all three fall in one window however slow the route is (bcrypt).
    const responses = await Promise.all([1, 2, 3].map(() => short.request('POST', route, { body })));
    const limited = responses.filter((response) => response.status === 429);
    assert.is(limited.length, 1, responses.map((response) => response.status).join(', '));
    assertRateLimited(limited[0]!);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
    assert.is.not((await short.request('POST', route, { body })).status, 429);
  });
}

test('/api/auth/change-password is limited too (for a signed-in user)', async () => {
  const jwt = (await short.request('POST', '/api/auth/local', { body: { identifier: 'editor', password: USERS.editor.password } })).body.jwt as string;
  const body = { currentPassword: 'wrong', password: 'new-password', passwordConfirmation: 'new-password' };
  for (let i = 0; i < 2; i++) assert.is((await short.request('POST', '/api/auth/change-password', { body, headers: bearer(jwt) })).status, 400);
  assertRateLimited(await short.request('POST', '/api/auth/change-password', { body, headers: bearer(jwt) }));
});

test('reading content is not limited', async () => {
  for (let i = 0; i < 5; i++) assert.is((await short.get('/api/articles')).status, 200);
});

test.run();
