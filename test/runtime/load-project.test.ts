import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { syncContent } from '../../server/runtime/sync-content.js';
import type { SchemaRegistry } from '../../server/schema/schema-registry.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const ENGLISH = { defaultLocale: 'en', locales: [{ code: 'en', name: 'English' }] };

interface Built {
  project: TempProject;
  registry: SchemaRegistry;
  index: ContentIndex;
  state: ProjectState;
}

function build(fixture = 'blog', prepare?: (project: TempProject) => void): Built {
  const project = createTempProject(fixture);
  prepare?.(project);
  const state = loadTestProject(project.dir, ENGLISH);
  return { project, registry: state.registry, index: state.index, state };
}

/** Rewrites a content file through `change` and lets the index see it. */
function edit(built: Built, rel: string, change: (data: any) => void): void {
  const data = JSON.parse(built.project.read(rel));
  change(data);
  built.project.write(rel, data);
  syncContent(built.state, rel);
}

const published = 'published' as const;
const draft = 'draft' as const;

test('ids are the same for the same content in two builds of two copies', () => {
  const a = build();
  const b = build();
  try {
    const article = a.registry.byRouteName.get('articles')!;
    const idsA = a.index.entries(article, draft, null).map((e) => [e.documentId, e.id]);
    const idsB = b.index.entries(b.registry.byRouteName.get('articles')!, draft, null).map((e) => [e.documentId, e.id]);
    assert.is(idsA.length, 12);
    assert.equal(idsA, idsB);
    const homepageA = a.index.findSingle(a.registry.byRouteName.get('homepage')!, null)!;
    const homepageB = b.index.findSingle(b.registry.byRouteName.get('homepage')!, null)!;
    assert.equal([homepageA.documentId, homepageA.id], [homepageB.documentId, homepageB.id]);
    assert.equal(
      a.index.media.list().map((m) => [m.path, m.id, m.documentId]),
      b.index.media.list().map((m) => [m.path, m.id, m.documentId]),
    );
  } finally {
    a.project.cleanup();
    b.project.cleanup();
  }
});

test('ids grow with createdAt, and the default order is createdAt then documentId', () => {
  const built = build('blog', (p) => {
    // Two documents created in the same millisecond as an existing one: documentId breaks the tie.
    const createdAt = JSON.parse(p.read('content/articles/n0rkkhkmxloujb87i7huf7if.json')).createdAt;
    p.write('content/articles/aaa-same-time.json', { title: 'Same time A', createdAt, updatedAt: createdAt, publishedAt: createdAt });
    p.write('content/articles/zzz-same-time.json', { title: 'Same time Z', createdAt, updatedAt: createdAt, publishedAt: createdAt });
  });
  try {
    const article = built.registry.byRouteName.get('articles')!;
    const entries = built.index.entries(article, draft, null);
    const expected = [...entries].sort((x, y) => Date.parse(x.createdAt) - Date.parse(y.createdAt) || (x.documentId < y.documentId ? -1 : 1));
    assert.equal(
      entries.map((e) => e.documentId),
      expected.map((e) => e.documentId),
    );
    assert.equal(
      entries.slice(0, 3).map((e) => e.documentId),
      ['aaa-same-time', 'n0rkkhkmxloujb87i7huf7if', 'zzz-same-time'],
    );
    const createdMs = entries.map((e) => Date.parse(e.createdAt));
    for (let i = 1; i < entries.length; i++) {
      if (createdMs[i]! > createdMs[i - 1]!) assert.ok(entries[i]!.id > entries[i - 1]!.id, `${entries[i]!.documentId} id grows`);
    }
    assert.is(new Set(entries.map((e) => e.id)).size, entries.length, 'ids are unique');
    assert.is(built.index.findRecordById(article, entries[4]!.id)?.documentId, entries[4]!.documentId);
  } finally {
    built.project.cleanup();
  }
});

