import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { ProjectRuntime } from '../../server/runtime/project-runtime.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const APPLE = 'content/articles/z041qrnkdex5f4439ngy6wuh.json';
const ZEBRA = 'content/articles/opniw21e4afikr4ltb3j5uzy.json';

let project: TempProject;
let live: ProjectRuntime;

test.before.each(() => {
  project = createTempProject('blog');
  live = ProjectRuntime.open(loadConfig(project.dir, { watch: false }), { info: () => {}, warn: () => {} });
});
test.after.each(() => {
  project.cleanup();
});

const article = () => live.current.registry.byRouteName.get('articles')!;
const titleOf = (documentId: string) => live.current.index.findEntry(article(), documentId, 'published', null)?.data['title'];

test('the files of a write are on disk and in the index before it returns', () => {
  const data = { ...JSON.parse(project.read(APPLE)), title: 'Committed' };
  live.commit({
    documents: [
      { path: APPLE, type: article(), data },
      { path: ZEBRA, type: article(), data: null },
    ],
  });
  assert.is(JSON.parse(project.read(APPLE)).title, 'Committed');
  assert.is(titleOf('z041qrnkdex5f4439ngy6wuh'), 'Committed');
  assert.not.ok(project.exists(ZEBRA));
  assert.is(live.current.index.findRecord(article(), 'opniw21e4afikr4ltb3j5uzy', null), undefined);
});

test('a file that cannot be encoded fails the whole write before any file is touched', () => {
  const before = { apple: project.read(APPLE), zebra: project.read(ZEBRA) };
  let deep: unknown[] = [];
  for (let i = 0; i < 20_000; i++) deep = [deep];
  assert.throws(() =>
    live.commit({
      documents: [
        { path: APPLE, type: article(), data: { ...JSON.parse(before.apple), title: 'Half a write' } },
        { path: ZEBRA, type: article(), data: { ...JSON.parse(before.zebra), tags: deep } },
      ],
    }),
  );
  assert.is(project.read(APPLE), before.apple);
  assert.is(project.read(ZEBRA), before.zebra);
  assert.is(titleOf('z041qrnkdex5f4439ngy6wuh'), 'apple pie guide');
  assert.equal(
    fs.readdirSync(path.join(project.dir, 'content', 'articles')).filter((name) => name.startsWith('.')),
    [],
  );
});

test.run();
