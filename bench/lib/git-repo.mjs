// A generated git repository for the git benchmarks, written in one `git fast-import` stream
// (minutes of `git commit` otherwise): `docs` articles in the first commit, then `commits` commits
// by two authors, each editing three articles; every `targetEvery`-th commit also edits the
// target article, so its history has commits/targetEvery + 1 entries spread over the whole log.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const TARGET = 'target-article';

const SCHEMA = {
  kind: 'collectionType',
  info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: true },
  pluginOptions: {},
  attributes: {
    title: { type: 'string', required: true },
    views: { type: 'integer' },
    tags: { type: 'json' },
  },
};

function article(i, version) {
  return `${JSON.stringify({ title: `Article ${i} v${version}`, views: version, tags: ['a', `t${i % 50}`], createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(), publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }, null, 2)}\n`;
}

function docName(i) {
  return i === 0 ? TARGET : `a${String(i).padStart(6, '0')}`;
}

/** Generates the repository in `dir` (removed first) and checks it out. Returns seconds spent. */
export async function generateGitRepo(dir, { docs, commits, targetEvery = 100 }) {
  const started = Date.now();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  spawnSync('git', ['init', '-q', '-b', 'main', dir]);
  spawnSync('git', ['-C', dir, 'config', 'user.name', 'Bench Ann']);
  spawnSync('git', ['-C', dir, 'config', 'user.email', 'ann@example.com']);
  const child = spawn('git', ['fast-import', '--quiet'], { cwd: dir, stdio: ['pipe', 'inherit', 'inherit'] });
  const done = new Promise((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`fast-import exited ${code}`)))));
  let buffer = '';
  const flush = async (force) => {
    if (!force && buffer.length < 1 << 20) return;
    const chunk = buffer;
    buffer = '';
    if (!child.stdin.write(chunk)) await new Promise((resolve) => child.stdin.once('drain', resolve));
  };
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const authors = ['Bench Ann <ann@example.com>', 'Bench Bob <bob@example.com>'];
  let time = 1767225600;
  const commitHeader = (n, message) => {
    time += 60;
    return `commit refs/heads/main\nauthor ${authors[n % 2]} ${time} +0000\ncommitter ${authors[n % 2]} ${time} +0000\n${data(message)}`;
  };
  buffer += commitHeader(0, 'Start');
  buffer += `M 100644 inline schemas/article.json\n${data(`${JSON.stringify(SCHEMA, null, 2)}\n`)}`;
  for (let i = 0; i < docs; i++) {
    buffer += `M 100644 inline content/articles/${docName(i)}.json\n${data(article(i, 0))}`;
    await flush(false);
  }
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let c = 1; c <= commits; c++) {
    buffer += commitHeader(c, `Edit ${c}`);
    for (let k = 0; k < 3; k++) {
      const i = 1 + Math.floor(random() * (docs - 1));
      buffer += `M 100644 inline content/articles/${docName(i)}.json\n${data(article(i, c))}`;
    }
    if (c % targetEvery === 0) buffer += `M 100644 inline content/articles/${TARGET}.json\n${data(article(0, c))}`;
    await flush(false);
  }
  await flush(true);
  child.stdin.end();
  await done;
  spawnSync('git', ['-C', dir, 'checkout', '-q', '-f', 'main']);
  return (Date.now() - started) / 1000;
}
