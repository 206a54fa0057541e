import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// The populate filter on a repeatable component: export answers through the same read path as serve.
const ARTICLE_DEFAULTS = 'populate[author][fields][0]=name&populate[links][filters][label][$eq]=Docs&fields[0]=title&fields[1]=views';
const PRESET = '/api/articles?sort=title:desc&pagination[pageSize]=3&fields[0]=title';

let server: TestServer;
let out: string;

test.before.each(async () => {
  server = await startTestServer('blog', {
    prepare: (project) => {
      const config = JSON.parse(project.read('cms.config.json'));
      config.api.rest.defaultLimit = 4;
      config.export = { types: { articles: ARTICLE_DEFAULTS }, presets: { latest: PRESET } };
      project.write('cms.config.json', config);
    },
  });
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-export-'));
});
test.after.each(async () => {
  await server.close();
  fs.rmSync(out, { recursive: true, force: true });
});

function runExport(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/cli/main.js'), 'export', '--dir', server.project.dir, '--out', out, ...args], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function exportOk(...args: string[]): void {
  const result = runExport(...args);
  assert.is(result.status, 0, result.stderr);
}

function manifest(): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')).files;
}

/** The API request a file of the export answers. */
function requestFor(file: string): string {
  if (file === 'api/_presets/latest.json') return PRESET;
  const match = /^api\/([^/]+)(?:\/(_page\/)?([^/]+))?\.json$/.exec(file);
  assert.ok(match, `unexpected file ${file}`);
  const [, name, page, rest] = match!;
  const defaults = name === 'articles' ? ARTICLE_DEFAULTS : '';
  const join = (a: string, b: string) => (a === '' ? b : b === '' ? a : `${a}&${b}`);
  if (rest === undefined) return `/api/${name}${defaults ? `?${defaults}` : ''}`;
  if (page) return `/api/${name}?${join(defaults, `pagination[page]=${rest}`)}`;
  return `/api/${name}/${rest}${defaults ? `?${defaults}` : ''}`;
}

/** A plain static file server with the export's one rule: a request path plus `.json` is its file. */
async function staticServer(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const srv = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(root, decodeURIComponent(url.pathname));
    for (const candidate of [file, `${file}.json`]) {
      if (candidate.startsWith(root) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        res.writeHead(200, { 'content-type': candidate.endsWith('.json') ? 'application/json; charset=utf-8' : 'application/octet-stream' });
        res.end(fs.readFileSync(candidate));
        return;
      }
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, close: () => new Promise((resolve) => srv.close(() => resolve())) };
}

test('every exported file holds exactly the bytes cms serve answers for its request', async () => {
  const result = runExport();
  assert.is(result.status, 0, result.stderr);
  const files = Object.keys(manifest()).filter((file) => file.startsWith('api/'));
  assert.ok(files.includes('api/articles.json'));
  assert.ok(files.includes('api/articles/_page/3.json'), 'ten articles in pages of four');
  assert.ok(files.includes('api/homepage.json'));
  assert.ok(files.includes('api/_presets/latest.json'));
  assert.ok(files.includes('api/articles/n0rkkhkmxloujb87i7huf7if.json'));
  assert.not.ok(files.includes('api/articles/evk8tg6571mbjyyajra4d0ca.json'), 'draft-only documents are not published');
  for (const file of files) {
    const served = await server.get(requestFor(file));
    assert.is(served.status, 200, file);
    assert.is(fs.readFileSync(path.join(out, file), 'utf8'), served.text, file);
  }
  const hello = JSON.parse(fs.readFileSync(path.join(out, 'api/articles/n0rkkhkmxloujb87i7huf7if.json'), 'utf8'));
  assert.equal(
    hello.data.links.map((link: { label: string }) => link.label),
    ['Docs'],
  );
  const page3 = JSON.parse(fs.readFileSync(path.join(out, 'api/articles/_page/3.json'), 'utf8'));
  assert.equal(page3.meta.pagination, { page: 3, pageSize: 4, pageCount: 3, total: 10 });
});

test('a static file server with the one-line rule answers the API paths with the served bodies', async () => {
  exportOk();
  const files = await staticServer(out);
  try {
    for (const apiPath of ['/api/articles', '/api/articles/n0rkkhkmxloujb87i7huf7if', '/api/authors', '/api/homepage']) {
      const staticBody = await (await fetch(files.url + apiPath)).text();
      const query = apiPath.startsWith('/api/articles') ? `?${ARTICLE_DEFAULTS}` : '';
      assert.is(staticBody, (await server.get(apiPath + query)).text, apiPath);
    }
    const image = await fetch(`${files.url}/uploads/red_pixel_3285557a91.png`);
    assert.is(image.status, 200, 'referenced uploads are copied');
  } finally {
    await files.close();
  }
});

