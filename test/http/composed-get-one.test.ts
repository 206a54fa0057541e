import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TOKENS, bearer, ignoreAuthEnvironment } from '../auth/auth-project.js';
import { ask, assertSame } from '../helpers/raw-answer.js';
import { type TestServer, eventually } from '../helpers/test-server.js';
import { startCachedBlog } from '../helpers/cached-blog-server.js';

// A get-one is composed before Koa is entered once Koa has answered one of its type for the same
// caller, format and Origin (http/fast-answers.ts, get-one-template.ts). Koa still answers the same
// document asked with a character of its id escaped (the same route and query, another URL), so
// each composed answer is compared with Koa's byte for byte. `answers().composed` is the server's count.

ignoreAuthEnvironment();

const ORIGIN = { Origin: 'https://front.example' };

const composedGetOne = suite<{ server: TestServer; jwt: string; ids: string[] }>('get-ones composed before Koa');

composedGetOne.before(async (context) => {
  Object.assign(
    context,
    await startCachedBlog({
      public: ['api::article.article.find', 'api::article.article.findOne', 'api::author.author.find'],
      authenticated: ['api::article.article.find', 'api::article.article.findOne', 'api::author.author.find', 'api::author.author.findOne'],
    }),
  );
  const list = await context.server.request('GET', '/api/articles?fields[0]=title&pagination[pageSize]=100');
  context.ids = list.body.data.map((article: { documentId: string }) => article.documentId);
  assert.ok(context.ids.length >= 5, 'the blog has published articles');
});
composedGetOne.after(async ({ server }) => {
  await server.close();
});

const composed = (server: TestServer): number => server.server.answers().composed;

/** The path of a get-one whose id has its last character escaped: Koa's route decodes it, the listener leaves it to Koa. */
const escaped = (id: string, query = ''): string => `/api/articles/${id.slice(0, -1)}%${id.charCodeAt(id.length - 1).toString(16)}${query}`;

/** Queries a get-one is composed with: none, everything populated, fields and populate, drafts with a relation the public may not find. */
const QUERIES = [
  '',
  '?',
  '?populate=*',
  '?fields[0]=title&populate[author][fields][0]=name&populate[cover]=true',
  '?status=draft&populate[categories][sort]=name:desc',
];

composedGetOne('after Koa’s first get-one of a type, every other get-one is composed, as Koa answers it', async ({ server, jwt, ids }) => {
  const variants: Record<string, string>[] = [{}, ORIGIN, bearer(TOKENS.readOnly), { ...ORIGIN, ...bearer(jwt) }];
  for (const headers of variants) {
    const what = JSON.stringify(headers);
    const first = await ask(server, 'GET', `/api/articles/${ids[0]}`, headers);
    assert.is(first.status, 200, what);
    for (const id of ids.slice(1)) {
      for (const query of QUERIES) {
        const count = composed(server);
        const koa = await ask(server, 'GET', escaped(id, query), headers);
        assert.is(composed(server), count, `${what} ${id}${query}: Koa’s`);
        const fast = await ask(server, 'GET', `/api/articles/${id}${query}`, headers);
        assert.is(composed(server), count + 1, `${what} ${id}${query}: composed`);
        assert.is(koa.status, 200, `${what} ${id}${query}`);
        assertSame(koa, fast, `${what} ${id}${query}`);
      }
    }
  }
  // The public may not find categories (the read-only token may): composed answers leave them out as Koa's do.
  const query = '?populate[categories]=true&populate[cover]=true';
  const publicAnswer = await ask(server, 'GET', `/api/articles/${ids[1]}${query}`);
  assert.not.ok('categories' in JSON.parse(publicAnswer.body).data);
  const tokenAnswer = await ask(server, 'GET', `/api/articles/${ids[1]}${query}`, bearer(TOKENS.readOnly));
  assert.ok('categories' in JSON.parse(tokenAnswer.body).data);
});

composedGetOne('a composed answer asked again is sent as recorded, the same bytes', async ({ server, ids }) => {
  const id = ids[1]!;
  await ask(server, 'GET', `/api/articles/${ids[0]}`);
  const koa = await ask(server, 'GET', escaped(id));
  const answers = [];
  for (let i = 0; i < 3; i++) answers.push(await ask(server, 'GET', `/api/articles/${id}`));
  for (const answer of answers) assertSame(koa, answer, 'asked again');
  const replayedBefore = server.server.answers().replayed;
  await ask(server, 'GET', `/api/articles/${id}`);
  assert.is(server.server.answers().replayed, replayedBefore + 1, 'recorded once asked twice');
});

