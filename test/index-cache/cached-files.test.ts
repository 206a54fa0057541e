import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CompactEntry } from '../../server/content-index/compact-entry.js';
import { CachedFiles } from '../../server/runtime/index-cache.js';

/** Cached versions of these paths, in this order (only the path of an entry is read, and asked). */
function cachedOf(paths: readonly string[]): CachedFiles {
  const cached = new CachedFiles();
  paths.forEach((path, size) => cached.add({ path, isAt: (asked: string) => asked === path } as CompactEntry, size, size / 2));
  return cached;
}

const PATHS = ['content/a/1.json', 'content/a/2.json', 'content/a/2.draft.json', 'content/a/3.json', 'content/b/x.json', 'content/home.json'];

test('asked in the order held, every version is found', () => {
  const cached = cachedOf(PATHS);
  assert.equal(
    PATHS.map((path) => cached.get(path)?.size),
    [0, 1, 2, 3, 4, 5],
  );
  assert.equal(
    PATHS.map((path) => [cached.get(path)?.mtimeMs, cached.get(path)?.entry.path]),
    PATHS.map((path, i) => [i / 2, path]),
  );
});

test('asked in another order, with files added and removed, each version is found by its path and nothing else is', () => {
  const cached = cachedOf(PATHS);
  // 2.json is gone, new.json is new, the draft is listed before its published file, b/ comes first.
  const asked = [
    'content/b/x.json',
    'content/a/1.json',
    'content/a/new.json',
    'content/a/2.draft.json',
    'content/a/3.json',
    'content/home.json',
    'content/a/9.json',
  ];
  assert.equal(
    asked.map((path) => cached.get(path)?.size),
    [4, 0, undefined, 2, 3, 5, undefined],
  );
  assert.is(cached.size, PATHS.length);
});

test('after a lookup, the versions that follow it are found in turn again', () => {
  const paths = Array.from({ length: 50 }, (_, i) => `content/a/${i}.json`);
  const cached = cachedOf(paths);
  const asked = [...paths.slice(25), ...paths.slice(0, 25)];
  assert.equal(
    asked.map((path) => cached.get(path)?.size),
    asked.map((path) => paths.indexOf(path)),
  );
});

test.run();
