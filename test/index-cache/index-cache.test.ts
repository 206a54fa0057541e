import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import { loadProject } from '../../server/runtime/load-project.js';
import { saveIndexCache } from '../../server/runtime/index-cache.js';
import { ProjectRuntime } from '../../server/runtime/project-runtime.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { ContentPrefetch } from '../../server/store/content-prefetch.js';
import { ContentStats } from '../../server/store/content-stats.js';
import { INDEX_CACHE_FILE, checkIndexCacheHereUpTo } from '../../server/store/index-cache-file.js';
import { loadConfig } from '../../server/store/load-config.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const QUIET = { info: () => {}, warn: () => {} };
const ARTICLE = 'content/articles/z041qrnkdex5f4439ngy6wuh.json';
/** Files count as settled (their size and mtime vouch for their content) once they are a while old. */
const AN_HOUR_AGO = new Date(Date.now() - 3_600_000);

let project: TempProject;

test.before.each(() => {
  project = createTempProject('blog');
  setAllTimes(project.dir, AN_HOUR_AGO);
});
test.after.each(() => project.cleanup());

function setAllTimes(dir: string, time: Date): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) fs.utimesSync(path.join(entry.parentPath, entry.name), time, time);
  }
}

function load(cache: boolean): ProjectState {
  return loadProject(loadConfig(project.dir, { watch: false, indexCache: cache }));
}

function loadAndSave(): ProjectState {
  const state = load(true);
  saveIndexCache(state, state.indexCache!.key, state.indexCache!.readSince);
  return state;
}

/** Everything a read sees of every version of every type, in order. */
function view(index: ContentIndex): unknown {
  const out: unknown[] = [];
  for (const type of index.registry.contentTypes.values()) {
    for (const status of ['published', 'draft'] as const) {
      for (const entry of index.entries(type, status, '*')) {
        const { id, documentId, locale, createdAt, updatedAt, publishedAt, path: file, data } = entry;
        out.push({ type: type.uid, status, id, documentId, locale, createdAt, updatedAt, publishedAt, file, data });
      }
    }
  }
  return out;
}

function title(state: ProjectState): unknown {
  const type = state.registry.byRouteName.get('articles')!;
  return state.index.findEntry(type, 'z041qrnkdex5f4439ngy6wuh', 'published', null)?.data['title'];
}

/** Rewrites the article's title with one of the same length, then gives the file back its mtime. */
function editKeepingSizeAndTime(newTitle: string): void {
  const file = path.join(project.dir, ARTICLE);
  const before = fs.statSync(file);
  const data = JSON.parse(project.read(ARTICLE));
  assert.is(newTitle.length, data.title.length);
  project.write(ARTICLE, { ...data, title: newTitle });
  fs.utimesSync(file, before.atime, before.mtime);
  assert.is(fs.statSync(file).size, before.size);
}

test('answers are the same with the cache, without it, and from a fresh read', () => {
  const cold = view(load(false).index);
  loadAndSave();
  assert.ok(project.exists(INDEX_CACHE_FILE));
  const warm = load(true);
  assert.equal(warm.indexCache!.upToDate, true);
  assert.equal(view(warm.index), cold);
});

test('a worker reading the files for a load that takes them from the cache is stopped', () => {
  loadAndSave();
  const prefetch = ContentPrefetch.start(project.dir);
  const state = loadProject(loadConfig(project.dir, { watch: false, indexCache: true }), prefetch);
  assert.ok(state.indexCache?.upToDate, 'the cache was not taken');
  assert.is(prefetch.takeListing(), undefined, 'the worker still runs');
});

test('a file whose size and mtime are unchanged is taken from the cache (the trust the cache places)', () => {
  const original = title(loadAndSave()) as string;
  const changed = original.replace(/./g, 'x');
  editKeepingSizeAndTime(changed);
  assert.is(title(load(true)), original);
  assert.is(title(load(false)), changed);
});

test('a file whose size changed is read again, even with its old mtime', () => {
  loadAndSave();
  const file = path.join(project.dir, ARTICLE);
  const before = fs.statSync(file);
  project.write(ARTICLE, { ...JSON.parse(project.read(ARTICLE)), title: 'A longer title than before, by far' });
  fs.utimesSync(file, before.atime, before.mtime);
  const state = load(true);
  assert.is(title(state), 'A longer title than before, by far');
  assert.equal(state.indexCache!.upToDate, false);
});

