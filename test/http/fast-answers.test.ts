import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TOKENS, USERS, bearer, ignoreAuthEnvironment } from '../auth/auth-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';
import { startCachedBlog } from '../helpers/cached-blog-server.js';
import type { TempProject } from '../helpers/temp-project.js';
import { type RawAnswer, ask, assertSame } from '../helpers/raw-answer.js';

// A read answer the read cache keeps is sent again before Koa is entered (http/fast-answers.ts):
// these tests ask each request three times and compare the answer Koa made (first ask) with the
// one sent again (third ask) byte for byte: status, every header by name, case and order (Date
// aside), body. `answers().replayed` is the server's own count of answers sent without Koa.

ignoreAuthEnvironment();

const HELLO = 'n0rkkhkmxloujb87i7huf7if';
const ORIGIN = { Origin: 'https://front.example' };

const replayed = (server: TestServer): number => server.server.answers().replayed;

/**
 * Asks three times: the first is Koa's, the second is kept by the read cache (or was kept already,
 * for another Origin, and then it is recorded by the first), the third is sent again; returns the first and third.
 */
async function thrice(server: TestServer, method: string, path: string, headers: Record<string, string> = {}): Promise<[RawAnswer, RawAnswer]> {
  const what = `${method} ${path} ${JSON.stringify(headers)}`;
  const before = replayed(server);
  const slow = await ask(server, method, path, headers);
  assert.is(replayed(server), before, `${what}: Koa answers the first ask`);
  await ask(server, method, path, headers);
  const second = replayed(server);
  const fast = await ask(server, method, path, headers);
  assert.is(replayed(server), second + 1, `${what}: the third ask is answered before Koa`);
  return [slow, fast];
}

const authTest = suite<{ server: TestServer; jwt: string }>('answers sent again before Koa');

authTest.before(async (context) => {
  Object.assign(
    context,
    await startCachedBlog({
      public: ['api::article.article.find', 'api::article.article.findOne', 'api::homepage.homepage.find'],
      authenticated: ['api::article.article.find', 'api::article.article.findOne', 'api::author.author.find'],
    }),
  );
});
authTest.after(async ({ server }) => {
  await server.close();
});

authTest('many reads: the answer sent again is the answer Koa made, status, headers and body', async ({ server, jwt }) => {
  const paths = [
    '/api/articles',
    `/api/articles/${HELLO}`,
    `/api/articles/${HELLO}?populate=*`,
    '/api/articles?fields[0]=title&sort=title:asc&pagination[pageSize]=3',
    '/api/articles?filters[title][$contains]=o&populate[author][fields][0]=name',
    '/api/homepage',
  ];
  const variants: Record<string, string>[] = [{}, ORIGIN, { 'Strapi-Response-Format': 'v4' }, { ...ORIGIN, ...bearer(TOKENS.readOnly) }, bearer(jwt)];
  for (const path of paths) {
    for (const headers of variants) {
      if (path === '/api/homepage' && headers['Authorization'] === `Bearer ${jwt}`) continue; // the authenticated role may not read it
      const [slow, fast] = await thrice(server, 'GET', path, headers);
      assert.is(slow.status, 200, path);
      assertSame(slow, fast, `GET ${path} ${JSON.stringify(headers)}`);
    }
  }
  const [slow, fast] = await thrice(server, 'GET', '/api/articles?status=draft', bearer(TOKENS.readOnly));
  assertSame(slow, fast, 'drafts with a token');
});

authTest('HEAD is sent again without a body, with the headers of Koa’s HEAD', async ({ server }) => {
  for (const headers of [{}, ORIGIN]) {
    const [slow, fast] = await thrice(server, 'HEAD', `/api/articles/${HELLO}?fields[0]=slug`, headers);
    assert.is(slow.status, 200);
    assert.is(fast.body, '');
    assert.ok(fast.headers.some((line) => line.startsWith('Content-Length: ')));
    assertSame(slow, fast, `HEAD ${JSON.stringify(headers)}`);
  }
});

