import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');

function runCli(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let project: TempProject;

test.before(() => {
  project = createTempProject('check-mistakes');
});
test.after(() => project.cleanup());

test('cms new prints the path it wrote, relative to where it runs, and repeats --set', () => {
  const result = runCli(['new', 'article', '--id', 'from-cli', '--set', 'title=From the CLI', '--set', 'views=7', '--draft'], project.dir);
  assert.is(result.status, 0, result.stderr);
  assert.is(result.stdout, 'content/articles/from-cli.json\n');
  const data = JSON.parse(project.read('content/articles/from-cli.json'));
  assert.equal([data.title, data.views, data.publishedAt], ['From the CLI', 7, null]);
});

test('cms new with a generated id prints a Strapi-shaped documentId', () => {
  const result = runCli(['new', 'authors', '--dir', project.dir], REPO_ROOT);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout.trim().split('/').slice(-2).join('/'), /^authors\/[a-z][a-z0-9]{23}\.json$/);
});

test('cms new refuses an id that exists: exit code 1 and the reason on stderr', () => {
  const result = runCli(['new', 'article', '--id', 'good'], project.dir);
  assert.is(result.status, 1);
  assert.is(result.stdout, '');
  assert.is(result.stderr, 'error: content/articles/good.json exists already: pick another id\n');
});

test('cms new without a type is a usage error: exit code 2', () => {
  assert.is(runCli(['new'], project.dir).status, 2);
});

test.run();
