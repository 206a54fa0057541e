import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { loadConfig } from '../../server/store/load-config.js';
import { UserError } from '../../server/errors/user-error.js';
import type { ConfigOverrides } from '../../server/config/cms-config.js';
import { createTempProject } from '../helpers/temp-project.js';

/** A temp project holding only a cms.config.json (or nothing). */
function projectWith(config?: unknown): { dir: string; cleanup: () => void } {
  const project = createTempProject();
  if (config !== undefined) project.write('cms.config.json', typeof config === 'string' ? config : (config as object));
  return project;
}

function load(config: unknown, overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = {}) {
  const project = projectWith(config);
  try {
    return loadConfig(project.dir, overrides, env);
  } finally {
    project.cleanup();
  }
}

test('without cms.config.json every option has its default', () => {
  const project = projectWith();
  const config = loadConfig(project.dir, {}, {});
  project.cleanup();
  assert.is(config.dir, path.resolve(project.dir));
  assert.equal(config.server, { host: 'localhost', port: 1337, watch: true, indexCache: false, url: undefined });
  assert.equal(config.rest, {
    prefix: '/api',
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
    strictParams: true,
    cacheControl: { default: undefined, types: {} },
    populate: {},
  });
  assert.equal(config.limits, { queryBytes: 16384, queryDepth: 20, queryArrayLimit: 100, bodyBytes: 1048576, populateDepth: 10 });
  assert.equal(config.permissions, {});
});

test('the config is frozen all the way down', () => {
  const config = load({ permissions: { public: ['api::article.article.find'] } });
  assert.ok(Object.isFrozen(config));
  assert.ok(Object.isFrozen(config.server));
  assert.ok(Object.isFrozen(config.rest));
  assert.ok(Object.isFrozen(config.permissions['public']));
  assert.throws(() => ((config.server as { port: number }).port = 1));
});

test('cms.config.json overrides the defaults', () => {
  const config = load({
    server: { host: '0.0.0.0', port: 4000 },
    api: { rest: { prefix: '/content', defaultLimit: 10, maxLimit: 50, withCount: false, strictParams: false } },
    limits: { queryDepth: 5, populateDepth: 3 },
    permissions: { public: ['api::article.article.find'] },
  });
  assert.equal(config.server, { host: '0.0.0.0', port: 4000, watch: true, indexCache: false, url: undefined });
  assert.equal(config.rest, {
    prefix: '/content',
    defaultLimit: 10,
    maxLimit: 50,
    withCount: false,
    strictParams: false,
    cacheControl: { default: undefined, types: {} },
    populate: {},
  });
  assert.is(config.limits.queryDepth, 5);
  assert.is(config.limits.populateDepth, 3);
  assert.is(config.limits.queryBytes, 16384);
  assert.equal(config.permissions, { public: ['api::article.article.find'] });
});

const precedence: { name: string; file: unknown; env: NodeJS.ProcessEnv; flags: ConfigOverrides; host: string; port: number }[] = [
  { name: 'defaults', file: {}, env: {}, flags: {}, host: 'localhost', port: 1337 },
  { name: 'file over defaults', file: { server: { host: 'file.test', port: 2000 } }, env: {}, flags: {}, host: 'file.test', port: 2000 },
  {
    name: 'env over file',
    file: { server: { host: 'file.test', port: 2000 } },
    env: { HOST: 'env.test', PORT: '3000' },
    flags: {},
    host: 'env.test',
    port: 3000,
  },
  {
    name: 'flags over env',
    file: { server: { host: 'file.test', port: 2000 } },
    env: { HOST: 'env.test', PORT: '3000' },
    flags: { host: 'flag.test', port: 4000 },
    host: 'flag.test',
    port: 4000,
  },
  {
    name: 'flag port 0 is kept (not a missing value)',
    file: { server: { port: 2000 } },
    env: { PORT: '3000' },
    flags: { port: 0 },
    host: 'localhost',
    port: 0,
  },
  {
    name: 'empty env values are ignored',
    file: { server: { host: 'file.test', port: 2000 } },
    env: { HOST: '', PORT: '' },
    flags: {},
    host: 'file.test',
    port: 2000,
  },
  { name: 'undefined flags fall through', file: {}, env: { PORT: '3000' }, flags: { host: undefined, port: undefined }, host: 'localhost', port: 3000 },
];