authTest('a matching If-None-Match gets the 304 Koa sends, from the answer sent again', async ({ server }) => {
  for (const headers of [{}, ORIGIN, bearer(TOKENS.readOnly)]) {
    const path = `/api/articles/${HELLO}?fields[0]=title&fields[1]=views`;
    const first = await ask(server, 'GET', path, headers);
    const etag = first.headers.find((line) => line.startsWith('ETag: '))!.slice('ETag: '.length);
    // The second ask is kept, but a 304 is never recorded: this one is Koa's.
    const slow = await ask(server, 'GET', path, { ...headers, 'If-None-Match': `W/${etag}` });
    assert.is(slow.status, 304);
    await ask(server, 'GET', path, headers);
    const before = replayed(server);
    const fast = await ask(server, 'GET', path, { ...headers, 'If-None-Match': `W/${etag}` });
    assert.is(replayed(server), before + 1);
    assertSame(slow, fast, `304 ${JSON.stringify(headers)}`);
    const stale = await ask(server, 'GET', path, { ...headers, 'If-None-Match': '"nope"' });
    assert.is(stale.status, 200);
    assert.is(stale.body, first.body);
  }
});

authTest('a token never gets the public answer, nor the public a token’s; a bad token is still refused', async ({ server }) => {
  const path = `/api/articles/${HELLO}?populate=author`;
  await thrice(server, 'GET', path);
  const publicAnswer = await ask(server, 'GET', path);
  assert.not.ok(publicAnswer.body.includes('"author"'), 'the public may not find authors');
  const user = await server.request('POST', '/api/auth/local', { body: { identifier: 'reader', password: USERS.reader.password } });
  const forUser = await ask(server, 'GET', path, bearer(user.body.jwt));
  assert.ok(forUser.body.includes('"author"'), 'the authenticated role finds authors');
  const refused = await ask(server, 'GET', path, bearer('not-a-token'));
  assert.is(refused.status, 401);
  const expired = await ask(server, 'GET', path, bearer(TOKENS.expired));
  assert.is(expired.status, 401);
  await thrice(server, 'GET', '/api/articles?populate=author', bearer(user.body.jwt));
  const publicList = await ask(server, 'GET', '/api/articles?populate=author');
  assert.not.ok(publicList.body.includes('"author"'));
});

authTest('a write through the API: the answer sent again is the new one', async ({ server }) => {
  const path = `/api/articles/${HELLO}?fields[0]=title`;
  await thrice(server, 'GET', path);
  const put = await server.request('PUT', `/api/articles/${HELLO}`, { body: { data: { title: 'Hello again' } }, headers: bearer(TOKENS.fullAccess) });
  assert.is(put.status, 200);
  const after = await ask(server, 'GET', path);
  assert.ok(after.body.includes('Hello again'), after.body);
  const [slow, fast] = await thrice(server, 'GET', path);
  assertSame(slow, fast, 'after the write');
});

authTest('a file edited on disk: the answer sent again is never the old one', async ({ server }) => {
  const path = `/api/articles/${HELLO}?fields[0]=summary`;
  await thrice(server, 'GET', path);
  const file = `content/articles/${HELLO}.json`;
  server.project.write(file, { ...JSON.parse(server.project.read(file)), summary: 'Edited by hand' });
  const after = await eventually(
    () => ask(server, 'GET', path),
    (answer) => answer.body.includes('Edited by hand'),
  );
  assert.ok(after.body.includes('Edited by hand'));
  for (let i = 0; i < 3; i++) assert.ok((await ask(server, 'GET', path)).body.includes('Edited by hand'));
});

authTest('permissions edited in cms.config.json apply to the next ask', async ({ server }) => {
  await thrice(server, 'GET', '/api/homepage');
  const config = JSON.parse(server.project.read('cms.config.json'));
  config.permissions.public = config.permissions.public.filter((action: string) => action !== 'api::homepage.homepage.find');
  server.project.write('cms.config.json', config);
  const after = await eventually(
    () => ask(server, 'GET', '/api/homepage'),
    (answer) => answer.status !== 200,
  );
  assert.is(after.status, 403);
});

