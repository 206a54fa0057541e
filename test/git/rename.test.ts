import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type GitTestProject, createGitProject } from '../helpers/git-project.js';
import { loadTestProject } from '../helpers/load-test-project.js';

let project: GitTestProject;

function json(rel: string): Record<string, unknown> {
  return JSON.parse(project.read(rel)) as Record<string, unknown>;
}

function idsOf(uid: string, documentId: string): (number | undefined)[] {
  const state = loadTestProject(project.dir);
  const type = state.registry.contentTypes.get(uid)!;
  return ['en', 'fr'].map((locale) => state.index.findRecord(type, documentId, type.localized ? locale : null)?.id);
}

test.before.each(() => {
  project = createGitProject();
});
test.after.each(() => project.cleanup());

test('cms mv renames every file of a document and every relation to it, in components, dynamic zones and other locales; ids stay; cms check is clean', () => {
  const ids = idsOf('api::author.author', 'ada');
  const result = project.cms(['mv', 'authors/ada', 'ada-lovelace']);
  assert.is(result.status, 0, result.stderr);
  assert.not.ok(project.exists('content/authors/ada.json'));
  assert.is(json('content/authors/ada-lovelace.json')['renamedFrom'], 'ada');
  const hello = json('content/articles/hello.json');
  assert.equal(hello['seo'], { metaTitle: 'Hello', author: 'ada-lovelace' });
  assert.is((hello['blocks'] as Record<string, unknown>[])[0]!['author'], 'ada-lovelace');
  assert.equal(json('content/articles/hello.fr.json')['seo'], { metaTitle: 'Bonjour', author: 'ada-lovelace' });
  assert.is(json('content/authors/grace.json')['mentor'], 'ada-lovelace');
  assert.equal(idsOf('api::author.author', 'ada-lovelace'), ids);
  const check = project.cms(['check']);
  assert.is(check.status, 0, check.stdout);
});

test('cms mv of a localized Markdown document moves every locale and draft and keeps the front matter as written', () => {
  project.write('content/articles/hello.fr.draft.json', { ...json('content/articles/hello.fr.json'), title: 'Brouillon', publishedAt: null });
  const ids = idsOf('api::article.article', 'hello');
  const notesIds = idsOf('api::article.article', 'notes');
  assert.is(project.cms(['mv', 'articles/hello', 'greeting']).status, 0);
  assert.is(project.cms(['mv', 'articles/notes', 'field-notes']).status, 0);
  for (const name of ['greeting.json', 'greeting.fr.json', 'greeting.fr.draft.json', 'field-notes.md'])
    assert.ok(project.exists(`content/articles/${name}`), name);
  for (const name of ['hello.json', 'hello.fr.json', 'hello.fr.draft.json', 'notes.md']) assert.not.ok(project.exists(`content/articles/${name}`), name);
  const notes = project.read('content/articles/field-notes.md');
  assert.match(notes, 'title: Notes\n');
  assert.match(notes, 'related:\n  - greeting\n');
  assert.match(notes, 'renamedFrom: notes\n');
  assert.match(notes, '# Notes\n\nFirst paragraph.');
  assert.equal(idsOf('api::article.article', 'greeting'), ids);
  assert.equal(idsOf('api::article.article', 'field-notes'), notesIds);
  assert.is(project.cms(['check']).status, 0);
  // Back to its first name: the file no longer needs renamedFrom, and the id is still the same.
  assert.is(project.cms(['mv', 'articles/greeting', 'hello']).status, 0);
  assert.not.ok('renamedFrom' in json('content/articles/hello.json'));
  assert.equal(idsOf('api::article.article', 'hello'), ids);
});

test('cms mv refuses an id in use (even by a file that cannot be read), an unknown document and a bad id, and changes nothing', () => {
  project.write('content/articles/broken.json', '{ "title": ');
  const before = project.git(['status', '--porcelain']);
  for (const [args, message] of [
    [['mv', 'articles/hello', 'broken'], 'content/articles/broken.json exists already'],
    [['mv', 'articles/hello', 'notes'], 'exists already'],
    [['mv', 'articles/nope', 'other'], 'no article with documentId "nope"'],
    [['mv', 'articles/hello', '../x'], 'invalid documentId'],
  ] as const) {
    const result = project.cms(args);
    assert.is(result.status, 1, args.join(' '));
    assert.match(result.stderr, message);
  }
  assert.is(project.git(['status', '--porcelain']), before);
});

test('cms mv of a media file moves it with a sidecar that keeps its id, and rewrites every document using it', () => {
  const before = loadTestProject(project.dir).index.media.findByPath('pixel.png')!;
  const result = project.cms(['mv', 'uploads/pixel.png', 'images/red.png']);
  assert.is(result.status, 0, result.stderr);
  assert.not.ok(project.exists('uploads/pixel.png'));
  assert.ok(project.exists('uploads/images/red.png'));
  const hello = json('content/articles/hello.json');
  assert.is(hello['cover'], 'images/red.png');
  assert.is((hello['blocks'] as Record<string, unknown>[])[1]!['file'], 'images/red.png');
  assert.is(json('content/authors/ada.json')['avatar'], 'images/red.png');
  const after = loadTestProject(project.dir).index.media.findByPath('images/red.png')!;
  assert.equal([after.id, after.documentId, after.data.name], [before.id, before.documentId, before.data.name]);
  assert.is(project.cms(['check']).status, 0);
});

test.run();