for (const row of precedence) {
  test(`host and port precedence: ${row.name}`, () => {
    const config = load(row.file, row.flags, row.env);
    assert.is(config.server.host, row.host);
    assert.is(config.server.port, row.port);
  });
}

test('the watch flag turns watching off', () => {
  assert.is(load({}, { watch: false }).server.watch, false);
});

const badOptions: { name: string; file?: unknown; env?: NodeJS.ProcessEnv; message: RegExp }[] = [
  { name: 'file is not JSON', file: '{ "server": ', message: /^cms\.config\.json: not valid JSON/ },
  { name: 'file is an array', file: '[]', message: /^cms\.config\.json: expected an object, got \[\]$/ },
  { name: 'server is a string', file: { server: 'x' }, message: /^cms\.config\.json: server: expected an object, got "x"$/ },
  { name: 'api.rest is a list', file: { api: { rest: [] } }, message: /^cms\.config\.json: api\.rest: expected an object, got \[\]$/ },
  { name: 'server.host empty', file: { server: { host: '' } }, message: /^cms\.config\.json: server\.host: expected a non-empty string, got ""$/ },
  {
    name: 'server.port a string',
    file: { server: { port: '1337' } },
    message: /^cms\.config\.json: server\.port: expected an integer from 0 to 65535, got "1337"$/,
  },
  {
    name: 'server.port too large',
    file: { server: { port: 70000 } },
    message: /^cms\.config\.json: server\.port: expected an integer from 0 to 65535, got 70000$/,
  },
  { name: 'PORT not a number', env: { PORT: 'abc' }, message: /^PORT: expected an integer from 0 to 65535, got "abc"$/ },
  { name: 'PORT a fraction', env: { PORT: '80.5' }, message: /^PORT: expected an integer from 0 to 65535, got "80\.5"$/ },
  { name: 'prefix a number', file: { api: { rest: { prefix: 5 } } }, message: /^cms\.config\.json: api\.rest\.prefix: expected a non-empty string, got 5$/ },
  {
    name: 'defaultLimit zero',
    file: { api: { rest: { defaultLimit: 0 } } },
    message: /^cms\.config\.json: api\.rest\.defaultLimit: expected an integer >= 1, got 0$/,
  },
  { name: 'maxLimit a fraction', file: { api: { rest: { maxLimit: 2.5 } } }, message: /api\.rest\.maxLimit: expected an integer >= 1, got 2\.5$/ },
  { name: 'withCount a string', file: { api: { rest: { withCount: 'yes' } } }, message: /api\.rest\.withCount: expected true or false, got "yes"$/ },
  { name: 'queryBytes too small', file: { limits: { queryBytes: 10 } }, message: /limits\.queryBytes: expected an integer >= 256, got 10$/ },
  { name: 'permissions a list', file: { permissions: [] }, message: /permissions: expected an object of role → actions, got \[\]$/ },
  {
    name: 'permissions of a role not strings',
    file: { permissions: { public: [1] } },
    message: /permissions\.public: expected an array of action ids, got \[1\]$/,
  },
];

for (const row of badOptions) {
  test(`a bad option fails naming it: ${row.name}`, () => {
    try {
      load(row.file ?? {}, {}, row.env ?? {});
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, UserError);
      assert.match((error as Error).message, row.message);
    }
  });
}

test('a bad flag port fails naming --port', () => {
  assert.throws(() => load({}, { port: -1 }), /^--port: expected an integer from 0 to 65535, got -1$/);
});

test('a missing project folder fails naming the folder', () => {
  const project = createTempProject();
  project.cleanup();
  try {
    loadConfig(project.dir, {}, {});
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, UserError);
    assert.is((error as Error).message, `project folder not found: ${path.resolve(project.dir)}`);
  }
});

test('a file in place of the project folder fails the same way', () => {
  const project = createTempProject();
  project.write('file.txt', 'x');
  try {
    assert.throws(() => loadConfig(path.join(project.dir, 'file.txt'), {}, {}), /^project folder not found: /);
  } finally {
    project.cleanup();
  }
});

test.run();
