import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runTokenCreate } from '../../cli/token-command.js';
import { hashApiToken } from '../../server/auth/api-token.js';
import { loadConfig } from '../../server/store/load-config.js';
import { UserError } from '../../server/errors/user-error.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const SALT = 'token-command-test-salt';
let project: TempProject;
test.before.each(() => {
  project = createTempProject('blog');
  project.write('cms.config.json', { permissions: { public: ['api::article.article.find'] } });
});
test.after.each(() => project.cleanup());

function run(options: Parameters<typeof runTokenCreate>[0], env: NodeJS.ProcessEnv = { API_TOKEN_SALT: SALT }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runTokenCreate(options, { out: (l) => out.push(l), err: (l) => err.push(l) }, env);
  return { code, out, err };
}

test('prints the token alone on stdout, once, and says on stderr where its hash went', () => {
  const { code, out, err } = run({
    dir: project.dir,
    name: 'ci',
    type: 'custom',
    permissions: 'api::article.article.find, api::homepage.homepage.find',
    expires: '90',
  });
  assert.is(code, 0);
  assert.is(out.length, 1);
  assert.match(out[0]!, /^[0-9a-f]{256}$/);
  assert.match(err.at(-1)!, /^API token "ci" \(custom, expires \d{4}-\d\d-\d\dT.*\) added to cms\.config\.json\. Copy it now: it is not shown again\.$/);
  const [entry] = loadConfig(project.dir, {}, { API_TOKEN_SALT: SALT }).auth.apiTokens;
  assert.equal(entry?.permissions, ['api::article.article.find', 'api::homepage.homepage.find']);
  assert.is(entry?.accessKey, hashApiToken(out[0]!, SALT));
});

test('a bad option is a UserError with the message (exit code 1), and nothing written', () => {
  const before = project.read('cms.config.json');
  try {
    run({ dir: project.dir, name: 'ci', type: 'root' });
    assert.unreachable('expected a UserError');
  } catch (error) {
    assert.instance(error, UserError);
    assert.is((error as UserError).message, '--type: expected read-only, full-access or custom, got "root"');
    assert.is((error as UserError).exitCode, 1);
  }
  assert.is(project.read('cms.config.json'), before);
});

test('the cms binary prints a bad option on stderr and exits 1', () => {
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'dist', 'cli', 'main.js'), 'token', 'create', '--dir', project.dir, '--name', 'ci', '--type', 'root'],
    {
      env: { PATH: process.env['PATH'] ?? '', API_TOKEN_SALT: SALT },
      encoding: 'utf8',
    },
  );
  assert.is(result.status, 1);
  assert.is(result.stdout, '');
  assert.is(result.stderr, 'error: --type: expected read-only, full-access or custom, got "root"\n');
});

test('--env prints shell exports a server can start with, and writes nothing', () => {
  const before = project.read('cms.config.json');
  const { code, out } = run({ dir: project.dir, name: 'conformance', type: 'full-access', env: true }, {});
  assert.is(code, 0);
  assert.is(project.read('cms.config.json'), before);
  const vars = Object.fromEntries(out.map((line) => /^export (\w+)=(.*)$/.exec(line)!.slice(1, 3) as [string, string]));
  assert.equal(Object.keys(vars), ['API_TOKEN_SALT', 'CMS_API_TOKENS', 'CMS_API_TOKEN']);
  const unquote = (v: string) => v.replace(/^'|'$/g, '');
  const env = { API_TOKEN_SALT: unquote(vars['API_TOKEN_SALT']!), CMS_API_TOKENS: unquote(vars['CMS_API_TOKENS']!) };
  assert.is(loadConfig(project.dir, {}, env).auth.apiTokens[0]?.accessKey, hashApiToken(vars['CMS_API_TOKEN']!, env.API_TOKEN_SALT));
});

test('the cms binary has the command', () => {
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'dist', 'cli', 'main.js'), 'token', 'create', '--dir', project.dir, '--name', 'bin', '--type', 'read-only'],
    {
      env: { PATH: process.env['PATH'] ?? '', API_TOKEN_SALT: SALT },
      encoding: 'utf8',
    },
  );
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /^[0-9a-f]{256}\n$/);
  assert.is(loadConfig(project.dir, {}, {}).auth.apiTokens[0]?.name, 'bin');
});

test.run();
