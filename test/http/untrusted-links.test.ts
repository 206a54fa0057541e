// Content comes from pull requests: a link (or hard link, or special file) committed under
// content/, uploads/, schemas/ or users/ must never be read, served, exported or watched through,
// and must be reported with its path without anything of its target showing.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import type { TempProject } from '../helpers/temp-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

const SECRET = 'SECRET-9d41e7b0';
/** Not JSON, and starting with a letter nothing else starts with: a parse error would quote it. */
const SECRET_TEXT = `\u00a7${SECRET}`.padEnd(31337, '#');
/** Valid JSON of an article: a link to it would decode if it were followed. */
const SECRET_JSON = `${JSON.stringify({ title: SECRET, slug: 'leak', createdAt: '2020-01-01T00:00:00.000Z', updatedAt: '2020-01-01T00:00:00.000Z' })}\n`;

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');

let outside: string;
let server: TestServer;

/** Links made before the server starts, by path, each absolute or relative, to a file or a folder. */
const BEFORE: Record<string, (project: TempProject) => string> = {
  'content/articles/abs-link.json': () => path.join(outside, 'secret.txt'),
  'content/articles/rel-link.json': (p) => path.relative(path.join(p.dir, 'content/articles'), path.join(outside, 'secret.json')),
  'content/linked.json': () => path.join(outside, 'secret.json'),
  'content/categories': () => path.join(outside, 'folder'),
  'uploads/abs.png': () => path.join(outside, 'secret.txt'),
  'uploads/photos/rel.png': (p) => path.relative(path.join(p.dir, 'uploads/photos'), path.join(outside, 'secret.txt')),
  'uploads/linked-folder': () => path.join(outside, 'folder'),
  'uploads/blue_pixel_287152e86d.png.meta.json': () => path.join(outside, 'secret.json'),
  'schemas/linked.json': () => path.join(outside, 'secret.txt'),
  'schemas/components/shared/linked.json': (p) => path.relative(path.join(p.dir, 'schemas/components/shared'), path.join(outside, 'secret.txt')),
  'schemas/components/linked-category': () => path.join(outside, 'folder'),
  'users/abcdefghijklmnopqrstuvwx.json': () => path.join(outside, 'secret.json'),
};
const HARD_LINKS = ['content/articles/hard-link.json', 'uploads/hard.png'];
const FIFO = 'content/articles/fifo.json';

function reported(): string[] {
  return [...Object.keys(BEFORE), ...HARD_LINKS, FIFO];
}