test('a file whose mtime alone changed is read again', () => {
  const original = title(loadAndSave()) as string;
  const changed = original.replace(/./g, 'y');
  editKeepingSizeAndTime(changed);
  const file = path.join(project.dir, ARTICLE);
  const later = new Date(fs.statSync(file).mtimeMs + 5_000);
  fs.utimesSync(file, later, later);
  assert.is(title(load(true)), changed);
});

test('files added or removed while stopped are seen', () => {
  const before = loadAndSave();
  const type = before.registry.byRouteName.get('articles')!;
  const count = before.index.entries(type, 'published', null).length;
  const added = 'content/articles/aaaaaaaaaaaaaaaaaaaaaaaa.json';
  project.write(added, { ...JSON.parse(project.read(ARTICLE)), title: 'Added while stopped', slug: 'added-while-stopped' });
  project.remove('content/articles/opniw21e4afikr4ltb3j5uzy.json');
  setAllTimes(project.dir, AN_HOUR_AGO);
  const state = load(true);
  const entries = state.index.entries(type, 'published', null);
  assert.is(entries.length, count);
  assert.ok(entries.some((entry) => entry.data['title'] === 'Added while stopped'));
  assert.not.ok(entries.some((entry) => entry.documentId === 'opniw21e4afikr4ltb3j5uzy'));
  assert.equal(view(state.index), view(load(false).index));
});

