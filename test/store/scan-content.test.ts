import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { ContentPrefetch } from '../../server/store/content-prefetch.js';
import { ContentStats } from '../../server/store/content-stats.js';
import { type ScanResult, scanContent } from '../../server/store/scan-content.js';
import { FIXTURES_DIR, REPO_ROOT } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));

test('scanContent reads every content file of the blog fixture', () => {
  const { documents, problems } = scanContent(path.join(FIXTURES_DIR, 'blog'), registry);
  assert.equal(problems, []);
  assert.is(documents.length, 13 + 3 + 4 + 1);
  assert.is(documents.filter((d) => d.file.draft).length, 1);
  assert.is(documents.filter((d) => d.file.type.kind === 'singleType').length, 1);
});

test('with reuse, a file is skipped only when its size and mtime are known, from the worker stats or stat-ed here alike', () => {
  const project = createTempProject('blog');
  try {
    const known = new Map<string, { size: number; mtimeMs: number }>();
    for (const document of scanContent(project.dir, registry).documents) {
      const stat = fs.statSync(path.join(project.dir, document.file.path));
      known.set(document.file.path, { size: stat.size, mtimeMs: stat.mtimeMs });
    }
    const changed = 'content/articles/z041qrnkdex5f4439ngy6wuh.json';
    project.write(changed, { ...JSON.parse(project.read(changed)), title: 'Changed since' });
    fs.linkSync(path.join(project.dir, 'content/authors/qlbzjy8ymwitxmczph8a7en0.json'), path.join(project.dir, 'hard-link.json'));
    const reuse = (relPath: string, stat: { size: number; mtimeMs: number }): boolean =>
      known.get(relPath)?.size === stat.size && known.get(relPath)?.mtimeMs === stat.mtimeMs;
    const read = (result: ScanResult): string[] =>
      result.documents
        .map((d) => d.file.path)
        .concat(result.problems.map((p) => p.file))
        .sort();
    const here = scanContent(project.dir, registry, undefined, { reuse });
    const worker = ContentStats.start(project.dir);
    const stats = worker.take();
    assert.ok(stats !== undefined, 'the worker delivers its listing and stats');
    const fromWorker = scanContent(project.dir, registry, undefined, { reuse, stats });
    assert.equal(read(here), [changed, 'content/authors/qlbzjy8ymwitxmczph8a7en0.json'].sort());
    assert.equal(read(fromWorker), read(here));
    assert.ok(
      here.problems.some((p) => p.file === 'content/authors/qlbzjy8ymwitxmczph8a7en0.json'),
      'a hard-linked file is refused, not reused',
    );
  } finally {
    project.cleanup();
  }
});

test('bad files are reported, never thrown, and the rest is read', () => {
  const project = createTempProject('blog');
  project.write('content/articles/broken.json', '{ "title": ');
  project.write('content/articles/Bad-Name.json', { title: 'x' });
  project.write('content/posts/a.json', { title: 'x' });
  project.write('content/articles/.hidden.json', '{ not read');
  project.write('content/articles/README.txt', 'ignored');
  project.write('content/authors/wrong.json', { nickname: 'x' });
  const { documents, problems } = scanContent(project.dir, registry);
  project.cleanup();
  assert.is(documents.length, 21);
  assert.equal(problems.map((p) => p.file).sort(), [
    'content/articles/Bad-Name.json',
    'content/articles/broken.json',
    'content/authors/wrong.json',
    'content/posts/a.json',
  ]);
});

test('a project without content/ has no documents', () => {
  const project = createTempProject('blog');
  project.remove('content');
  assert.equal(scanContent(project.dir, registry), { documents: [], problems: [] });
  project.cleanup();
});

/** What a scan found, comparable across reading paths: documents and problems by path. */
function summary(result: ScanResult): { documents: [string, unknown][]; problems: string[] } {
  return {
    documents: result.documents.map((d): [string, unknown] => [d.file.path, d.data]).sort(([a], [b]) => (a < b ? -1 : 1)),
    problems: result.problems.map((p) => p.format()).sort(),
  };
}

/** A blog copy with every kind of file a scan must sort out. */
function messyProject(): ReturnType<typeof createTempProject> {
  const project = createTempProject('blog');
  project.write('content/articles/broken.json', '{ "title": ');
  project.write('content/articles/Bad-Name.json', { title: 'x' });
  project.write('content/articles/two.dots.here.json', { title: 'x' });
  project.write('content/posts/a.json', { title: 'x' });
  project.write('content/articles/.hidden.json', '{ not read');
  project.write('content/articles/README.txt', 'ignored');
  project.write('content/articles/backup.json~', 'ignored');
  project.write('content/authors/wrong.json', { nickname: 'x' });
  project.write('content/articles/a-folder.json/inside.json', { title: 'x' });
  project.write('content/articles/markdown-one.md', '---\ntitle: From Markdown\n---\nBody text\n');
  // A temp file of a write that a process (long gone) started: removed by the scan.
  project.write('content/articles/.gone.json.999999999.0123abcd.tmp', '{}');
  return project;
}

