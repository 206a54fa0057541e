import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiToken } from '../../server/auth/create-api-token.js';
import { SALT, USERS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

// cms.config.json edited while the server runs: permissions, tokens and auth settings apply from
// the next request; other sections wait for a restart; a broken file changes nothing.
ignoreAuthEnvironment();

const READ_ARTICLES = 'api::article.article.find';

/** Rewrites cms.config.json through `change`. */
function editConfig(server: TestServer, change: (config: any) => void): void {
  const config = JSON.parse(server.project.read('cms.config.json'));
  change(config);
  server.project.write('cms.config.json', config);
}

async function statusOf(server: TestServer, path: string, headers?: Record<string, string>): Promise<number> {
  return (await server.get(path, headers)).status;
}

test('permissions edited in cms.config.json apply to the next requests, without a restart', async () => {
  const server = await startTestServer('blog', { watch: true });
  try {
    assert.is(await statusOf(server, '/api/articles'), 200);
    editConfig(server, (config) => (config.permissions.public = config.permissions.public.filter((action: string) => action !== READ_ARTICLES)));
    assert.is(
      await eventually(
        () => statusOf(server, '/api/articles'),
        (status) => status === 403,
      ),
      403,
    );
    assert.is(await statusOf(server, '/api/authors'), 200, 'the other permissions stay');
    editConfig(server, (config) => config.permissions.public.push(READ_ARTICLES));
    assert.is(
      await eventually(
        () => statusOf(server, '/api/articles'),
        (status) => status === 200,
      ),
      200,
    );
  } finally {
    await server.close();
  }
});

test('a token created with `cms token create` while the server runs is accepted at once', async () => {
  const server = await startTestServer('blog', {
    watch: true,
    prepare: (project) => project.write('cms.config.json', { permissions: { public: [] }, auth: { apiTokenSalt: SALT } }),
  });
  try {
    assert.is(await statusOf(server, '/api/articles'), 401);
    const { token } = createApiToken({ dir: server.project.dir, name: 'ci', type: 'read-only' }, {});
    assert.is(
      await eventually(
        () => statusOf(server, '/api/articles', bearer(token)),
        (status) => status === 200,
      ),
      200,
    );
    assert.is(await statusOf(server, '/api/articles'), 401, 'the public role is still locked');
  } finally {
    await server.close();
  }
});

test('a broken cms.config.json keeps the permissions in force and says why', async () => {
  const server = await startTestServer('blog', { watch: true });
  try {
    server.project.write('cms.config.json', '{ "permissions": ');
    const logs = await eventually(
      async () => server.logs.join('\n'),
      (text) => text.includes('cms.config.json changed but cannot be used'),
    );
    assert.match(logs, /cms\.config\.json changed but cannot be used: .*\(keeping the permissions and tokens in force\)/);
    assert.is(await statusOf(server, '/api/articles'), 200);
  } finally {
    await server.close();
  }
});

test('changes to sections that need a restart are named, and not applied', async () => {
  const server = await startTestServer('blog', { watch: true });
  try {
    editConfig(server, (config) => (config.api.rest.defaultLimit = 5));
    const logs = await eventually(
      async () => server.logs.join('\n'),
      (text) => text.includes('take effect after a restart'),
    );
    assert.match(logs, /cms\.config\.json: changes to rest take effect after a restart/);
    assert.is((await server.get('/api/articles')).body.meta.pagination.pageSize, 25);
  } finally {
    await server.close();
  }
});

test('a JWT signed with a generated secret stays valid when cms.config.json is reloaded', async () => {
  const permissions = { public: [READ_ARTICLES], authenticated: ['api::author.author.find'] };
  const server = await startTestServer('blog', {
    watch: true,
    prepare: (project) => {
      prepareAuthProject(project, { permissions });
      const config = JSON.parse(project.read('cms.config.json'));
      delete config.auth.jwtSecret;
      project.write('cms.config.json', config);
    },
  });
  try {
    const signIn = await server.request('POST', '/api/auth/local', { body: { identifier: USERS.reader.username, password: USERS.reader.password } });
    assert.is(signIn.status, 200);
    const jwt = bearer(signIn.body.jwt as string);
    assert.is(await statusOf(server, '/api/users/me', jwt), 200);
    editConfig(server, (config) => config.permissions.public.push('api::author.author.find'));
    assert.is(
      await eventually(
        () => statusOf(server, '/api/authors'),
        (status) => status === 200,
      ),
      200,
    );
    assert.is(await statusOf(server, '/api/users/me', jwt), 200);
  } finally {
    await server.close();
  }
});

test.run();