authTest.run();

// The project's code: a route it declares runs its middleware on every ask; a type without one is sent again.
const CODE: Record<string, string> = {
  'src/api/article/routes/article.js': `
const { factories } = require('@strapi/strapi');
module.exports = factories.createCoreRouter('api::article.article', {
  config: { findOne: { middlewares: ['global::count'] } },
});
`,
  'src/middlewares/count.js': `
let asked = 0;
module.exports = () => async (ctx, next) => {
  await next();
  asked += 1;
  ctx.set('X-Asked', String(asked));
};
`,
};

const codeTest = suite<{ server: TestServer }>('answers sent again, with the project’s code');

codeTest.before(async (context) => {
  context.server = await startTestServer('blog', {
    watch: true,
    prepare: (project: TempProject) => Object.entries(CODE).forEach(([file, text]) => project.write(file, text)),
  });
});
codeTest.after(async ({ server }) => {
  await server.close();
});

codeTest('a project route’s middleware runs on every ask; the core routes of other types are sent again', async ({ server }) => {
  const before = replayed(server);
  const counts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await ask(server, 'GET', `/api/articles/${HELLO}`, ORIGIN);
    assert.is(answer.status, 200);
    counts.push(answer.headers.find((line) => line.startsWith('X-Asked: ')) ?? '');
  }
  assert.equal(counts, ['X-Asked: 1', 'X-Asked: 2', 'X-Asked: 3', 'X-Asked: 4']);
  assert.is(replayed(server), before);
  // Nor is a get-one of another type composed: the project's routes could take its path.
  const [author] = (await server.request('GET', '/api/authors')).body.data;
  for (let i = 0; i < 3; i++) assert.is((await ask(server, 'GET', `/api/authors/${author.documentId}`)).status, 200);
  assert.is(server.server.answers().composed, 0);
  const [slow, fast] = await thrice(server, 'GET', '/api/authors', ORIGIN);
  assertSame(slow, fast, 'authors, no project route');
});

codeTest('a route added to the project’s code takes the next ask; nothing recorded before is sent again', async ({ server }) => {
  await thrice(server, 'GET', '/api/categories');
  server.project.write(
    'src/api/article/routes/categories.js',
    `const { factories } = require('@strapi/strapi');
module.exports = factories.createCoreRouter('api::category.category', { config: { find: { middlewares: ['global::count'] } } });
`,
  );
  const routed = await eventually(
    () => ask(server, 'GET', '/api/categories'),
    (answer) => answer.headers.some((line) => line.startsWith('X-Asked: ')),
  );
  assert.is(routed.status, 200, server.logs.join('\n'));
  assert.ok(
    routed.headers.some((line) => line.startsWith('X-Asked: ')),
    [...server.logs, ...server.infos, String(replayed(server))].join('\n'),
  );
  const before = replayed(server);
  const counts = new Set<string>();
  for (let i = 0; i < 3; i++) counts.add((await ask(server, 'GET', '/api/categories')).headers.find((line) => line.startsWith('X-Asked: '))!);
  assert.is(counts.size, 3, 'the middleware ran on each ask');
  assert.is(replayed(server), before);
});

codeTest.run();

const localeTest = suite<{ server: TestServer }>('answers sent again, per locale');

localeTest.before(async (context) => {
  context.server = await startTestServer('i18n');
});
localeTest.after(async ({ server }) => {
  await server.close();
});

localeTest('each locale is its own answer', async ({ server }) => {
  const [slowFr, fastFr] = await thrice(server, 'GET', '/api/articles?locale=fr', ORIGIN);
  const [slowEn, fastEn] = await thrice(server, 'GET', '/api/articles?locale=en', ORIGIN);
  assert.is(slowFr.status, 200);
  assert.is.not(slowFr.body, slowEn.body);
  assertSame(slowFr, fastFr, 'fr');
  assertSame(slowEn, fastEn, 'en');
});

localeTest.run();