test('a second export changes nothing; an edit changes only the files that show it', async () => {
  exportOk();
  const first = manifest();
  const mtimes = new Map(Object.keys(first).map((file) => [file, fs.statSync(path.join(out, file)).mtimeMs]));
  const again = runExport();
  assert.match(again.stdout, /0 written/);
  assert.equal(manifest(), first);
  for (const [file, mtime] of mtimes) assert.is(fs.statSync(path.join(out, file)).mtimeMs, mtime, file);

  // Grace Hopper's name appears in her own document, the author lists and the articles that populate her.
  const file = 'content/authors/sjlq8hgxw8ame5jqieu9qb6m.json';
  const author = JSON.parse(server.project.read(file));
  server.project.write(file, { ...author, name: 'Grace B. Hopper' });
  exportOk();
  const second = manifest();
  const changed = Object.keys(second)
    .filter((f) => second[f] !== first[f])
    .sort();
  assert.equal(changed, [
    '_headers',
    'api/articles.json',
    'api/articles/_page/1.json',
    'api/articles/_page/2.json',
    'api/articles/dwskr8keskm6eso8drwmjp4i.json',
    'api/articles/z041qrnkdex5f4439ngy6wuh.json',
    'api/authors.json',
    'api/authors/_page/1.json',
    'api/authors/sjlq8hgxw8ame5jqieu9qb6m.json',
  ]);
});

test("_headers holds, per API path, the ETag cms serve sends for the same answer and the type's Cache-Control", async () => {
  const config = JSON.parse(server.project.read('cms.config.json'));
  config.api.rest.cacheControl = { default: 'no-cache', articles: 'public, max-age=60' };
  server.project.write('cms.config.json', config);
  exportOk();
  const text = fs.readFileSync(path.join(out, '_headers'), 'utf8');
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.startsWith('/')) rules.set(line, (current = {}));
    else if (line.startsWith('  ')) {
      const [name = '', value = ''] = line.trim().split(': ');
      current[name] = value;
    }
  }
  const files = Object.keys(manifest()).filter((file) => file.startsWith('api/'));
  assert.is(rules.size, files.length, 'one rule per exported answer');
  for (const file of ['api/articles.json', 'api/articles/n0rkkhkmxloujb87i7huf7if.json', 'api/authors.json', 'api/homepage.json', 'api/_presets/latest.json']) {
    const rule = rules.get(`/${file.slice(0, -'.json'.length)}`);
    assert.ok(rule, file);
    const served = await server.get(requestFor(file));
    assert.is(rule!['ETag'], served.headers.get('etag')!, file);
    assert.is(rule!['Cache-Control'], file.startsWith('api/articles') || file.includes('_presets') ? 'public, max-age=60' : 'no-cache', file);
  }
});

test('an export again writes nothing that is there unchanged, and again what was deleted or replaced by a link', async () => {
  exportOk();
  const again = runExport();
  assert.is(again.status, 0, again.stderr);
  const files = Object.keys(manifest()).length;
  assert.match(again.stdout, new RegExp(`: 0 written, ${files} unchanged`));
  const deleted = path.join(out, 'api/articles/n0rkkhkmxloujb87i7huf7if.json');
  const linked = path.join(out, 'api/authors.json');
  const [deletedText, linkedText] = [fs.readFileSync(deleted, 'utf8'), fs.readFileSync(linked, 'utf8')];
  fs.rmSync(deleted);
  fs.rmSync(linked);
  fs.symlinkSync(path.join(out, 'api/homepage.json'), linked);
  const result = runExport();
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, new RegExp(`: 2 written, ${files - 2} unchanged`));
  assert.is(fs.readFileSync(deleted, 'utf8'), deletedText);
  assert.ok(fs.lstatSync(linked).isFile(), 'the link is replaced by the file');
  assert.is(fs.readFileSync(linked, 'utf8'), linkedText);
});

test('--clean removes files that an earlier export wrote and this one no longer produces', async () => {
  exportOk();
  server.project.remove('content/categories/kgij077343nt9lhyy1ycu5vb.json');
  exportOk();
  assert.ok(fs.existsSync(path.join(out, 'api/categories/kgij077343nt9lhyy1ycu5vb.json')), 'kept without --clean');
  const result = runExport('--clean');
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, /1 removed/);
  assert.not.ok(fs.existsSync(path.join(out, 'api/categories/kgij077343nt9lhyy1ycu5vb.json')));
});

test('an invalid document stops the export with its file and line, and nothing is written', async () => {
  server.project.write('content/articles/broken.json', '{\n  "title": "Broken",\n  "views": "many"\n}\n');
  const result = runExport();
  assert.is(result.status, 1);
  assert.match(result.stderr, /content\/articles\/broken\.json:3:1: views: expected an integer/);
  assert.not.ok(fs.existsSync(path.join(out, 'manifest.json')));
});

test('--status draft exports the draft versions', async () => {
  exportOk('--status', 'draft');
  const draft = JSON.parse(fs.readFileSync(path.join(out, 'api/articles/evk8tg6571mbjyyajra4d0ca.json'), 'utf8'));
  assert.is(draft.data.title, 'Draft: upcoming features');
  const edited = JSON.parse(fs.readFileSync(path.join(out, 'api/articles/zuvut7z9xszedzzlwpit2luk.json'), 'utf8'));
  assert.is(edited.data.title, 'Published then edited (draft changes)');
});

test.run();
