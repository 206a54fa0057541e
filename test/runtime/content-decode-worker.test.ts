import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { loadProject } from '../../server/runtime/load-project.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { startContentPrefetch } from '../../server/runtime/start-content-prefetch.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

/** Everything a load put in the index (every version with its id, timestamps and values) and every problem, by path. */
function summary(state: ProjectState): { entries: unknown[]; problems: string[] } {
  const entries: unknown[] = [];
  for (const { path, entry } of state.index.heldEntries()) {
    const { id, documentId, locale, createdAt, updatedAt, publishedAt, data } = entry;
    entries.push({ path, id, documentId, locale, createdAt, updatedAt, publishedAt, data });
  }
  entries.sort((a, b) => ((a as { path: string }).path < (b as { path: string }).path ? -1 : 1));
  const problems = [...state.problems.values()].map((problem) => problem.format()).sort();
  return { entries, problems };
}

/** Loads a project on the main thread alone, then with the decoding worker preparing every file it can. */
function bothWays(project: TempProject): { plain: ReturnType<typeof summary>; decoded: ReturnType<typeof summary>; prepared: number } {
  const config = loadConfig(project.dir, { watch: false });
  const plain = summary(loadProject(config));
  // Batches of 3, at most 2 ahead: the worker waits for the main thread again and again.
  const prefetch = startContentPrefetch(project.dir, { batchSize: 3, ahead: 2, prepareAll: true });
  try {
    const decoded = summary(loadProject(config, prefetch));
    return { plain, decoded, prepared: prefetch.prepared };
  } finally {
    prefetch.close();
  }
}

for (const fixture of ['blog', 'i18n', 'kitchen-sink', 'localizations', 'relations', 'morph']) {
  test(`${fixture}: the decoding worker gives the index exactly what the main thread gives`, () => {
    const project = createTempProject(fixture);
    try {
      const { plain, decoded, prepared } = bothWays(project);
      assert.ok(plain.entries.length > 0);
      assert.equal(decoded, plain);
      assert.ok(prepared > 0, 'the worker prepared files');
    } finally {
      project.cleanup();
    }
  });
}

test('files the worker cannot prepare (broken, misnamed, no timestamps, Markdown, drafts, long values) come out as on the main thread', () => {
  const project = createTempProject('blog');
  try {
    project.write('content/articles/broken.json', '{ "title": ');
    project.write('content/articles/Bad-Name.json', { title: 'x' });
    project.write('content/articles/wrong-type.json', { title: 5 });
    project.write('content/articles/no-times.json', { title: 'No timestamps', slug: 'no-times' });
    project.write('content/articles/conflict.json', '{\n<<<<<<< HEAD\n  "title": "a"\n}\n');
    project.write('content/posts/a.json', { title: 'x' });
    project.write('content/articles/markdown-one.md', '---\ntitle: From Markdown\n---\nBody text\n');
    // A value past 256 KB, bigger than a batch's buffer: it gets a buffer of its own.
    const long = 'é'.repeat(300_000);
    project.write('content/articles/very-long.json', {
      title: 'Long',
      slug: 'very-long',
      body: [{ type: 'paragraph', children: [{ type: 'text', text: long }] }],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
    const { plain, decoded, prepared } = bothWays(project);
    assert.equal(decoded, plain);
    assert.ok(prepared > 0);
    assert.ok(plain.problems.length >= 4, plain.problems.join('\n'));
    const veryLong = decoded.entries.find((entry) => (entry as { path: string }).path === 'content/articles/very-long.json') as {
      data: { body: { children: { text: string }[] }[] };
    };
    assert.is(veryLong.data.body[0]!.children[0]!.text, long);
  } finally {
    project.cleanup();
  }
});

test.run();