test.before(async () => {
  outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET_TEXT);
  fs.writeFileSync(path.join(outside, 'secret.json'), SECRET_JSON);
  fs.mkdirSync(path.join(outside, 'folder'));
  fs.writeFileSync(path.join(outside, 'folder', 'leak.json'), SECRET_JSON);
  fs.writeFileSync(path.join(outside, 'folder', 'pic.png'), SECRET_TEXT);
  fs.writeFileSync(path.join(outside, 'hard.json'), SECRET_JSON);
  fs.writeFileSync(path.join(outside, 'hard.png'), SECRET_TEXT);
  server = await startTestServer('blog', {
    watch: true,
    prepare(project) {
      fs.rmSync(path.join(project.dir, 'content/categories'), { recursive: true });
      fs.mkdirSync(path.join(project.dir, 'uploads/photos'), { recursive: true });
      fs.mkdirSync(path.join(project.dir, 'users'), { recursive: true });
      fs.rmSync(path.join(project.dir, 'uploads/blue_pixel_287152e86d.png.meta.json'));
      for (const [rel, target] of Object.entries(BEFORE)) fs.symlinkSync(target(project), path.join(project.dir, rel));
      fs.linkSync(path.join(outside, 'hard.json'), path.join(project.dir, HARD_LINKS[0]!));
      fs.linkSync(path.join(outside, 'hard.png'), path.join(project.dir, HARD_LINKS[1]!));
      execFileSync('mkfifo', [path.join(project.dir, FIFO)]);
    },
  });
});
test.after(async () => {
  await server.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

/** Nothing of a target: not its text, not its first character, not its size. */
function assertNoLeak(text: string, where: string): void {
  assert.not.ok(text.includes(SECRET), `${where} shows the secret`);
  assert.not.ok(text.includes('\u00a7'), `${where} shows the secret's first character`);
  assert.not.ok(text.includes('31337'), `${where} shows the secret's size`);
}

test('links, hard links and a FIFO present at the start are reported with their paths, in the log and the problems map', () => {
  const { problems } = server.server.project.current;
  for (const rel of reported()) {
    assert.ok(problems.has(rel), `${rel} is not in the problems map: ${[...problems.keys()].join(', ')}`);
    assert.ok(
      server.logs.some((line) => line.startsWith(`warn: ${rel}: `)),
      `${rel} is not in the log`,
    );
  }
  assert.match(problems.get('content/articles/abs-link.json')!.message, /symbolic link/);
  assert.match(problems.get('content/articles/hard-link.json')!.message, /hard-linked file .*cannot be proved to stay inside the project/);
  assert.match(problems.get(FIFO)!.message, /not a regular file/);
  for (const [file, problem] of problems) assertNoLeak(`${file}: ${problem.message}`, 'a problem');
  assertNoLeak(server.logs.join('\n'), 'the log');
});

test('no API answer or upload serves what a link leads to', async () => {
  const answers = await Promise.all(
    [
      '/api/articles?pagination[pageSize]=100',
      '/api/articles/abs-link',
      '/api/articles/rel-link',
      '/api/articles/hard-link',
      '/api/categories',
      '/api/categories/leak',
      '/api/upload/files',
      '/uploads/abs.png',
      '/uploads/photos/rel.png',
      '/uploads/linked-folder/pic.png',
      '/uploads/hard.png',
    ].map(async (url) => [url, await server.get(url)] as const),
  );
  for (const [url, response] of answers) {
    assertNoLeak(response.text, `GET ${url}`);
    if (url.startsWith('/uploads/') || /\/(abs-link|rel-link|hard-link|leak)$/.test(url)) assert.is(response.status, 404, url);
  }
  const files = answers.find(([url]) => url === '/api/upload/files')![1].body as { url: string }[];
  // The blue pixel's sidecar is a link: the file stays out of the library until it is fixed.
  assert.equal(files.map((file) => file.url).sort(), ['/uploads/red_pixel_3285557a91.png']);
});

test('cms check reports each link with its path and the unsafe-file rule, and nothing of its target', () => {
  const result = spawnSync(process.execPath, [CLI, 'check', '--dir', server.project.dir, '--format', 'json'], { encoding: 'utf8', timeout: 20_000 });
  assertNoLeak(result.stdout + result.stderr, 'cms check');
  const problems = (JSON.parse(result.stdout) as { problems: { file: string; rule: string }[] }).problems;
  for (const rel of reported()) {
    assert.ok(
      problems.some((problem) => problem.file === rel && problem.rule === 'unsafe-file'),
      `cms check does not report ${rel}: ${JSON.stringify(problems.filter((p) => p.rule === 'unsafe-file'))}`,
    );
  }
});

test('cms export stops at the links, names each, and writes nothing a link leads to', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-export-'));
  try {
    const result = spawnSync(process.execPath, [CLI, 'export', '--dir', server.project.dir, '--out', out], { encoding: 'utf8', timeout: 20_000 });
    // A project with problems is not exported: the links are problems, so the export names them and stops.
    assert.is.not(result.status, 0);
    assertNoLeak(result.stdout + result.stderr, 'cms export');
    for (const rel of reported()) assert.ok(result.stderr.includes(`${rel}: `), `cms export does not name ${rel}`);
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else assertNoLeak(fs.readFileSync(full, 'latin1'), `exported ${path.relative(out, full)}`);
      }
    };
    walk(out);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test('links made while the server runs are reported, never read, and forgotten when removed', async () => {
  const dir = server.project.dir;
  const made: Record<string, string> = {
    'content/articles/late-abs.json': path.join(outside, 'secret.json'),
    'content/articles/late-rel.json': path.relative(path.join(dir, 'content/articles'), path.join(outside, 'secret.txt')),
    'content/late-folder': path.join(outside, 'folder'),
    'uploads/late.png': path.join(outside, 'secret.txt'),
    'uploads/photos/late-rel.png': path.relative(path.join(dir, 'uploads/photos'), path.join(outside, 'secret.txt')),
    'uploads/late-folder': path.join(outside, 'folder'),
    'users/latelinkuser0000000000000.json': path.join(outside, 'secret.json'),
  };
  for (const [rel, target] of Object.entries(made)) fs.symlinkSync(target, path.join(dir, rel));
  const missing = await eventually(
    async () => Object.keys(made).filter((rel) => !server.server.project.current.problems.has(rel)),
    (list) => list.length === 0,
  );
  assert.equal(missing, [], 'links made while serving are reported');
  for (const rel of Object.keys(made))
    assert.ok(
      server.logs.some((line) => line.startsWith(`warn: ${rel}: `)),
      `${rel} is not in the log`,
    );
  for (const url of [
    '/api/articles?pagination[pageSize]=100',
    '/api/articles/late-abs',
    '/uploads/late.png',
    '/uploads/late-folder/pic.png',
    '/api/upload/files',
  ]) {
    assertNoLeak((await server.get(url)).text, `GET ${url}`);
  }
  assertNoLeak(server.logs.join('\n'), 'the log');

  // An article replaced by a link stops being served at once.
  fs.rmSync(path.join(dir, 'content/articles/n0rkkhkmxloujb87i7huf7if.json'));
  fs.symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'content/articles/n0rkkhkmxloujb87i7huf7if.json'));
  const replaced = await eventually(
    () => server.get('/api/articles/n0rkkhkmxloujb87i7huf7if'),
    (response) => response.status === 404,
  );
  assert.is(replaced.status, 404);
  assertNoLeak(replaced.text, 'a replaced article');

  for (const rel of Object.keys(made)) fs.rmSync(path.join(dir, rel));
  const left = await eventually(
    async () => Object.keys(made).filter((rel) => server.server.project.current.problems.has(rel)),
    (list) => list.length === 0,
  );
  assert.equal(left, [], 'removed links are no longer reported');
});

test.run();
