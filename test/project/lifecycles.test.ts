import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { TOKENS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';
import { loadConfig } from '../../server/store/load-config.js';
import { ProjectRuntime } from '../../server/runtime/project-runtime.js';
import { openProjectCode } from '../../server/runtime/project-code.js';
import { createTempProject } from '../helpers/temp-project.js';

// Strapi's read lifecycles and those of users, on the blog fixture with a src/index.ts that
// subscribes to them. Hooks log what they saw through strapi.log, which the test server keeps.
ignoreAuthEnvironment();

const INDEX = `
import { errors } from '@strapi/utils';
export default {
  bootstrap({ strapi }) {
    const say = (what) => strapi.log.info('hook ' + JSON.stringify(what));
    strapi.db.lifecycles.subscribe({
      models: ['api::article.article'],
      beforeFindMany(event) {
        say({ action: event.action, uid: event.model.uid, where: event.params.where, orderBy: event.params.orderBy ?? null });
        // Only featured articles, whatever the client asked.
        event.params.where = { ...event.params.where, featured: true };
      },
      afterFindMany(event) {
        say({ action: event.action, titles: event.result.map((a) => a.title) });
        for (const article of event.result) article.title = article.title.toUpperCase();
      },
      beforeCount(event) { say({ action: event.action }); },
      afterCount(event) { say({ action: event.action, result: event.result }); },
      beforeFindOne(event) { say({ action: event.action, where: event.params.where }); },
      afterFindOne(event) { say({ action: event.action, title: event.result?.title ?? null }); },
    });
    strapi.db.lifecycles.subscribe({
      models: ['plugin::users-permissions.user'],
      beforeCreate(event) {
        if (event.params.data.username === 'mallory') throw new errors.ApplicationError('No Mallory here');
        say({ action: event.action, uid: event.model.uid, hashed: event.params.data.password.startsWith('$2') });
        event.params.data.username = event.params.data.username.toLowerCase();
      },
      afterCreate(event) { say({ action: event.action, username: event.result.username, password: event.result.password ?? null }); },
      beforeUpdate(event) { say({ action: event.action, where: event.params.where, data: event.params.data }); },
      afterUpdate(event) { say({ action: event.action, email: event.result.email }); },
      beforeDelete(event) { say({ action: event.action, where: event.params.where }); },
      afterDelete(event) { say({ action: event.action, username: event.result.username }); },
    });
  },
};
`;

const test = suite<{ server: TestServer }>('read lifecycles and users lifecycles');

test.before(async (context) => {
  context.server = await startTestServer('blog', {
    prepare: (project) => {
      prepareAuthProject(project, {
        permissions: { public: ['api::article.article.find', 'api::article.article.findOne'] },
        register: true,
      });
      project.write('src/index.ts', INDEX);
    },
  });
});

test.after(async ({ server }) => {
  await server.close();
});

/** The hook lines logged since `from`. */
function hooksSince(server: TestServer, from: number): Record<string, unknown>[] {
  return server.infos
    .slice(from)
    .filter((line) => line.startsWith('hook '))
    .map((line) => JSON.parse(line.slice(5)));
}

test('a REST list fires beforeFindMany (whose where filters the read), afterFindMany (whose changes show) and the count hooks', async ({ server }) => {
  const from = server.infos.length;
  const response = await server.get('/api/articles?filters[views][$gte]=10&sort=views:desc&fields[0]=title');
  assert.is(response.status, 200, response.text);
  assert.equal(
    response.body.data.map((a: any) => a.title),
    ['100 TIPS FOR TRAVEL', 'WHY TABS BEAT SPACES'],
  );
  assert.is(response.body.meta.pagination.total, 2);
  assert.equal(hooksSince(server, from), [
    { action: 'beforeFindMany', uid: 'api::article.article', where: { views: { $gte: '10' } }, orderBy: 'views:desc' },
    { action: 'afterFindMany', titles: ['100 Tips for Travel', 'Why tabs beat spaces'] },
    { action: 'beforeCount' },
    { action: 'afterCount', result: 2 },
  ]);
});

test('a REST findOne fires beforeFindOne/afterFindOne with the documentId in where', async ({ server }) => {
  const list = await server.get('/api/articles?fields[0]=title');
  const documentId = list.body.data[0].documentId;
  const from = server.infos.length;
  const one = await server.get(`/api/articles/${documentId}`);
  assert.is(one.status, 200);
  assert.equal(hooksSince(server, from), [
    { action: 'beforeFindOne', where: { documentId } },
    { action: 'afterFindOne', title: one.body.data.title },
  ]);
});

test('a registration runs the users lifecycles: data with the password hashed, a change of a before-hook is written', async ({ server }) => {
  const from = server.infos.length;
  const response = await server.request('POST', '/api/auth/local/register', {
    body: { username: 'NewReader', email: 'new.reader@example.com', password: 'a-long-password' },
  });
  assert.is(response.status, 200, response.text);
  assert.is(response.body.user.username, 'newreader');
  assert.equal(hooksSince(server, from), [
    { action: 'beforeCreate', uid: 'plugin::users-permissions.user', hashed: true },
    { action: 'afterCreate', username: 'newreader', password: null },
  ]);
});

test('a before-hook that throws rejects the user write with its error, and no user file is written', async ({ server }) => {
  const before = userFiles(server);
  const response = await server.request('POST', '/api/auth/local/register', {
    body: { username: 'mallory', email: 'mallory@example.com', password: 'a-long-password' },
  });
  assert.is(response.status, 400);
  assert.equal(response.body.error, { status: 400, name: 'ApplicationError', message: 'No Mallory here', details: {} });
  assert.equal(userFiles(server), before);
});

test('/api/users update and delete run beforeUpdate/afterUpdate and beforeDelete/afterDelete with where.id', async ({ server }) => {
  const auth = bearer(TOKENS.fullAccess);
  const created = await server.request('POST', '/api/users', {
    body: { username: 'temp', email: 'temp@example.com', password: 'a-long-password', role: 'authenticated' },
    headers: auth,
  });
  assert.is(created.status, 201, created.text);
  const id = created.body.id;
  const from = server.infos.length;
  const updated = await server.request('PUT', `/api/users/${id}`, { body: { email: 'temp2@example.com' }, headers: auth });
  assert.is(updated.status, 200, updated.text);
  const removed = await server.request('DELETE', `/api/users/${id}`, { headers: auth });
  assert.is(removed.status, 200, removed.text);
  assert.equal(hooksSince(server, from), [
    { action: 'beforeUpdate', where: { id }, data: { email: 'temp2@example.com' } },
    { action: 'afterUpdate', email: 'temp2@example.com' },
    { action: 'beforeDelete', where: { id } },
    { action: 'afterDelete', username: 'temp' },
  ]);
});

/** The code in the link of the `seen`-th mail to `to` (written to the outbox, its link in the log). */
async function mailedCode(server: TestServer, to: string, seen: number, parameter: string): Promise<string> {
  const lines = await eventually(
    async () => server.infos.filter((line) => line.includes(`to ${to} written to .cms/outbox/`)),
    (found) => found.length > seen,
  );
  const link = /open (\S+)$/.exec(lines[seen] ?? '')?.[1] ?? '';
  const code = new URL(link, 'http://localhost').searchParams.get(parameter);
  assert.ok(code, lines[seen]);
  return code;
}

test('the confirmation and password flows run beforeUpdate/afterUpdate with where.id and the data written: hashes, never a plain password or code', async ({
  server,
}) => {
  const email = 'flows@example.com';
  const created = await server.request('POST', '/api/users', {
    body: { username: 'flows', email, password: 'first-password', role: 'authenticated', confirmed: false },
    headers: bearer(TOKENS.fullAccess),
  });
  assert.is(created.status, 201, created.text);
  const id = created.body.id;
  const from = server.infos.length;
  const sent = await server.request('POST', '/api/auth/send-email-confirmation', { body: { email } });
  assert.is(sent.status, 200, sent.text);
  const confirmation = await mailedCode(server, email, 0, 'confirmation');
  const confirmed = await fetch(`${server.url}/api/auth/email-confirmation?confirmation=${confirmation}`, { redirect: 'manual' });
  assert.is(confirmed.status, 302, await confirmed.text());
  assert.equal((await server.request('POST', '/api/auth/forgot-password', { body: { email } })).body, { ok: true });
  const code = await mailedCode(server, email, 1, 'code');
  const reset = await server.request('POST', '/api/auth/reset-password', {
    body: { code, password: 'second-password', passwordConfirmation: 'second-password' },
  });
  assert.is(reset.status, 200, reset.text);
  const changed = await server.request('POST', '/api/auth/change-password', {
    body: { currentPassword: 'second-password', password: 'third-password', passwordConfirmation: 'third-password' },
    headers: { Authorization: `Bearer ${reset.body.jwt}` },
  });
  assert.is(changed.status, 200, changed.text);
  const hooks = hooksSince(server, from);
  const text = JSON.stringify(hooks);
  for (const secret of [confirmation, code, 'second-password', 'third-password']) assert.not.ok(text.includes(secret), secret);
  const storedCode = /^sha256:[0-9a-f]{64};expires=/;
  const hashed = /^\$2[aby]\$/;
  const shapes = hooks.map((hook) => {
    const data = (hook['data'] ?? {}) as Record<string, unknown>;
    const shown = Object.fromEntries(
      Object.entries(data).map(([key, value]) => [
        key,
        typeof value === 'string' ? (storedCode.test(value) ? 'stored code' : hashed.test(value) ? 'hash' : value) : value,
      ]),
    );
    return hook['action'] === 'beforeUpdate' ? { action: hook['action'], where: hook['where'], data: shown } : hook;
  });
  assert.equal(shapes, [
    { action: 'beforeUpdate', where: { id }, data: { confirmationToken: 'stored code' } },
    { action: 'afterUpdate', email },
    { action: 'beforeUpdate', where: { id }, data: { confirmed: true, confirmationToken: null } },
    { action: 'afterUpdate', email },
    { action: 'beforeUpdate', where: { id }, data: { resetPasswordToken: 'stored code' } },
    { action: 'afterUpdate', email },
    { action: 'beforeUpdate', where: { id }, data: { password: 'hash', resetPasswordToken: null } },
    { action: 'afterUpdate', email },
    { action: 'beforeUpdate', where: { id }, data: { password: 'hash' } },
    { action: 'afterUpdate', email },
  ]);
});

/** The names in users/, to show that a rejected write left them alone. */
function userFiles(server: TestServer): string[] {
  return fs.readdirSync(path.join(server.project.dir, 'users')).sort();
}

test.run();

const documents = suite('read lifecycles around strapi.documents');

documents('findMany, findFirst, findOne and count fire their hooks, with Strapi-shaped params', async () => {
  const project = createTempProject('blog');
  project.write('src/index.ts', INDEX);
  const config = loadConfig(project.dir, { watch: false });
  const infos: string[] = [];
  const log = { info: (m: string) => infos.push(m), warn: () => undefined, error: () => undefined };
  const runtime = ProjectRuntime.open(config, log);
  try {
    const code = await openProjectCode(config, runtime, log);
    const strapi = code?.current()?.strapi as { documents: (uid: string) => Record<string, (p?: object) => Promise<any>> };
    const articles = strapi.documents('api::article.article');
    const hooks = () => infos.splice(0).map((line) => JSON.parse(line.slice(5)));
    const found = await articles['findMany']!({ filters: { views: { $gte: 10 } }, sort: 'views:desc', status: 'published', limit: 5 });
    assert.equal(
      found.map((a: any) => a.title),
      ['100 TIPS FOR TRAVEL', 'WHY TABS BEAT SPACES'],
    );
    assert.equal(hooks(), [
      { action: 'beforeFindMany', uid: 'api::article.article', where: { views: { $gte: 10 } }, orderBy: 'views:desc' },
      { action: 'afterFindMany', titles: ['100 Tips for Travel', 'Why tabs beat spaces'] },
    ]);
    assert.is(await articles['count']!({ status: 'published' }), 10);
    assert.equal(hooks(), [{ action: 'beforeCount' }, { action: 'afterCount', result: 10 }]);
    const one = await articles['findOne']!({ documentId: found[0].documentId, status: 'published' });
    assert.equal(hooks(), [
      { action: 'beforeFindOne', where: { documentId: found[0].documentId } },
      { action: 'afterFindOne', title: one.title },
    ]);
    await articles['findFirst']!({ status: 'published' });
    assert.equal(
      hooks().map((h) => h['action']),
      ['beforeFindOne', 'afterFindOne'],
    );
  } finally {
    await runtime.close();
    project.cleanup();
  }
});

documents.run();
