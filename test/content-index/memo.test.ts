import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTestProject } from '../helpers/load-test-project.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

test('a memo used all the time outlives many used once', () => {
  const { index, registry } = loadTestProject(path.join(FIXTURES_DIR, 'blog'));
  const type = registry.byRouteName.get('articles')!;
  let made = 0;
  const hot = () => index.memo(type, 'hot', () => ({ made: ++made }));
  const first = hot();
  for (let i = 0; i < 1_000; i++) {
    index.memo(type, `once-${i}`, () => i);
    assert.is(hot(), first, `still kept after ${i + 1} others`);
  }
  assert.is(made, 1);
  // Only the most recent ones are kept: an old one is made again.
  let again = 0;
  index.memo(type, 'once-0', () => ++again);
  assert.is(again, 1);
  // Another type's memos are its own.
  const authors = registry.byRouteName.get('authors')!;
  assert.is(
    index.memo(authors, 'hot', () => 'authors'),
    'authors',
  );
  assert.is(hot(), first);
});

test.run();