composedGetOne('a matching If-None-Match gets the 304 Koa sends', async ({ server, ids }) => {
  await ask(server, 'GET', `/api/articles/${ids[0]}`, ORIGIN);
  for (const id of ids.slice(2, 4)) {
    const koa = await ask(server, 'GET', escaped(id), ORIGIN);
    const etag = koa.headers.find((line) => line.startsWith('ETag: '))!.slice('ETag: '.length);
    const koa304 = await ask(server, 'GET', escaped(id), { ...ORIGIN, 'If-None-Match': etag });
    assert.is(koa304.status, 304);
    const count = composed(server);
    const fast304 = await ask(server, 'GET', `/api/articles/${id}`, { ...ORIGIN, 'If-None-Match': `W/${etag}` });
    assert.is(composed(server), count + 1);
    assertSame(koa304, fast304, `304 of ${id}`);
    const stale = await ask(server, 'GET', `/api/articles/${id}`, { ...ORIGIN, 'If-None-Match': '"nope"' });
    assert.is(stale.status, 200);
  }
});

composedGetOne(
  'Koa answers the rest: HEAD, the v4 shape, an unknown or draft-only document, an escaped or upper-case id, a query Strapi refuses',
  async ({ server, ids }) => {
    await ask(server, 'GET', `/api/articles/${ids[0]}`);
    const drafts = await server.request('GET', '/api/articles?status=draft&fields[0]=title&pagination[pageSize]=100');
    const draftOnly = drafts.body.data.map((article: { documentId: string }) => article.documentId).find((id: string) => !ids.includes(id));
    assert.ok(draftOnly, 'the blog has a draft-only article');
    const before = composed(server);
    const asks: [string, string, Record<string, string>, number][] = [
      ['HEAD', `/api/articles/${ids[1]}`, {}, 200],
      ['GET', `/api/articles/${ids[1]}`, { 'Strapi-Response-Format': 'v4' }, 200],
      ['GET', '/api/articles/no-such-document', {}, 404],
      ['GET', `/api/articles/${draftOnly}`, {}, 404],
      ['GET', escaped(ids[1]!), {}, 200],
      ['GET', '/api/articles/UPPER', {}, 404],
      ['GET', `/api/articles/${ids[1]}?fields[0]=nothing-of-the-kind`, {}, 400],
      ['GET', `/api/articles/${ids[1]}?populate[nothing]=true`, {}, 400],
    ];
    for (const [method, path, headers, status] of asks) {
      const answer = await ask(server, method, path, headers);
      assert.is(answer.status, status, `${method} ${path}`);
      if (method === 'GET' && status >= 400) assert.ok(JSON.parse(answer.body).error, `${path}: Strapi's error envelope`);
    }
    assert.is(composed(server), before, 'none composed');
    const v4 = await ask(server, 'GET', `/api/articles/${ids[1]}`, { 'Strapi-Response-Format': 'v4' });
    assert.ok(JSON.parse(v4.body).data.attributes, 'the v4 shape');
  },
);

composedGetOne('a caller without findOne on a type is refused every time; a permission removed applies to the next ask', async ({ server, jwt }) => {
  const authors = await server.request('GET', '/api/authors?fields[0]=name');
  const [first, second] = authors.body.data.map((author: { documentId: string }) => author.documentId);
  // The authenticated role may find one author: its get-ones are composed after the first.
  assert.is((await ask(server, 'GET', `/api/authors/${first}`, bearer(jwt))).status, 200);
  const count = composed(server);
  assert.is((await ask(server, 'GET', `/api/authors/${second}`, bearer(jwt))).status, 200);
  assert.is(composed(server), count + 1);
  // The public may not: Koa refuses each, nothing is composed.
  for (const id of [first, second, first]) assert.is((await ask(server, 'GET', `/api/authors/${id}`)).status, 403);
  assert.is(composed(server), count + 1);
  const config = JSON.parse(server.project.read('cms.config.json'));
  config.permissions.authenticated = config.permissions.authenticated.filter((action: string) => action !== 'api::author.author.findOne');
  server.project.write('cms.config.json', config);
  const after = await eventually(
    () => ask(server, 'GET', `/api/authors/${second}`, bearer(jwt)),
    (answer) => answer.status !== 200,
  );
  assert.is(after.status, 403);
});

composedGetOne('a write and a file edited on disk show in the next composed answer', async ({ server, ids }) => {
  const id = ids[2]!;
  await ask(server, 'GET', `/api/articles/${ids[0]}`);
  const put = await server.request('PUT', `/api/articles/${id}`, { body: { data: { title: 'Composed after a write' } }, headers: bearer(TOKENS.fullAccess) });
  assert.is(put.status, 200);
  const count = composed(server);
  const afterWrite = await ask(server, 'GET', `/api/articles/${id}`);
  assert.is(composed(server), count + 1, 'the type’s template outlives the write');
  assert.is(JSON.parse(afterWrite.body).data.title, 'Composed after a write');
  assertSame(await ask(server, 'GET', escaped(id)), afterWrite, 'after the write');
  const file = `content/articles/${id}.json`;
  server.project.write(file, { ...JSON.parse(server.project.read(file)), summary: 'Edited by hand, "quoted"\nand on two lines' });
  const edited = await eventually(
    () => ask(server, 'GET', `/api/articles/${id}`),
    (answer) => answer.body.includes('Edited by hand'),
  );
  assert.is(JSON.parse(edited.body).data.summary, 'Edited by hand, "quoted"\nand on two lines');
  assertSame(await ask(server, 'GET', escaped(id)), edited, 'after the edit');
});

composedGetOne.run();
