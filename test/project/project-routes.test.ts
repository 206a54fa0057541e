import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';
import type { TempProject } from '../helpers/temp-project.js';

// cms's extension API on a project of cms's own layout (schemas/): the same hooks as a Strapi
// project's src/, written in TypeScript and JavaScript, ESM and CommonJS.
const CODE: Record<string, string> = {
  'src/api/article/routes/article.ts': `
import { factories } from '@strapi/strapi';
export default factories.createCoreRouter('api::article.article', {
  only: ['find', 'findOne', 'create'],
  config: {
    find: { middlewares: ['api::article.newest-first', 'global::stamp'] },
    findOne: { policies: ['api::article.not-secret'] },
  },
});
`,
  'src/api/article/routes/01-custom.ts': `
export default {
  routes: [
    { method: 'GET', path: '/articles/featured', handler: 'article.featured', config: { auth: false } },
    { method: 'GET', path: '/articles/fail/:kind', handler: 'api::article.article.fail', config: { auth: false } },
    { method: 'GET', path: '/articles/closed', handler: 'article.featured', config: { auth: false, policies: [() => false] } },
  ],
};
`,
  'src/api/article/middlewares/newest-first.ts': `
export default (config, { strapi }) => async (ctx, next) => {
  ctx.query.sort = 'views:desc';
  ctx.query.fields = ['title', 'views'];
  await next();
};
`,
  'src/middlewares/stamp.js': `
module.exports = () => async (ctx, next) => {
  await next();
  ctx.set('X-Stamp', 'yes');
};
`,
  'src/api/article/policies/not-secret.ts': `
export default (policyContext, config, { strapi }) => policyContext.params.id !== 'xb20k8enrgeqpua1lq5cdjoh';
`,
  'src/api/article/controllers/article.ts': `
import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
export default factories.createCoreController('api::article.article', ({ strapi }) => ({
  async find(ctx) {
    const answer = await super.find(ctx);
    return { ...answer, meta: { ...answer.meta, extended: true } };
  },
  async featured(ctx) {
    const { results } = await strapi.service('api::article.article').find({ filters: { featured: true }, fields: ['title'] });
    return this.transformResponse(results, { count: results.length });
  },
  async fail(ctx) {
    switch (ctx.params.kind) {
      case 'validation': throw new errors.ValidationError('Title is bad', { field: 'title' });
      case 'application': throw new errors.ApplicationError('Nope');
      case 'not-found': throw new errors.NotFoundError('Gone');
      case 'forbidden': throw new errors.ForbiddenError();
      case 'unauthorized': throw new errors.UnauthorizedError();
      case 'bad-request': return ctx.badRequest('Bad input', { why: 'test' });
      case 'ctx-not-found': return ctx.notFound();
      case 'ctx-forbidden': return ctx.forbidden();
      case 'ctx-unauthorized': return ctx.unauthorized();
      default: throw new Error('boom');
    }
  },
}));
`,
  'src/api/article/content-types/article/lifecycles.ts': `
import { errors } from '@strapi/utils';
export default {
  beforeCreate(event) {
    if (event.params.data.title === 'Forbidden title') throw new errors.ApplicationError('This title is not allowed');
    event.params.data.summary = 'set by beforeCreate';
  },
};
`,
  'src/index.ts': `
export default {
  register({ strapi }) {},
  async bootstrap({ strapi }) {
    strapi.db.lifecycles.subscribe({
      models: ['api::author.author'],
      async beforeUpdate(event) {
        if (event.params.data.name === 'Nobody') throw new Error('unexpected');
      },
    });
    strapi.log.info('bootstrapped with ' + (await strapi.documents('api::article.article').count({ status: 'published' })) + ' articles');
  },
};
`,
};

function writeCode(project: TempProject): void {
  for (const [file, text] of Object.entries(CODE)) project.write(file, text);
}

const test = suite<{ server: TestServer }>('the project code routes');

test.before(async (context) => {
  context.server = await startTestServer('blog', { prepare: writeCode });
});

test.after(async ({ server }) => {
  await server.close();
});

test('register and bootstrap run before the server listens', ({ server }) => {
  assert.ok(server.infos.includes('bootstrapped with 10 articles'), server.infos.join('\n'));
});

test('a route middleware sets ctx.query (sort, fields) and the core controller obeys it; super.find extends the answer', async ({ server }) => {
  const response = await server.get('/api/articles');
  assert.is(response.status, 200);
  assert.equal(
    response.body.data.slice(0, 2).map((a: any) => [a.title, a.views]),
    [
      ['100 Tips for Travel', 1000],
      ["Émile's Café", 100],
    ],
  );
  assert.equal(Object.keys(response.body.data[0]).sort(), ['documentId', 'id', 'title', 'views']);
  assert.is(response.body.meta.extended, true);
  assert.is(response.body.meta.pagination.total, 10);
  assert.is(response.headers.get('x-stamp'), 'yes');
});

