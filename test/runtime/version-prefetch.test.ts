import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ContentIndex } from '../../server/content-index/content-index.js';
import { indexCacheKey } from '../../server/runtime/index-cache.js';
import { loadProject } from '../../server/runtime/load-project.js';
import { placeDocument } from '../../server/runtime/place-document.js';
import { PrefetchedVersions } from '../../server/runtime/prefetched-versions.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { startVersionPrefetch } from '../../server/runtime/start-version-prefetch.js';
import type { PrefetchBlock } from '../../server/store/content-prefetch-protocol.js';
import { loadConfig } from '../../server/store/load-config.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { scanContent } from '../../server/store/scan-content.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

/** Everything a read sees of every version of every type, in order, and the problems of the load. */
function view(state: ProjectState): unknown {
  const out: unknown[] = [];
  const { index } = state;
  for (const type of index.registry.contentTypes.values()) {
    for (const status of ['published', 'draft'] as const) {
      for (const entry of index.entries(type, status, '*')) {
        const { id, documentId, locale, createdAt, updatedAt, publishedAt, path: file, data } = entry;
        out.push({ type: type.uid, status, id, documentId, locale, createdAt, updatedAt, publishedAt, file, data });
      }
    }
  }
  const problems = [...state.problems.values()].map((problem) => problem.message).sort();
  return { out, problems };
}

/** Loads a project: on this thread alone, or with a worker decoding files (every batch, or those this thread does not reach first). */
function load(project: TempProject, prefetch?: { share: boolean }): ProjectState {
  const config = loadConfig(project.dir, { watch: false, indexCache: false });
  return loadProject(config, prefetch && startVersionPrefetch(project.dir, { batchSize: 7, ahead: 2, ...prefetch }));
}

/** A blog with many articles made at the same millisecond (their derived ids collide), and files that go wrong. */
function messyBlog(): TempProject {
  const project = createTempProject('blog');
  const at = '2026-03-01T10:00:00.000Z';
  for (let n = 0; n < 120; n++) {
    const body = [{ type: 'paragraph', children: [{ type: 'text', text: `Paragraph ${n} of a body kept off the heap` }] }];
    project.write(`content/articles/same-ms-${n}.json`, { title: `Same ${n}`, body, summary: `summary ${n}`, createdAt: at, updatedAt: at, publishedAt: at });
  }
  project.write('content/articles/broken.json', '{ "title": ');
  project.write('content/articles/wrong-kind.json', { title: 12 });
  // Its timestamps are its mtime's: the same in every copy made here.
  project.write('content/articles/no-times.json', { title: 'Without timestamps' });
  fs.utimesSync(path.join(project.dir, 'content/articles/no-times.json'), new Date(at), new Date(at));
  project.write('content/articles/markdown-one.md', '---\ntitle: From Markdown\n---\nBody text\n');
  project.write('content/articles/fr-suffix.fr.json', { title: 'A locale on a type that is not localized' });
  return project;
}

function localizedProject(): TempProject {
  const project = createTempProject('i18n');
  const times = { createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', publishedAt: '2026-03-01T10:00:00.000Z' };
  for (let n = 0; n < 40; n++) {
    project.write(`content/articles/story-${n}.json`, { title: `Story ${n}`, views: n, category: 'news', ...times });
    project.write(`content/articles/story-${n}.fr.json`, { title: `Histoire ${n}`, views: n, category: 'news', ...times });
  }
  return project;
}

/**
 * Articles whose bodies (70 KB each) fill more than the worker's first chunk of shared memory (4 MB):
 * a batch's records then lie in two chunks.
 */
function longBodies(): TempProject {
  const project = createTempProject('blog');
  const at = '2026-03-01T10:00:00.000Z';
  for (let n = 0; n < 80; n++) {
    const text = `${String(n).padStart(2, '0')} ${'word '.repeat(14_000)}end`;
    project.write(`content/articles/long-${String(n).padStart(2, '0')}.json`, {
      title: `Long ${n}`,
      body: [{ type: 'paragraph', children: [{ type: 'text', text }] }],
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
    });
  }
  return project;
}

for (const [name, make] of [
  ['a blog (long values, drafts, Markdown, a single type, broken files)', messyBlog],
  ['a localized project (locales, a locale not configured, a single type in two locales)', localizedProject],
  ['long bodies (a batch whose records lie in two chunks of shared memory)', longBodies],
] as const) {
  test(`a start whose worker decodes the files places exactly what a start on one thread places: ${name}`, () => {
    const plain = make();
    const prefetched = make();
    try {
      const expected = view(load(plain));
      assert.equal(view(load(prefetched, { share: false })), expected);
      assert.equal(view(load(prefetched, { share: true })), expected);
    } finally {
      plain.cleanup();
      prefetched.cleanup();
    }
  });
}

/** Scans with a worker, counting the files placed from its blocks (and whether a block was taken). */
function scanCounting(project: TempProject, key?: string): { placed: number; adopted: number; state: ProjectState } {
  const config = loadConfig(project.dir, { watch: false, indexCache: false });
  const registry = loadSchemas(project.dir);
  const state: ProjectState = { dir: project.dir, registry, index: new ContentIndex(registry, config.i18n), problems: new Map() };
  const versions = new PrefetchedVersions(state, key ?? indexCacheKey(registry, config.i18n));
  let placed = 0;
  let adopted = 0;
  const counting = {
    adopt: (block: PrefetchBlock): boolean => {
      const taken = versions.adopt(block);
      if (taken) adopted++;
      return taken;
    },
    place: (relPath: string): boolean => {
      const done = versions.place(relPath);
      if (done) placed++;
      return done;
    },
  };
  // Every batch from the worker: which ones the main thread would read itself depends on timing.
  const prefetch = startVersionPrefetch(project.dir, { batchSize: 5, ahead: 2, share: false });
  state.index.load(() => {
    const { problems } = scanContent(project.dir, registry, prefetch, { visit: (stored) => placeDocument(state, stored), prefetched: counting });
    for (const problem of problems) state.problems.set(problem.file, problem);
  });
  return { placed, adopted, state };
}

test('the worker decodes files into blocks the main thread places; it reads what the worker leaves to it', () => {
  const project = messyBlog();
  try {
    const files = fs.readdirSync(path.join(project.dir, 'content'), { recursive: true }).filter((name) => /\.(json|md)$/.test(String(name))).length;
    const { placed, adopted, state } = scanCounting(project);
    assert.is(adopted, Math.ceil(files / 5));
    // The rest were read here: the four files with a problem, and the single type's.
    assert.is(placed, files - 5);
    assert.is(state.problems.size, 4);
    const article = state.registry.byRouteName.get('articles')!;
    const body = state.index.findEntry(article, 'same-ms-77', 'published', null)?.data['body'];
    assert.equal(body, [{ type: 'paragraph', children: [{ type: 'text', text: 'Paragraph 77 of a body kept off the heap' }] }]);
  } finally {
    project.cleanup();
  }
});

test('blocks made for other schemas or locales are not taken: every file is read on the main thread', () => {
  const project = messyBlog();
  const plain = messyBlog();
  try {
    const { placed, adopted, state } = scanCounting(project, 'cms-index-4\nanother key');
    assert.is(adopted, 0);
    assert.is(placed, 0);
    const expected = scanCounting(plain).state;
    assert.is(state.index.documentCount(), expected.index.documentCount());
    assert.equal([...state.problems.keys()].sort(), [...expected.problems.keys()].sort());
  } finally {
    project.cleanup();
    plain.cleanup();
  }
});

test.run();
