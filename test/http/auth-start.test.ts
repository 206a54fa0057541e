import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { UserError } from '../../server/errors/user-error.js';
import { type ServerLog, startServer } from '../../server/runtime/start-server.js';
import { createTempProject } from '../helpers/temp-project.js';
import { TOKENS, bearer, prepareAuthProject } from '../auth/auth-project.js';

// The server never runs in production on a secret it made up or one copied from an example.
function projectWithoutSecrets() {
  const project = createTempProject('blog');
  prepareAuthProject(project, { permissions: { public: ['api::article.article.find'] } });
  const raw = JSON.parse(project.read('cms.config.json'));
  delete raw.auth.apiTokenSalt;
  delete raw.auth.jwtSecret;
  project.write('cms.config.json', raw);
  return project;
}

function collectingLog(): ServerLog & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(`error: ${m}`) };
}

test('NODE_ENV=production with tokens and users but no secrets: the start fails with a clear message', async () => {
  const project = projectWithoutSecrets();
  try {
    const config = loadConfig(project.dir, { port: 0, host: '127.0.0.1', watch: false }, { NODE_ENV: 'production' });
    try {
      const server = await startServer(config, collectingLog());
      await server.close();
      assert.unreachable('the server started');
    } catch (error) {
      assert.instance(error, UserError);
      assert.match(
        (error as Error).message,
        /^API_TOKEN_SALT is not set, and 4 API tokens are configured: refusing to start with NODE_ENV=production\. Set API_TOKEN_SALT in the environment/,
      );
    }
  } finally {
    project.cleanup();
  }
});

test('development starts with per-process secrets, warns once for each, and the stored tokens do not match', async () => {
  const project = projectWithoutSecrets();
  const log = collectingLog();
  const server = await startServer(loadConfig(project.dir, { port: 0, host: '127.0.0.1', watch: false }, {}), log);
  try {
    assert.is(log.warnings.length, 2);
    assert.match(log.warnings[0]!, /^API_TOKEN_SALT is not set/);
    assert.match(log.warnings[1]!, /^JWT_SECRET is not set/);
    assert.is((await fetch(`${server.url}/api/articles`)).status, 200);
    assert.is((await fetch(`${server.url}/api/articles`, { headers: bearer(TOKENS.fullAccess) })).status, 401);
    assert.is(log.warnings.length, 2);
  } finally {
    await server.close();
    project.cleanup();
  }
});

test('production starts when the environment holds the secrets, and the tokens match', async () => {
  const project = projectWithoutSecrets();
  const log = collectingLog();
  const env = { NODE_ENV: 'production', API_TOKEN_SALT: 'auth-suite-salt-not-a-real-secret', JWT_SECRET: 'a-jwt-secret-from-the-environment' };
  const server = await startServer(loadConfig(project.dir, { port: 0, host: '127.0.0.1', watch: false }, env), log);
  try {
    assert.equal(log.warnings, []);
    assert.is((await fetch(`${server.url}/api/articles`, { headers: bearer(TOKENS.fullAccess) })).status, 200);
  } finally {
    await server.close();
    project.cleanup();
  }
});

test.run();
