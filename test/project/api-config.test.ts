import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { UserError } from '../../server/errors/user-error.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';
import type { TempProject } from '../helpers/temp-project.js';

// A Strapi project's config/api.ts sets the REST settings, loaded with the same loader as its code.

/** The blog fixture with `rest` in cms.config.json replaced, and a config/api file. */
function prepare(rest: Record<string, unknown> | undefined, files: Record<string, string>) {
  return (project: TempProject) => {
    const config = JSON.parse(project.read('cms.config.json'));
    if (rest === undefined) delete config.api;
    else config.api = { rest };
    project.write('cms.config.json', config);
    for (const [file, text] of Object.entries(files)) project.write(file, text);
  };
}

const test = suite<{ server?: TestServer | undefined }>('config/api.ts');

test.after.each(async (context) => {
  await context.server?.close();
  context.server = undefined;
});

test("config/api.ts's rest settings apply, and where it is silent Strapi's defaults (no maxLimit, unknown keys ignored)", async (context) => {
  const server = await startTestServer('blog', {
    prepare: prepare(undefined, {
      'config/api.ts': `export default ({ env }) => ({ rest: { defaultLimit: env.int('CMS_TEST_UNSET_LIMIT', 3), withCount: false } });\n`,
    }),
  });
  context.server = server;
  const list = await server.get('/api/articles');
  assert.is(list.status, 200, list.text);
  assert.is(list.body.data.length, 3);
  assert.equal(list.body.meta.pagination, { page: 1, pageSize: 3 });
  const unknown = await server.get('/api/articles?nope=1&pagination[pageSize]=2');
  assert.is(unknown.status, 200, unknown.text);
  assert.is(unknown.body.data.length, 2);
  // Strapi sets no maxLimit of its own: a page of 500 stays 500.
  const big = await server.get('/api/articles?pagination[pageSize]=500');
  assert.is(big.body.meta.pagination.pageSize, 500);
});

test("cms.config.json's explicit api.rest keys win over config/api.js (CommonJS); its other keys come from the file", async (context) => {
  const server = await startTestServer('blog', {
    prepare: prepare({ defaultLimit: 5 }, { 'config/api.js': `module.exports = { rest: { defaultLimit: 2, maxLimit: 4, strictParams: true } };\n` }),
  });
  context.server = server;
  const list = await server.get('/api/articles?pagination[withCount]=true');
  assert.is(list.body.data.length, 4, 'defaultLimit 5 from cms.config.json, clamped by maxLimit 4 from config/api.js');
  const strict = await server.get('/api/articles?nope=1');
  assert.is(strict.status, 400);
  assert.is(strict.body.error.message, 'Invalid key nope');
});

test('a project without config/api keeps cms defaults (strictParams on, maxLimit 100)', async (context) => {
  const server = await startTestServer('blog', { prepare: prepare(undefined, {}) });
  context.server = server;
  assert.is((await server.get('/api/articles?nope=1')).status, 400);
  assert.is((await server.get('/api/articles?pagination[pageSize]=500')).body.meta.pagination.pageSize, 100);
});

test('a bad value stops the start naming the file and the key', async () => {
  try {
    await startTestServer('blog', { prepare: prepare(undefined, { 'config/api.ts': `export default { rest: { defaultLimit: 'ten' } };\n` }) });
    assert.unreachable('the server started');
  } catch (error) {
    assert.instance(error, UserError);
    assert.match((error as Error).message, 'config/api.ts: rest.defaultLimit: expected an integer >= 1, got "ten"');
  }
});

test('a config/api.ts that throws stops the start with its file and line', async () => {
  try {
    await startTestServer('blog', {
      prepare: prepare(undefined, { 'config/api.ts': `const x: number = 1;\nthrow new Error('no config for you');\nexport default {};\n` }),
    });
    assert.unreachable('the server started');
  } catch (error) {
    assert.instance(error, FileError);
    assert.match((error as FileError).format(), /^config\/api\.ts:2:\d+: no config for you/);
  }
});

test('an edit of config/api.ts applies from the next request; a broken edit keeps the settings in force', async (context) => {
  const server = await startTestServer('blog', {
    watch: true,
    prepare: prepare(undefined, { 'config/api.ts': `export default { rest: { defaultLimit: 3 } };\n` }),
  });
  context.server = server;
  assert.is((await server.get('/api/articles')).body.data.length, 3);
  server.project.write('config/api.ts', `export default { rest: { defaultLimit: 2, strictParams: true } };\n`);
  const edited = await eventually(
    () => server.get('/api/articles'),
    (response) => response.body.data.length === 2,
  );
  assert.is(edited.body.data.length, 2, [...server.infos, ...server.logs].join('\n'));
  assert.is((await server.get('/api/articles?nope=1')).status, 400);
  server.project.write('config/api.ts', `export default { rest: { defaultLimit: -1 } };\n`);
  await eventually(
    async () => server.logs.join('\n'),
    (logs) => logs.includes('rest.defaultLimit'),
  );
  assert.match(server.logs.join('\n'), 'config/api.ts: rest.defaultLimit: expected an integer >= 1, got -1 (keeping the REST settings in force)');
  assert.is((await server.get('/api/articles')).body.data.length, 2);
});

test.run();
