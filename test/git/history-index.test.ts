import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeHistoryIndex, encodeHistoryIndex } from '../../server/git/history-index-format.js';
import { openHistoryIndex } from '../../server/git/history-index.js';
import { openRepository } from '../../server/git/open-repository.js';
import { BOB, type GitTestProject, createGitProject } from '../helpers/git-project.js';

let project: GitTestProject;
const INDEX = '.cms/history-index';
/** A path no commit touched, planted in a valid index: it survives an extension, not a rebuild. */
const PLANTED = 'content/articles/planted-by-the-test.json';

function retitle(title: string, rel = 'content/articles/hello.json'): string {
  const data = JSON.parse(project.read(rel)) as Record<string, unknown>;
  project.write(rel, { ...data, title });
  return project.commitAll(`Retitle ${title}`, BOB);
}

function historyOf(document: string): string[] {
  const result = project.cms(['history', document, '--json']);
  assert.is(result.status, 0, result.stderr);
  return (JSON.parse(result.stdout) as { commits: { commit: string }[] }).commits.map((c) => c.commit);
}

function stored(): ReturnType<typeof decodeHistoryIndex> {
  return decodeHistoryIndex(fs.readFileSync(path.join(project.dir, INDEX)));
}

/** Rewrites the stored index (a valid file, checksum and all) with one more path. */
function plant(): void {
  const index = stored()!;
  const paths = index.allPaths();
  paths.set(PLANTED, `0.A.-.${'1'.repeat(40)}`);
  fs.writeFileSync(path.join(project.dir, INDEX), encodeHistoryIndex({ head: index.head, commits: index.commits, paths }));
}

/** The index as a rebuild from scratch makes it (the file removed first). */
async function rebuilt(): Promise<{ commits: unknown; paths: unknown }> {
  const kept = fs.readFileSync(path.join(project.dir, INDEX));
  fs.rmSync(path.join(project.dir, INDEX));
  const fresh = (await openHistoryIndex(await openRepository(project.dir)))!;
  fs.writeFileSync(path.join(project.dir, INDEX), kept);
  return { commits: fresh.commits, paths: [...fresh.allPaths()].sort() };
}

test.before(() => {
  project = createGitProject();
  retitle('One');
});
test.after(() => project.cleanup());

test('the first history writes the index for HEAD; git ignores it', () => {
  const list = historyOf('articles/hello');
  assert.is(list.length, 2);
  const index = stored()!;
  assert.is(index.head, project.git(['rev-parse', 'HEAD']).trim());
  assert.equal(
    index.pathsStartingWith('content/articles/hello.json').map((p) => p.entries.length),
    [2],
  );
  assert.is(project.git(['status', '--porcelain', '--', '.cms']), '');
});

test('new commits, a branch and a merge extend the index from the old HEAD; it equals one made from scratch', async () => {
  plant();
  const one = retitle('Two');
  project.git(['checkout', '-q', '-b', 'side']);
  const side = retitle('Côté', 'content/articles/hello.fr.json');
  project.git(['checkout', '-q', 'main']);
  const three = retitle('Three');
  project.git(['merge', '-q', '--no-ff', '-m', 'Merge side', 'side']);
  const merge = project.git(['rev-parse', 'HEAD']).trim();
  const list = historyOf('articles/hello');
  for (const commit of [merge, three, side, one]) assert.ok(list.includes(commit), commit);
  assert.is(stored()!.head, merge);
  assert.ok(stored()!.pathsStartingWith(PLANTED).length === 1, 'extended, not made again');
  const index = stored()!;
  const paths = index.allPaths();
  paths.delete(PLANTED);
  assert.equal({ commits: index.commits, paths: [...paths].sort() }, await rebuilt());
});

test('a rewritten history (reset, then another commit) makes the index again', () => {
  historyOf('articles/hello');
  plant();
  project.git(['reset', '-q', '--hard', 'HEAD~2']);
  const other = retitle('Other');
  const list = historyOf('articles/hello');
  assert.is(list[0], other);
  const index = stored()!;
  assert.is(index.head, other);
  assert.equal(index.pathsStartingWith(PLANTED), [], 'made again');
  assert.not.ok(index.commits.some((c) => c.message === 'Merge side'));
});

test('a damaged or truncated index is detected and made again', async () => {
  const expected = historyOf('articles/hello');
  const file = path.join(project.dir, INDEX);
  const good = fs.readFileSync(file);
  const damaged = Buffer.from(good);
  damaged[damaged.length - 20] = damaged[damaged.length - 20] === 0x61 ? 0x62 : 0x61;
  for (const bad of [damaged, good.subarray(0, good.length - 30), Buffer.from('garbage')]) {
    assert.is(decodeHistoryIndex(bad), undefined);
    fs.writeFileSync(file, bad);
    assert.equal(historyOf('articles/hello'), expected);
    assert.ok(fs.readFileSync(file).equals(good), 'written again as it was');
  }
  assert.ok((await openHistoryIndex(await openRepository(project.dir)))!.commits.length > 0);
});

test('git config cms.historyIndex false: no index is read or written', async () => {
  fs.rmSync(path.join(project.dir, INDEX));
  project.git(['config', 'cms.historyIndex', 'false']);
  try {
    assert.is(await openHistoryIndex(await openRepository(project.dir)), undefined);
    assert.ok(historyOf('articles/hello').length > 0);
    assert.not.ok(fs.existsSync(path.join(project.dir, INDEX)));
  } finally {
    project.git(['config', '--unset', 'cms.historyIndex']);
  }
});

test.run();