test('a policy answering false is a 403 PolicyError; otherwise the route answers', async ({ server }) => {
  const denied = await server.get('/api/articles/xb20k8enrgeqpua1lq5cdjoh?status=draft');
  assert.is(denied.status, 403);
  assert.equal(denied.body, { data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
  const allowed = await server.get('/api/articles/n0rkkhkmxloujb87i7huf7if');
  assert.is(allowed.body.data.title, 'Hello World');
  const inline = await server.get('/api/articles/closed');
  assert.is(inline.status, 403);
});

test('custom routes come before the core ones and reach custom actions through services', async ({ server }) => {
  const response = await server.get('/api/articles/featured');
  assert.is(response.status, 200);
  assert.is(response.body.meta.count, 3);
  assert.equal(Object.keys(response.body.data[0]).sort(), ['documentId', 'id', 'title']);
});

test('only: actions left out are not routed', async ({ server }) => {
  const response = await server.request('DELETE', '/api/articles/n0rkkhkmxloujb87i7huf7if');
  assert.is(response.status, 404);
  assert.ok(server.project.exists('content/articles/n0rkkhkmxloujb87i7huf7if.json'));
});

test('types without routes files keep the core routes unchanged', async ({ server }) => {
  const response = await server.get('/api/authors?fields[0]=name&sort=name');
  assert.is(response.status, 200);
  assert.is(response.body.data.length, 3);
});

const ERRORS: [string, number, string, string, unknown][] = [
  ['validation', 400, 'ValidationError', 'Title is bad', { field: 'title' }],
  ['application', 400, 'ApplicationError', 'Nope', {}],
  ['not-found', 404, 'NotFoundError', 'Gone', {}],
  ['forbidden', 403, 'ForbiddenError', 'Forbidden access', {}],
  ['unauthorized', 401, 'UnauthorizedError', 'Unauthorized', {}],
  ['bad-request', 400, 'BadRequestError', 'Bad input', { why: 'test' }],
  ['ctx-not-found', 404, 'NotFoundError', 'Not Found', {}],
  ['ctx-forbidden', 403, 'ForbiddenError', 'Forbidden', {}],
  ['ctx-unauthorized', 401, 'UnauthorizedError', 'Unauthorized', {}],
];

test("errors thrown by a controller answer Strapi's envelope with their status", async ({ server }) => {
  for (const [kind, status, name, message, details] of ERRORS) {
    const response = await server.get(`/api/articles/fail/${kind}`);
    assert.is(response.status, status, kind);
    assert.equal(response.body, { data: null, error: { status, name, message, details } }, kind);
  }
});

test('an unexpected error is a 500 Internal Server Error, logged with its stack, and the server keeps serving', async ({ server }) => {
  const response = await server.get('/api/articles/fail/crash');
  assert.is(response.status, 500);
  assert.equal(response.body, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } });
  assert.ok(
    server.logs.some((line) => line.includes('Error: boom') && line.includes('src/api/article/controllers/article.ts')),
    server.logs.join('\n'),
  );
  assert.is((await server.get('/api/articles/featured')).status, 200);
});

test('a content-type lifecycle changes the data before the write; a throwing one rejects it and writes nothing', async ({ server }) => {
  const created = await server.request('POST', '/api/articles', { body: { data: { title: 'Hooked' } } });
  assert.is(created.status, 201);
  assert.is(created.body.data.summary, 'set by beforeCreate');
  const before = server.project.read('content/articles/n0rkkhkmxloujb87i7huf7if.json');
  const listing = (await server.get('/api/authors')).body.data.length;
  const rejected = await server.request('POST', '/api/articles', { body: { data: { title: 'Forbidden title' } } });
  assert.is(rejected.status, 400);
  assert.equal(rejected.body.error, { status: 400, name: 'ApplicationError', message: 'This title is not allowed', details: {} });
  const titles = (await server.get('/api/articles/featured')).body.data.map((a: any) => a.title);
  assert.not.ok(titles.includes('Forbidden title'));
  assert.is(server.project.read('content/articles/n0rkkhkmxloujb87i7huf7if.json'), before);
  assert.is((await server.get('/api/authors')).body.data.length, listing);
});

test('a subscriber of strapi.db.lifecycles that throws rejects a core route write (500) and the file is unchanged', async ({ server }) => {
  const file = 'content/authors/qlbzjy8ymwitxmczph8a7en0.json';
  const before = server.project.read(file);
  const response = await server.request('PUT', '/api/authors/qlbzjy8ymwitxmczph8a7en0', { body: { data: { name: 'Nobody' } } });
  assert.is(response.status, 500);
  assert.is(server.project.read(file), before);
});

test.run();

const reload = suite('editing the code while serving');

reload('an edited file reloads the app; a file that fails to compile is reported with file and line and the last good app keeps serving', async () => {
  const server = await startTestServer('blog', {
    watch: true,
    prepare: (project) => {
      project.write(
        'src/api/article/routes/custom.ts',
        `export default { routes: [{ method: 'GET', path: '/hello', handler: 'api::article.hello.say', config: { auth: false } }] };\n`,
      );
      project.write('src/api/article/controllers/hello.ts', `export default { say(ctx) { ctx.body = { hello: 'first' }; } };\n`);
    },
  });
  try {
    const controller = 'src/api/article/controllers/hello.ts';
    assert.equal((await server.get('/api/hello')).body, { hello: 'first' });
    server.project.write(controller, `export default { say(ctx) { ctx.body = { hello: 'second' }; } };\n`);
    const second = await eventually(
      () => server.get('/api/hello'),
      (r) => r.body?.hello === 'second',
    );
    assert.equal(second.body, { hello: 'second' });
    server.project.write(controller, `export default {\n  say(ctx) {\n    ctx.body = { hello: 'third' ;\n  },\n};\n`);
    await eventually(
      async () => server.logs.join('\n'),
      (logs) => logs.includes('src/api/article/controllers/hello.ts:3'),
    );
    assert.ok(
      server.logs.some((line) => line.includes('src/api/article/controllers/hello.ts:3') && line.includes('keeping the previous code')),
      server.logs.join('\n'),
    );
    assert.equal((await server.get('/api/hello')).body, { hello: 'second' });
  } finally {
    await server.close();
  }
});

reload.run();
