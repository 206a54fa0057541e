import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runTokenCreate, runTokenList, runTokenRevoke } from '../../cli/token-command.js';
import { UserError } from '../../server/errors/user-error.js';
import { hashApiToken } from '../../server/auth/api-token.js';
import { loadConfig } from '../../server/store/load-config.js';
import { eventually, startTestServer } from '../helpers/test-server.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const SALT = 'token-lifecycle-test-salt';
let project: TempProject;
test.before.each(() => {
  project = createTempProject('blog');
});
test.after.each(() => project.cleanup());

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

function create(name: string, type: string, options: { permissions?: string; env?: NodeJS.ProcessEnv; dir?: string } = {}): string {
  const { out, output } = capture();
  runTokenCreate({ dir: options.dir ?? project.dir, name, type, permissions: options.permissions }, output, options.env ?? { API_TOKEN_SALT: SALT });
  return out[0]!;
}

const rejects = (permissions: string, message: RegExp) => () => {
  const before = project.read('cms.config.json');
  assert.throws(
    () => create('bad', 'custom', { permissions }),
    (error: unknown) => error instanceof UserError && message.test(error.message),
  );
  assert.is(project.read('cms.config.json'), before);
};

test(
  '--permissions: an unknown content type is refused, naming it and the types there are',
  rejects(
    'api::nope.nope.find',
    /^--permissions: "api::nope.nope.find": no content type api::nope.nope in the schemas \(they are api::article.article, api::author.author, api::category.category, api::homepage.homepage\)$/,
  ),
);
test(
  '--permissions: an action a type does not have is refused, naming the ones it has',
  rejects('api::homepage.homepage.findOne', /"api::homepage.homepage.findOne": api::homepage.homepage has the actions find, update, delete$/),
);
test(
  '--permissions: an unknown plugin action is refused',
  rejects('api::article.article.find,plugin::upload.content-api.delete', /"plugin::upload.content-api.delete" is not a plugin action cms knows/),
);
test('--permissions: known plugin actions are accepted', () => {
  create('media', 'custom', { permissions: 'plugin::upload.content-api.upload,plugin::users-permissions.user.find,api::article.article.delete' });
  assert.equal(loadConfig(project.dir, {}, {}).auth.apiTokens[0]?.permissions.length, 3);
});

test('token list shows name, type, expiry and permissions, and never a hash', () => {
  create('site', 'read-only');
  create('sync', 'custom', { permissions: 'api::article.article.find,api::article.article.update' });
  const { out, output } = capture();
  runTokenList({ dir: project.dir }, output, { API_TOKEN_SALT: SALT });
  assert.equal(out, ['site  read-only  never expires', 'sync  custom     never expires  api::article.article.find,api::article.article.update']);
  const json = capture();
  runTokenList({ dir: project.dir, json: true }, json.output, { API_TOKEN_SALT: SALT });
  const listed = JSON.parse(json.out.join('\n')) as Record<string, unknown>[];
  assert.equal(
    listed.map((token) => [token['name'], token['source'], token['expired']]),
    [
      ['site', 'cms.config.json', false],
      ['sync', 'cms.config.json', false],
    ],
  );
  assert.not.match(json.out.join('\n'), /accessKey|[0-9a-f]{128}/);
});

test('token revoke removes the entry and keeps the rest of the file; an unknown name names those there are', () => {
  create('site', 'read-only');
  create('other', 'read-only');
  runTokenRevoke({ dir: project.dir, name: 'site' }, capture().output, {});
  const file = JSON.parse(project.read('cms.config.json'));
  assert.equal(
    file.auth.apiTokens.map((t: { name: string }) => t.name),
    ['other'],
  );
  assert.ok(Array.isArray(file.permissions.public), 'the rest of the file stays');
  assert.throws(() => runTokenRevoke({ dir: project.dir, name: 'site' }, capture().output, {}), /no API token named "site" \(there are: other\)/);
});

test('token revoke refuses a token that comes from CMS_API_TOKENS', () => {
  const env = { API_TOKEN_SALT: SALT, CMS_API_TOKENS: JSON.stringify([{ name: 'ci', type: 'read-only', accessKey: hashApiToken('x'.repeat(64), SALT) }]) };
  assert.throws(() => runTokenRevoke({ dir: project.dir, name: 'ci' }, capture().output, env), /comes from the CMS_API_TOKENS variable/);
});

test('without API_TOKEN_SALT, token create makes a salt in .cms/secrets.json that the config then uses', () => {
  const { err, output } = capture();
  runTokenCreate({ dir: project.dir, name: 'site', type: 'read-only' }, output, {});
  assert.match(err.join('\n'), /made a salt for this machine in \.cms\/secrets\.json/);
  assert.ok(project.exists('.cms/secrets.json'));
  assert.ok(loadConfig(project.dir, {}, {}).auth.apiTokenSalt !== undefined);
});

test('a running server started without a salt accepts a new token at once, and refuses it once revoked', async () => {
  const server = await startTestServer('blog', {
    watch: true,
    prepare: (p) => p.write('cms.config.json', { permissions: { public: [] } }),
  });
  try {
    assert.is((await server.get('/api/articles')).status, 401);
    const token = create('live', 'read-only', { dir: server.project.dir, env: {} });
    const auth = { authorization: `Bearer ${token}` };
    const accepted = await eventually(
      () => server.get('/api/articles', auth),
      (response) => response.status === 200,
    );
    assert.is(accepted.status, 200);
    runTokenRevoke({ dir: server.project.dir, name: 'live' }, capture().output, {});
    const refused = await eventually(
      () => server.get('/api/articles', auth),
      (response) => response.status === 401,
    );
    assert.is(refused.status, 401);
  } finally {
    await server.close();
  }
});

test('a running server started without a salt accepts a token made with API_TOKEN_SALT set in the shell', async () => {
  const server = await startTestServer('blog', { watch: true, prepare: (p) => p.write('cms.config.json', { permissions: { public: [] } }) });
  try {
    const { err, output, out } = capture();
    runTokenCreate({ dir: server.project.dir, name: 'shell', type: 'read-only' }, output, { API_TOKEN_SALT: SALT });
    assert.match(err.join('\n'), /API_TOKEN_SALT recorded in \.cms\/secrets\.json/);
    const accepted = await eventually(
      () => server.get('/api/articles', { authorization: `Bearer ${out[0]}` }),
      (response) => response.status === 200,
    );
    assert.is(accepted.status, 200);
  } finally {
    await server.close();
  }
});

test.run();