test('published view: documents with a published version; draft view: every document', () => {
  const built = build();
  try {
    const article = built.registry.byRouteName.get('articles')!;
    const pub = built.index.entries(article, published, null);
    const drafts = built.index.entries(article, draft, null);
    assert.is(pub.length, 10);
    assert.is(drafts.length, 12);
    assert.not.ok(
      pub.some((e) => e.documentId === 'evk8tg6571mbjyyajra4d0ca'),
      'a draft-only file is not published',
    );
    assert.ok(pub.every((e) => e.publishedAt !== null));
    assert.ok(
      drafts.every((e) => e.publishedAt === null),
      'every draft version has publishedAt null',
    );
  } finally {
    built.project.cleanup();
  }
});

test('a .draft.json file is the draft version of a published document; without one the draft view is derived', () => {
  const built = build();
  try {
    const article = built.registry.byRouteName.get('articles')!;
    const withDraft = 'zuvut7z9xszedzzlwpit2luk';
    const pub = built.index.findEntry(article, withDraft, published, null)!;
    const dft = built.index.findEntry(article, withDraft, draft, null)!;
    assert.is(pub.path, 'content/articles/zuvut7z9xszedzzlwpit2luk.json');
    assert.is(dft.path, 'content/articles/zuvut7z9xszedzzlwpit2luk.draft.json');
    assert.is(dft.data['summary'], 'Draft-only summary.');
    assert.is(dft.publishedAt, null);
    assert.is(dft.id, pub.id);

    const plain = 'n0rkkhkmxloujb87i7huf7if';
    const plainPub = built.index.findEntry(article, plain, published, null)!;
    const derived = built.index.findEntry(article, plain, draft, null)!;
    assert.is(derived.publishedAt, null);
    assert.is(derived.data, plainPub.data);
    assert.is(derived.path, plainPub.path);
    assert.ok(plainPub.publishedAt !== null);

    // Removing the draft file: the draft view falls back to the published file.
    built.project.remove('content/articles/zuvut7z9xszedzzlwpit2luk.draft.json');
    syncContent(built.state, 'content/articles/zuvut7z9xszedzzlwpit2luk.draft.json');
    const after = built.index.findEntry(article, withDraft, draft, null)!;
    assert.is(after.path, 'content/articles/zuvut7z9xszedzzlwpit2luk.json');
    assert.is(after.publishedAt, null);
  } finally {
    built.project.cleanup();
  }
});