test('a .cms folder that is a symbolic link is neither read nor written through', () => {
  const original = title(loadAndSave()) as string;
  const outside = fs.mkdtempSync(path.join(path.dirname(project.dir), 'cms-outside-'));
  try {
    // The project's own valid cache, moved out and linked back in (as a checked-in link would be).
    fs.renameSync(path.join(project.dir, '.cms'), path.join(outside, 'cms'));
    fs.symlinkSync(path.join(outside, 'cms'), path.join(project.dir, '.cms'));
    const before = fs.readFileSync(path.join(outside, 'cms', 'index-cache.bin'));
    const changed = original.replace(/./g, 'y');
    editKeepingSizeAndTime(changed);
    const state = load(true);
    assert.is(title(state), changed, 'the linked cache is not read');
    assert.throws(() => saveIndexCache(state, state.indexCache!.key, state.indexCache!.readSince), /symbolic link/);
    assert.ok(before.equals(fs.readFileSync(path.join(outside, 'cms', 'index-cache.bin'))), 'nothing written outside');
    assert.equal(
      fs.readdirSync(path.join(outside, 'cms')).filter((name) => name.endsWith('.tmp')),
      [],
    );
  } finally {
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

/** Loads with the cache after `damage` changed the cache's bytes: the files must have been read. */
function assertDamageIgnored(damage: (bytes: Buffer) => Buffer): void {
  const original = title(loadAndSave()) as string;
  const changed = original.replace(/./g, 'q');
  editKeepingSizeAndTime(changed);
  const cache = path.join(project.dir, INDEX_CACHE_FILE);
  fs.writeFileSync(cache, damage(fs.readFileSync(cache)));
  const state = load(true);
  assert.is(title(state), changed);
  assert.equal(state.indexCache!.upToDate, false);
  assert.equal(view(state.index), view(load(false).index));
}

// A small cache is checked by the thread that reads it, a large one by a worker meanwhile: both
// checkers are put to every damage (-1: the worker checks even these small caches).
const SMALL_CACHE = 16 << 20;
for (const [checker, hereUpTo] of [
  ['checked as read', SMALL_CACHE],
  ['checked by a worker', -1],
] as const) {
  const checkedTest = (name: string, body: () => void): void =>
    test(`${name} (${checker})`, () => {
      checkIndexCacheHereUpTo(hereUpTo);
      try {
        body();
      } finally {
        checkIndexCacheHereUpTo(SMALL_CACHE);
      }
    });

  checkedTest('an intact cache is taken whole', () => {
    const cold = view(load(false).index);
    loadAndSave();
    const warm = load(true);
    assert.equal(warm.indexCache!.upToDate, true);
    assert.equal(view(warm.index), cold);
  });

  checkedTest('a truncated cache is not trusted', () => {
    const original = title(loadAndSave()) as string;
    const changed = original.replace(/./g, 'z');
    editKeepingSizeAndTime(changed);
    const cache = path.join(project.dir, INDEX_CACHE_FILE);
    fs.truncateSync(cache, Math.floor(fs.statSync(cache).size / 2));
    const state = load(true);
    assert.is(title(state), changed);
    assert.equal(state.indexCache!.upToDate, false);
    fs.truncateSync(cache, fs.statSync(cache).size - 1);
    assert.is(title(load(true)), changed);
  });

  checkedTest('an edited cache is not trusted', () => {
    const original = title(loadAndSave()) as string;
    const changed = original.replace(/./g, 'w');
    editKeepingSizeAndTime(changed);
    const cache = path.join(project.dir, INDEX_CACHE_FILE);
    const bytes = fs.readFileSync(cache);
    // The cached title, replaced by another of the same length: only the checksum tells.
    const at = bytes.indexOf(Buffer.from(JSON.stringify(original)));
    assert.ok(at > 0);
    bytes.write(JSON.stringify(original.replace(/./g, 'v')), at);
    fs.writeFileSync(cache, bytes);
    assert.is(title(load(true)), changed);
  });

  checkedTest('a cache with one byte of its long values edited is not trusted', () => {
    const body = JSON.parse(project.read(ARTICLE)).body as unknown;
    const sample = JSON.stringify(body).slice(20, 40);
    assertDamageIgnored((bytes) => {
      const at = bytes.indexOf(Buffer.from(sample));
      assert.ok(at > 0, 'the long value is in the cache as it is');
      bytes[at + 5] = bytes[at + 5] === 0x61 ? 0x62 : 0x61;
      return bytes;
    });
  });

  checkedTest('a cache with one byte of its heads edited is not trusted', () => {
    assertDamageIgnored((bytes) => {
      const at = bytes.indexOf(Buffer.from('"z041qrnkdex5f4439ngy6wuh"'));
      assert.ok(at > 0);
      bytes[at + 1] = 0x79;
      return bytes;
    });
  });

  checkedTest('a cache cut after a whole block (its end mark gone) is not trusted', () => {
    assertDamageIgnored((bytes) => bytes.subarray(0, bytes.length - 12));
  });

  checkedTest('a cache with its last checksum edited is not trusted', () => {
    assertDamageIgnored((bytes) => {
      bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
      return bytes;
    });
  });

  checkedTest('a cache with bytes added after its end is not trusted', () => {
    assertDamageIgnored((bytes) => Buffer.concat([bytes, Buffer.from([0])]));
  });
}

test('a file hard-linked since the cache was written is not taken from it (a cold read refuses it too)', () => {
  const original = title(loadAndSave()) as string;
  const file = path.join(project.dir, ARTICLE);
  const outside = path.join(path.dirname(project.dir), `${path.basename(project.dir)}-link.json`);
  fs.linkSync(file, outside);
  try {
    const state = load(true);
    assert.ok(state.problems.has(ARTICLE), 'reported as a hard-linked file');
    assert.is.not(title(state), original);
    assert.equal(view(state.index), view(load(false).index));
  } finally {
    fs.rmSync(outside, { force: true });
  }
});

test('a cache made under other schemas is not used', () => {
  loadAndSave();
  const schema = path.join(project.dir, 'schemas/article.json');
  const text = JSON.parse(fs.readFileSync(schema, 'utf8'));
  text.attributes.subtitle = { type: 'string' };
  fs.writeFileSync(schema, JSON.stringify(text, null, 2));
  const state = load(true);
  assert.equal(state.indexCache!.upToDate, false);
  assert.equal(view(state.index), view(load(false).index));
});

test('files changed within the last moments before the read are left out of the cache', () => {
  project.write(ARTICLE, { ...JSON.parse(project.read(ARTICLE)), title: 'Just written' });
  loadAndSave();
  const state = load(true);
  assert.equal(state.indexCache!.upToDate, false);
  assert.is(title(state), 'Just written');
});

test('the server writes the cache on close, and a restart reads it; --no-cache reads every file', async () => {
  const config = loadConfig(project.dir, { watch: false, indexCache: true });
  const first = ProjectRuntime.open(config, QUIET);
  await first.close();
  assert.ok(project.exists(INDEX_CACHE_FILE));
  const original = title(first.current as ProjectState) as string;
  const changed = original.replace(/./g, 'u');
  editKeepingSizeAndTime(changed);
  const second = ProjectRuntime.open(config, QUIET);
  assert.is(title(second.current as ProjectState), original);
  await second.close();
  const uncached = ProjectRuntime.open(loadConfig(project.dir, { watch: false }), QUIET);
  assert.is(title(uncached.current as ProjectState), changed);
  await uncached.close();
});

/** A cache written by a first start and close, and what a test compares with it: its file's inode. */
async function startedOnce(): Promise<{ config: ReturnType<typeof loadConfig>; cacheFile: string; inode: number }> {
  const config = loadConfig(project.dir, { watch: false, indexCache: true });
  await ProjectRuntime.open(config, QUIET).close();
  const cacheFile = path.join(project.dir, INDEX_CACHE_FILE);
  return { config, cacheFile, inode: fs.statSync(cacheFile).ino };
}

test('a close after edits does not write the cache again when it holds the load already (edits are never cached)', async () => {
  const { config, cacheFile, inode } = await startedOnce();
  const cache = fs.readFileSync(cacheFile);
  const runtime = ProjectRuntime.open(config, QUIET);
  assert.equal((runtime.current as ProjectState).indexCache!.upToDate, true);
  project.write(ARTICLE, { ...JSON.parse(project.read(ARTICLE)), title: 'Edited while serving' });
  runtime.apply([{ area: 'content', path: ARTICLE }]);
  assert.is(title(runtime.current as ProjectState), 'Edited while serving');
  await runtime.close();
  assert.is(fs.statSync(cacheFile).ino, inode, 'the cache file was not replaced');
  assert.equal(fs.readFileSync(cacheFile), cache);
  // The edit is read from its file at the next start.
  const next = ProjectRuntime.open(config, QUIET);
  assert.is(title(next.current as ProjectState), 'Edited while serving');
  await next.close();
});

test('a close does not write the cache when the load read a tenth or fewer of its files: the next start reads them again', async () => {
  const { config, cacheFile, inode } = await startedOnce();
  project.write(ARTICLE, { ...JSON.parse(project.read(ARTICLE)), title: 'Edited between starts' });
  const runtime = ProjectRuntime.open(config, QUIET);
  const info = (runtime.current as ProjectState).indexCache!;
  assert.equal([info.upToDate, info.mostlyCached], [false, true]);
  await runtime.close();
  assert.is(fs.statSync(cacheFile).ino, inode, 'the cache file was not replaced');
  const next = ProjectRuntime.open(config, QUIET);
  assert.is(title(next.current as ProjectState), 'Edited between starts');
  await next.close();
  // A load that read most of its files (here every one, the cache gone) writes it at close.
  fs.rmSync(cacheFile);
  const cold = ProjectRuntime.open(config, QUIET);
  assert.equal((cold.current as ProjectState).indexCache!.mostlyCached, false);
  await cold.close();
  assert.ok(fs.existsSync(cacheFile));
});

test('a server writes the cache soon after a start that read files, while it keeps running', async () => {
  const runtime = ProjectRuntime.open(loadConfig(project.dir, { watch: false, indexCache: true }), QUIET);
  try {
    for (let waited = 0; !project.exists(INDEX_CACHE_FILE) && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(project.exists(INDEX_CACHE_FILE));
    assert.equal(view(load(true).index), view(runtime.current.index as ContentIndex));
  } finally {
    await runtime.close();
  }
});

test('a temp file a killed writer left in .cms/ is removed by the next write; a running writer’s is kept', () => {
  loadAndSave();
  const dir = path.join(project.dir, '.cms');
  // A pid no process has (above Linux's pid_max), and this process's own.
  const stale = path.join(dir, '.index-cache.bin.4194999.0a1b2c3d.tmp');
  const live = path.join(dir, `.index-cache.bin.${process.pid}.0a1b2c3d.tmp`);
  fs.writeFileSync(stale, 'half a cache');
  fs.writeFileSync(live, 'being written');
  loadAndSave();
  assert.not.ok(fs.existsSync(stale), 'the stale temp file is gone');
  assert.ok(fs.existsSync(live), 'the running writer’s temp file stays');
  assert.equal(
    fs.readdirSync(dir).filter((name) => name.endsWith('.tmp')),
    [path.basename(live)],
  );
});

test('a start that finds the cache up to date removes what a killed writer left in .cms/ (no write follows to do it)', async () => {
  const config = loadConfig(project.dir, { watch: false, indexCache: true });
  await ProjectRuntime.open(config, QUIET).close();
  const dir = path.join(project.dir, '.cms');
  const cache = fs.readFileSync(path.join(project.dir, INDEX_CACHE_FILE));
  const stale = path.join(dir, '.index-cache.bin.4194999.0a1b2c3d.tmp');
  const live = path.join(dir, `.index-cache.bin.${process.pid}.0a1b2c3d.tmp`);
  fs.writeFileSync(stale, 'half a cache');
  fs.writeFileSync(live, 'being written');
  const runtime = ProjectRuntime.open(config, QUIET);
  try {
    assert.equal((runtime.current as ProjectState).indexCache!.upToDate, true);
    assert.not.ok(fs.existsSync(stale), 'the stale temp file is gone');
    assert.ok(fs.existsSync(live), 'the running writer’s temp file stays');
  } finally {
    await runtime.close();
  }
  assert.equal(fs.readFileSync(path.join(project.dir, INDEX_CACHE_FILE)), cache, 'the cache itself is untouched');
});

test('the listing and stats a worker made before the load are the ones it checks the cache against; another project’s are not used', async () => {
  loadAndSave();
  const early = ContentStats.start(project.dir);
  // Its stats made, the article is edited (another size): stats made by the load would see that.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const original = title(load(true));
  project.write(ARTICLE, { ...JSON.parse(project.read(ARTICLE)), title: 'Edited after the stats' });
  setAllTimes(project.dir, AN_HOUR_AGO);
  const config = loadConfig(project.dir, { watch: false, indexCache: true });
  assert.is(title(loadProject(config, early)), original, 'the early stats were used (the edit came after them)');
  assert.is(early.take(), undefined, 'and are closed');
  const other = createTempProject('blog');
  try {
    const elsewhere = ContentStats.start(other.dir);
    assert.is(title(loadProject(config, elsewhere)), 'Edited after the stats');
  } finally {
    other.cleanup();
  }
});

test('a load tells how far it is: reading the files, or reading the cache then checking the files against it', () => {
  const files = fs
    .readdirSync(path.join(project.dir, 'content'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(json|md)$/.test(entry.name)).length;
  const loadTelling = (): [string, number, number][] => {
    const told: [string, number, number][] = [];
    const state = loadProject(loadConfig(project.dir, { watch: false, indexCache: true }), undefined, (step, done, total) => told.push([step, done, total]));
    if (state.indexCache && !state.indexCache.upToDate) saveIndexCache(state, state.indexCache.key, state.indexCache.readSince);
    return told;
  };
  const steps = (told: [string, number, number][]): string[] => [...new Set(told.map(([step]) => step))];
  const first = loadTelling();
  assert.equal(steps(first), ['read']);
  assert.equal(first.at(-1), ['read', files, files]);
  assert.ok(files > 5);
  const again = loadTelling();
  assert.equal(steps(again), ['cache', 'check']);
  const size = fs.statSync(path.join(project.dir, INDEX_CACHE_FILE)).size;
  assert.equal(again.filter(([step]) => step === 'cache').at(-1), ['cache', size, size]);
  assert.equal(again.at(-1), ['check', files, files]);
  for (const told of [first, again]) {
    for (let i = 1; i < told.length; i++) if (told[i]![0] === told[i - 1]![0]) assert.ok(told[i]![1] >= told[i - 1]![1], 'done never goes back');
  }
});

test.run();
