import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileForRequest } from '../../server/export/preview-export.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const MAIN = path.join(REPO_ROOT, 'dist/cli/main.js');
let project: TempProject;

test.before.each(() => {
  project = createTempProject('blog');
  const config = JSON.parse(project.read('cms.config.json'));
  config.export = { presets: { latest: '/api/articles?sort=title:desc&pagination[pageSize]=2' } };
  project.write('cms.config.json', config);
});
test.after.each(() => project.cleanup());

/** Runs `cms export` in the project folder (so default output folders land there). */
function runExport(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [MAIN, 'export', ...args], { cwd: project.dir, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('without --out, drafts and other locales go to their own folders beside dist-api', () => {
  assert.is(runExport().status, 0);
  const draft = runExport('--status', 'draft');
  assert.is(draft.status, 0, draft.stderr);
  assert.match(draft.stdout, /to dist-api-draft in/);
  const published = JSON.parse(project.read('dist-api/api/articles.json')) as { data: { publishedAt: string | null }[] };
  assert.ok(
    published.data.every((article) => article.publishedAt !== null),
    'the published export keeps published answers',
  );
  assert.equal(JSON.parse(project.read('dist-api-draft/manifest.json')).variant, { status: 'draft', locale: 'en' });
});

test('an export of another variant into a folder holding one is refused, and nothing changes', () => {
  assert.is(runExport('--out', 'site').status, 0);
  const before = project.read('site/api/articles.json');
  const refused = runExport('--out', 'site', '--status', 'draft');
  assert.is(refused.status, 2);
  assert.match(
    refused.stderr,
    /^error: --out site: the folder holds the published en export, and this is the draft en one: .*leave out --out for dist-api-draft/,
  );
  assert.is(project.read('site/api/articles.json'), before);
  assert.is(runExport('--out', 'site').status, 0, 'the same variant again is fine');
});

test('a preset whose request depends on its query string gets a warning naming the file a static host would serve', () => {
  const result = runExport();
  assert.is(result.status, 0, result.stderr);
  assert.match(
    result.stderr,
    /warning: export\.presets\.latest: a static host ignores query strings, so a request for \/api\/articles\?sort=title:desc&pagination\[pageSize\]=2 gets api\/articles\.json .*request \/api\/_presets\/latest/,
  );
});

test('the preview rule: under /api/ a path plus .json, elsewhere the path; nothing outside', () => {
  const cases: [string, string | undefined][] = [
    ['/api/articles', 'api/articles.json'],
    ['/api/articles/abc', 'api/articles/abc.json'],
    ['/api/_presets/latest', 'api/_presets/latest.json'],
    ['/uploads/red_pixel_3285557a91.png', 'uploads/red_pixel_3285557a91.png'],
    ['/api/../manifest', undefined],
    ['/api/%2e%2e/x', undefined],
    ['/', undefined],
    ['/%zz', undefined],
  ];
  for (const [pathname, file] of cases) assert.is(fileForRequest(pathname), file, pathname);
});

test('export --serve serves the folder as a static host would, query strings ignored with a warning', async () => {
  const child = spawn(process.execPath, [MAIN, 'export', '--serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: project.dir,
    env: { ...process.env, CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  try {
    const base = await waitForUrl(child);
    const list = await fetch(`${base}/api/articles`);
    assert.is(list.status, 200);
    assert.match(list.headers.get('content-type') ?? '', /^application\/json/);
    const text = await list.text();
    assert.is(text, project.read('dist-api/api/articles.json'));
    assert.is(await (await fetch(`${base}/api/articles?populate=*`)).text(), text);
    assert.is((await fetch(`${base}/uploads/red_pixel_3285557a91.png`)).headers.get('content-type'), 'image/png');
    assert.is((await fetch(`${base}/api/nothing`)).status, 404);
    for (let i = 0; i < 50 && !stderr.includes('populate'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.match(stderr, /warning: \/api\/articles\?populate=\*: a static host ignores the query string; answered api\/articles\.json as for \/api\/articles/);
  } finally {
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    assert.is(await exited, 0);
  }
});

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const match = /previewing the export at (http:\/\/[^ ]+)\/api/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stdout}`)));
  });
}

test.run();