test('a prefetch (a worker reading ahead) gives exactly what a scan on the main thread gives', () => {
  const plain = messyProject();
  const prefetched = messyProject();
  try {
    const expected = summary(scanContent(plain.dir, registry));
    const prefetch = ContentPrefetch.start(prefetched.dir);
    const actual = summary(scanContent(prefetched.dir, registry, prefetch));
    assert.equal(actual, expected);
    assert.ok(
      expected.problems.some((p) => p.startsWith('content/articles/a-folder.json: cannot read: ')),
      'a folder with a document name is unreadable',
    );
    assert.ok(
      expected.problems.some((p) => p.startsWith('content/articles/broken.json:1:')),
      'invalid JSON keeps its position',
    );
    assert.ok(
      expected.problems.some((p) => p.startsWith('content/articles/markdown-one.md: article has no richtext attribute')),
      'Markdown is decoded',
    );
    for (const project of [plain, prefetched])
      assert.not.ok(project.exists('content/articles/.gone.json.999999999.0123abcd.tmp'), 'the stale temp file is removed');
  } finally {
    plain.cleanup();
    prefetched.cleanup();
  }
});

test('a prefetch delivers files in order across many batches, however far the worker reads ahead', () => {
  const project = createTempProject('blog');
  try {
    // Batches of 7 with at most 2 unread: the worker has to wait for the reader again and again.
    for (let n = 0; n < 300; n++) project.write(`content/categories/c${n}.json`, n % 100 === 7 ? '{ broken' : { name: `category ${n}` });
    const expected = summary(scanContent(project.dir, registry));
    const actual = scanContent(project.dir, registry, ContentPrefetch.start(project.dir, { batchSize: 7, ahead: 2 }));
    assert.equal(summary(actual), expected);
    assert.is(expected.documents.length, 21 + 297);
    assert.is(expected.problems.length, 3);
    // The texts land on the files they were read from.
    for (const stored of actual.documents) {
      const n = /\/c(\d+)\.json$/.exec(stored.file.path)?.[1];
      if (n !== undefined) assert.is(stored.data['name'], `category ${n}`);
    }
  } finally {
    project.cleanup();
  }
});

test('the worker runs, also in a process started with node -e (whose flags it must not inherit)', () => {
  const project = createTempProject('blog');
  const dist = (file: string) => pathToFileURL(path.join(REPO_ROOT, 'dist', 'server', file)).href;
  try {
    const script = `
      const { ContentPrefetch } = await import(${JSON.stringify(dist('store/content-prefetch.js'))});
      const { scanContent } = await import(${JSON.stringify(dist('store/scan-content.js'))});
      const { loadSchemas } = await import(${JSON.stringify(dist('store/load-schemas.js'))});
      const prefetch = ContentPrefetch.start(process.argv[1]);
      const { documents } = scanContent(process.argv[1], loadSchemas(process.argv[1]), prefetch);
      console.log(JSON.stringify({ documents: documents.length, listed: prefetch.listed }));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script, project.dir], { encoding: 'utf8', timeout: 60_000 });
    assert.is(child.status, 0, child.stderr);
    // The files themselves may all be read by the main thread (it reads a batch the worker has not
    // started yet); the listing only ever comes from a worker that runs.
    assert.equal(JSON.parse(child.stdout), { documents: 21, listed: true });
  } finally {
    project.cleanup();
  }
});

test('a prefetch of another folder, or one already closed, is not used: the scan reads by itself', () => {
  const project = messyProject();
  const other = createTempProject('blog');
  try {
    const expected = summary(scanContent(project.dir, registry));
    const elsewhere = ContentPrefetch.start(other.dir);
    assert.equal(summary(scanContent(project.dir, registry, elsewhere)), expected);
    elsewhere.close();
    const closed = ContentPrefetch.start(project.dir);
    closed.close();
    assert.equal(summary(scanContent(project.dir, registry, closed)), expected);
  } finally {
    project.cleanup();
    other.cleanup();
  }
});

test('a prefetch of a project without content/ finds nothing', () => {
  const project = createTempProject('blog');
  project.remove('content');
  try {
    assert.equal(scanContent(project.dir, registry, ContentPrefetch.start(project.dir)), { documents: [], problems: [] });
  } finally {
    project.cleanup();
  }
});

test.run();
