import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { syncContent } from '../../server/runtime/sync-content.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { createTempProject } from '../helpers/temp-project.js';
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

test('after an edit, a memo with a way to carry it is carried over the changed documents, one without it is made again', () => {
  const project = createTempProject('blog');
  try {
    const state = loadTestProject(project.dir);
    const { index, registry } = state;
    const type = registry.byRouteName.get('articles')!;
    let made = 0;
    const seen: string[][] = [];
    const carried = () =>
      index.memo(
        type,
        'carried',
        () => ++made,
        (value, changes) => {
          seen.push(changes.changed.map(({ before, after }) => `${before?.documentId ?? '-'}>${after?.documentId ?? '-'}`));
          return value + 100;
        },
      );
    const plain = () => index.memo(type, 'plain', () => `made ${++made}`);
    assert.is(carried(), 1);
    assert.is(plain(), 'made 2');
    const [first, second] = fs.readdirSync(path.join(project.dir, 'content/articles')).filter((name) => !name.includes('.draft.'));
    const edit = (name: string) => {
      const file = `content/articles/${name}`;
      project.write(file, { ...JSON.parse(project.read(file)), title: `Edited ${name}` });
      syncContent(state, file);
    };
    edit(first!);
    edit(second!);
    edit(first!);
    assert.is(carried(), 101, 'carried, not made again');
    const id = (name: string) => name.slice(0, -'.json'.length);
    assert.equal(
      seen.map((changed) => [...changed].sort()),
      [[`${id(first!)}>${id(first!)}`, `${id(second!)}>${id(second!)}`].sort()],
      'each changed document once',
    );
    assert.is(carried(), 101, 'kept while nothing changed');
    assert.is(plain(), 'made 3', 'a memo that cannot be carried is made again');
    project.remove(`content/articles/${second!}`);
    syncContent(state, `content/articles/${second!}`);
    assert.is(carried(), 201);
    assert.equal(seen.at(-1), [`${id(second!)}>-`], 'a removed document: no record after');
    // Past 2,048 changed documents since it was made, it is made again.
    for (let i = 0; i < 2_100; i++) {
      const file = `content/articles/added${String(i).padStart(19, '0')}.json`;
      project.write(file, { ...JSON.parse(project.read(`content/articles/${first!}`)), title: `Added ${i}` });
      syncContent(state, file);
    }
    assert.is(carried(), 4);
    // A carry that gives up (undefined) has the memo made again.
    edit(first!);
    assert.is(
      index.memo(
        type,
        'carried',
        () => 'made again',
        () => undefined,
      ),
      'made again',
    );
  } finally {
    project.cleanup();
  }
});

test.run();