test('on a type without Draft & Publish, status is ignored and publishedAt falls back to updatedAt', () => {
  const built = build('blog', (p) =>
    p.write('content/authors/new-author.json', { name: 'New', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-02T00:00:00.000Z' }),
  );
  try {
    const author = built.registry.byRouteName.get('authors')!;
    assert.equal(built.index.entries(author, published, null), built.index.entries(author, draft, null));
    assert.is(built.index.findEntry(author, 'new-author', published, null)!.publishedAt, '2026-01-02T00:00:00.000Z');
  } finally {
    built.project.cleanup();
  }
});

test('a hand-made file without timestamps takes them from its mtime', () => {
  const built = build('blog', (p) => p.write('content/categories/hand-made.json', { name: 'Hand made' }));
  try {
    const category = built.registry.byRouteName.get('categories')!;
    const entry = built.index.findEntry(category, 'hand-made', published, null)!;
    assert.match(entry.createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.is(entry.updatedAt, entry.createdAt);
  } finally {
    built.project.cleanup();
  }
});

test('timestamps are normalized to ISO with milliseconds and Z', () => {
  const built = build('blog', (p) =>
    p.write('content/categories/offset.json', { name: 'Offset', createdAt: '2026-01-01T02:00:00+02:00', updatedAt: '2026-01-01T00:00:00Z' }),
  );
  try {
    const entry = built.index.findEntry(built.registry.byRouteName.get('categories')!, 'offset', published, null)!;
    assert.is(entry.createdAt, '2026-01-01T00:00:00.000Z');
    assert.is(entry.updatedAt, '2026-01-01T00:00:00.000Z');
  } finally {
    built.project.cleanup();
  }
});

test('reverse relations (sourcesOf) follow edits, removals and draft files', () => {
  const built = build();
  try {
    const article = built.registry.byRouteName.get('articles')!;
    const sources = (attribute: string, target: string): string[] => built.index.sourcesOf(article, attribute, target).map((r) => r.documentId);
    const mira = 'sjlq8hgxw8ame5jqieu9qb6m';
    const other = 'qlbzjy8ymwitxmczph8a7en0';
    assert.equal(sources('author', mira), ['z041qrnkdex5f4439ngy6wuh', 'dwskr8keskm6eso8drwmjp4i', 'xb20k8enrgeqpua1lq5cdjoh']);

    edit(built, 'content/articles/dwskr8keskm6eso8drwmjp4i.json', (d) => (d.author = other));
    assert.equal(sources('author', mira), ['z041qrnkdex5f4439ngy6wuh', 'xb20k8enrgeqpua1lq5cdjoh']);
    assert.ok(sources('author', other).includes('dwskr8keskm6eso8drwmjp4i'));

    edit(built, 'content/articles/dwskr8keskm6eso8drwmjp4i.json', (d) => (d.categories = ['whpu1a5b21rfdxubibbra8j2']));
    assert.not.ok(sources('categories', 'kgij077343nt9lhyy1ycu5vb').includes('dwskr8keskm6eso8drwmjp4i'));
    assert.ok(sources('categories', 'whpu1a5b21rfdxubibbra8j2').includes('dwskr8keskm6eso8drwmjp4i'));

    built.project.remove('content/articles/z041qrnkdex5f4439ngy6wuh.json');
    syncContent(built.state, 'content/articles/z041qrnkdex5f4439ngy6wuh.json');
    assert.equal(sources('author', mira), ['xb20k8enrgeqpua1lq5cdjoh']);

    // A draft file pointing elsewhere counts too (the draft view may be asked for).
    built.project.write('content/articles/xb20k8enrgeqpua1lq5cdjoh.draft.json', {
      ...JSON.parse(built.project.read('content/articles/xb20k8enrgeqpua1lq5cdjoh.json')),
      author: other,
    });
    syncContent(built.state, 'content/articles/xb20k8enrgeqpua1lq5cdjoh.draft.json');
    assert.equal(sources('author', mira), ['xb20k8enrgeqpua1lq5cdjoh']);
    assert.ok(sources('author', other).includes('xb20k8enrgeqpua1lq5cdjoh'));
  } finally {
    built.project.cleanup();
  }
});

test('reverse relations first asked for after edits reflect the edits (they are built on first use)', () => {
  const built = build();
  try {
    const article = built.registry.byRouteName.get('articles')!;
    const mira = 'sjlq8hgxw8ame5jqieu9qb6m';
    const other = 'qlbzjy8ymwitxmczph8a7en0';
    edit(built, 'content/articles/dwskr8keskm6eso8drwmjp4i.json', (d) => (d.author = other));
    built.project.remove('content/articles/z041qrnkdex5f4439ngy6wuh.json');
    syncContent(built.state, 'content/articles/z041qrnkdex5f4439ngy6wuh.json');
    assert.equal(
      built.index.sourcesOf(article, 'author', mira).map((r) => r.documentId),
      ['xb20k8enrgeqpua1lq5cdjoh'],
    );
    assert.ok(built.index.sourcesOf(article, 'author', other).some((r) => r.documentId === 'dwskr8keskm6eso8drwmjp4i'));
  } finally {
    built.project.cleanup();
  }
});

test('removing a file removes its document; removing a folder removes them all', () => {
  const built = build();
  try {
    const article = built.registry.byRouteName.get('articles')!;
    const category = built.registry.byRouteName.get('categories')!;
    const versionBefore = built.index.typeVersion(article);
    built.project.remove('content/articles/n0rkkhkmxloujb87i7huf7if.json');
    syncContent(built.state, 'content/articles/n0rkkhkmxloujb87i7huf7if.json');
    assert.is(built.index.findRecord(article, 'n0rkkhkmxloujb87i7huf7if', null), undefined);
    assert.is(built.index.entries(article, published, null).length, 9);
    assert.ok(built.index.typeVersion(article) > versionBefore);
    assert.not.ok(built.index.holdsFile('content/articles/n0rkkhkmxloujb87i7huf7if.json'));

    built.project.remove('content/categories');
    syncContent(built.state, 'content/categories/');
    assert.is(built.index.entries(category, published, null).length, 0);
    assert.is(built.index.documentCount(), 12 - 1 + 3 + 1);
  } finally {
    built.project.cleanup();
  }
});

test('a broken edit keeps the last good version and records the problem; fixing it clears the problem', () => {
  const built = build();
  try {
    const article = built.registry.byRouteName.get('articles')!;
    const rel = 'content/articles/n0rkkhkmxloujb87i7huf7if.json';
    const good = built.project.read(rel);
    built.project.write(rel, '{ "title": ');
    syncContent(built.state, rel);
    assert.ok(built.state.problems.has(rel));
    assert.is(built.index.findEntry(article, 'n0rkkhkmxloujb87i7huf7if', published, null)?.data['title'], JSON.parse(good).title);
    built.project.write(rel, good.replace(JSON.parse(good).title, 'Fixed title'));
    syncContent(built.state, rel);
    assert.not.ok(built.state.problems.has(rel));
    assert.is(built.index.findEntry(article, 'n0rkkhkmxloujb87i7huf7if', published, null)?.data['title'], 'Fixed title');
    // A broken file that is then deleted leaves no problem behind.
    built.project.write(rel, '{');
    syncContent(built.state, rel);
    built.project.remove(rel);
    syncContent(built.state, rel);
    assert.not.ok(built.state.problems.has(rel));
    assert.is(built.index.findRecord(article, 'n0rkkhkmxloujb87i7huf7if', null), undefined);
  } finally {
    built.project.cleanup();
  }
});

test('a locale suffix on a type that is not localized is a problem', () => {
  const built = build('blog', (p) => p.write('content/categories/news.fr.json', { name: 'Actualités' }));
  try {
    assert.match(built.state.problems.get('content/categories/news.fr.json')?.message ?? '', /category is not localized/);
  } finally {
    built.project.cleanup();
  }
});

test('a single type gets a documentId that is stable for the same content and follows edits', () => {
  const a = build();
  const b = build();
  try {
    const homepage = a.registry.byRouteName.get('homepage')!;
    const first = a.index.findSingle(homepage, null)!;
    assert.match(first.documentId, /^[a-z][a-z0-9]{23}$/);
    assert.is(b.index.findSingle(b.registry.byRouteName.get('homepage')!, null)!.documentId, first.documentId);

    edit(a, 'content/homepage.json', (d) => (d.heroTitle = 'Changed'));
    const edited = a.index.findSingle(homepage, null)!;
    assert.is(edited.documentId, first.documentId);
    assert.is(edited.id, first.id);
    assert.is(edited.main?.data['heroTitle'], 'Changed');
    assert.is(a.index.documentCount(), 12 + 3 + 4 + 1);

    // Deleted and created again (a new createdAt): a new document.
    edit(a, 'content/homepage.json', (d) => (d.createdAt = '2027-01-01T00:00:00.000Z'));
    const recreated = a.index.findSingle(homepage, null)!;
    assert.is.not(recreated.documentId, first.documentId);
    assert.is(a.index.documentCount(), 12 + 3 + 4 + 1);
  } finally {
    a.project.cleanup();
    b.project.cleanup();
  }
});

test('a single type without timestamps still gets the same documentId in every build', () => {
  const strip = (p: TempProject): void => {
    const data = JSON.parse(p.read('content/homepage.json'));
    delete data.createdAt;
    delete data.updatedAt;
    delete data.publishedAt;
    p.write('content/homepage.json', data);
  };
  const a = build('blog', strip);
  const b = build('blog', strip);
  try {
    const idA = a.index.findSingle(a.registry.byRouteName.get('homepage')!, null)!.documentId;
    const idB = b.index.findSingle(b.registry.byRouteName.get('homepage')!, null)!.documentId;
    assert.is(idA, idB);
  } finally {
    a.project.cleanup();
    b.project.cleanup();
  }
});

test.run();
