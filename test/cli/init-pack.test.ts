// The first hour of a user who installs cms from its package: `npm pack` the repository once,
// `npm install` the tarball into a temp folder with no repository beside it, then init, check,
// serve and export there through `npx cms`, as the README tells them.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-pack-'));
const app = path.join(work, 'app');
// Offline: npx must find the installed cms, never fetch a package of that name from the registry.
const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
delete env['PORT'];
delete env['HOST'];
delete env['API_TOKEN_SALT'];
let tarball = '';

function npx(args: string[], cwd = app): string {
  return execFileSync('npx', ['cms', ...args], {
    cwd,
    env: { ...env, npm_config_offline: 'true' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
}

test.before(() => {
  // Built already (npm test builds first): --ignore-scripts keeps `prepare` from rebuilding dist/ under running tests.
  const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], {
    cwd: REPO_ROOT,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  tarball = path.join(work, packed.trim().split('\n').pop()!);
  fs.mkdirSync(app);
  // --prefix: npm would otherwise install into the nearest folder above with a node_modules (or a package.json) of its own.
  execFileSync('npm', ['install', '--prefix', app, '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], {
    cwd: app,
    env,
    stdio: 'ignore',
    timeout: 300_000,
  });
});

test.after(() => fs.rmSync(work, { recursive: true, force: true }));

test('the tarball holds the built CLI and the templates, not the tests or the sample site', () => {
  const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  assert.ok(list.includes('package/dist/cli/main.js'));
  assert.ok(list.includes('package/templates/blog/schemas/article.json'));
  assert.ok(list.includes('package/templates/empty/schemas/page.json'));
  assert.not.ok(list.some((file) => file.startsWith('package/dist/test/')));
  assert.not.ok(list.some((file) => file.startsWith('package/content/')));
  assert.not.ok(list.some((file) => file.endsWith('.map')));
});

test('npx cms --version prints the package version', () => {
  const version = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  assert.is(npx(['--version']).trim(), version);
});

test('npx cms init makes a blog project in the folder, adding scripts to the package.json npm made', () => {
  const out = npx(['init']);
  assert.match(out, /created a project from the blog template in \./);
  for (const file of ['schemas/article.json', 'content/articles/hello-world.json', 'cms.config.json', 'README.md', '.gitignore']) {
    assert.ok(fs.existsSync(path.join(app, file)), file);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
  };
  assert.equal(manifest.scripts, { start: 'cms serve', check: 'cms check', export: 'cms export --clean' });
  assert.ok(manifest.dependencies['cms']?.startsWith('file:'), 'the installed dependency is kept');
  assert.match(fs.readFileSync(path.join(app, '.gitignore'), 'utf8'), /^\.cms\/\nusers\/\ndist-api\*\/$/m);
});

test('npx cms check passes on the new project', () => {
  assert.match(npx(['check']), /^no problems \(7 content files, 5 schemas/);
});

test('npx cms serve answers /_health and the API', async () => {
  const child = spawn('npx', ['cms', 'serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: app,
    env: { ...env, npm_config_offline: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx runs cms as a child, and the stop signal must reach both.
    detached: true,
  });
  try {
    const base = await waitForUrl(child);
    assert.is((await fetch(`${base}/_health`)).status, 204);
    const list = (await (await fetch(`${base}/api/articles?populate=author`)).json()) as { data: { title: string; author: { name: string } }[] };
    assert.equal(
      list.data.map((article) => [article.title, article.author.name]),
      [
        ['Hello World', 'Ada Lovelace'],
        ['Writing in Markdown', 'Ada Lovelace'],
      ],
    );
    assert.is((await fetch(`${base}/api/global`)).status, 200);
  } finally {
    await stop(child);
  }
});

test('npx cms export writes the API as files', () => {
  assert.match(npx(['export']), /exported \d+ files/);
  const list = JSON.parse(fs.readFileSync(path.join(app, 'dist-api', 'api', 'articles.json'), 'utf8')) as { data: unknown[] };
  assert.is(list.data.length, 2);
});

test('npx cms init <folder> --template empty makes a project that checks clean', () => {
  const out = npx(['init', 'site', '--template', 'empty']);
  assert.match(out, /created a project from the empty template in site/);
  assert.match(npx(['check'], path.join(app, 'site')), /^no problems \(0 content files, 1 schemas/);
  assert.ok(fs.existsSync(path.join(app, 'site', 'content')));
});

/** Resolves with the server's base URL once `cms serve` printed it; rejects when it exits first. */
function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`cms serve did not start: ${stdout}${stderr}`)), 30_000);
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const match = /at (http:\/\/127\.0\.0\.1:\d+)\/api/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => reject(new Error(`cms serve exited with ${code}: ${stdout}${stderr}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

test.run();
