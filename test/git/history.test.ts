import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BOB, type GitTestProject, createGitProject } from '../helpers/git-project.js';

interface Field {
  field: string;
  op: string;
  before?: unknown;
  after?: unknown;
  added?: unknown[];
  removed?: unknown[];
}
interface File {
  path: string;
  locale: string | null;
  draft: boolean;
  change: string;
  from?: string;
  fields: Field[];
}
interface Commit {
  commit: string;
  parents: string[];
  author: { name: string; email: string };
  message: string;
  files: File[];
}

let project: GitTestProject;
const commits: Record<string, string> = {};

function edit(rel: string, change: (data: Record<string, unknown>) => void): void {
  const data = JSON.parse(project.read(rel)) as Record<string, unknown>;
  change(data);
  project.write(rel, data);
}

function history(document: string, ...flags: string[]): Commit[] {
  const result = project.cms(['history', document, '--json', ...flags]);
  assert.is(result.status, 0, result.stderr);
  return (JSON.parse(result.stdout) as { commits: Commit[] }).commits;
}

test.before(() => {
  project = createGitProject();
  commits['start'] = project.git(['rev-parse', 'HEAD']).trim();
  edit('content/articles/hello.json', (data) => {
    data['title'] = 'Hello World';
    data['categories'] = ['news', 'design'];
  });
  commits['retitle'] = project.commitAll('Retitle hello', BOB);
  project.git(['checkout', '-q', '-b', 'feature']);
  project.write(
    'content/articles/notes.md',
    project.read('content/articles/notes.md').replace('title: Notes', 'title: Field notes').replace('First paragraph.', 'A better paragraph.'),
  );
  commits['notes'] = project.commitAll('Rewrite the notes');
  project.git(['checkout', '-q', 'main']);
  project.write('content/articles/hello.fr.draft.json', {
    ...JSON.parse(project.read('content/articles/hello.fr.json')),
    title: 'Bonjour le monde',
    publishedAt: null,
  });
  commits['draft'] = project.commitAll('French draft', BOB);
  project.git(['merge', '-q', '--no-ff', '-m', 'Merge feature', 'feature']);
  commits['merge'] = project.git(['rev-parse', 'HEAD']).trim();
  const moved = project.cms(['mv', 'articles/hello', 'greeting']);
  assert.is(moved.status, 0, moved.stderr);
  commits['rename'] = project.commitAll('Rename hello to greeting');
  edit('content/articles/greeting.json', (data) => (data['title'] = 'Greetings'));
  commits['after'] = project.commitAll('Retitle greeting', BOB);
});
test.after(() => project.cleanup());

/** Registers the test twice: reading the history index of `.cms/`, and one git log of the document's pathspecs without it. */
function both(name: string, check: () => void): void {
  test(`${name} (history index)`, check);
  test(`${name} (one git log, no index)`, () => {
    project.git(['config', 'cms.historyIndex', 'false']);
    try {
      check();
    } finally {
      project.git(['config', '--unset', 'cms.historyIndex']);
    }
  });
}

both('history lists every commit that touched the document, newest first, through its rename, with authors and messages', () => {
  const list = history('articles/greeting');
  assert.equal(
    list.map((c) => c.commit),
    [commits['after'], commits['rename'], commits['draft'], commits['retitle'], commits['start']],
  );
  assert.equal(
    list.map((c) => c.author.name),
    [BOB.name, 'Ann Author', BOB.name, BOB.name, 'Ann Author'],
  );
  assert.is(list[1]!.message, 'Rename hello to greeting');
  const renamed = list[1]!.files.find((f) => f.path === 'content/articles/greeting.json')!;
  assert.is(renamed.change, 'renamed');
  assert.is(renamed.from, 'content/articles/hello.json');
  assert.equal(renamed.fields, [{ field: 'renamedFrom', op: 'set', before: null, after: 'hello' }]);
});

both('history shows field-level diffs of a JSON document: a value replaced, an item joined to a relation list', () => {
  const retitle = history('articles/greeting').find((c) => c.commit === commits['retitle'])!;
  assert.equal(retitle.files[0]!.fields, [
    { field: 'title', op: 'set', before: 'Hello', after: 'Hello World' },
    { field: 'categories', op: 'list', added: ['design'], removed: [] },
  ]);
  const text = project.cms(['history', 'articles/greeting']).stdout;
  assert.match(text, "title: 'Hello' → 'Hello World'");
  assert.match(text, 'categories: + design');
  assert.match(text, "title: 'Hello World' → 'Greetings'");
});

both('history of a Markdown document diffs its front matter and body; a merge lists what it brought against its first parent', () => {
  const list = history('articles/notes');
  assert.equal(
    list.map((c) => c.commit),
    [commits['rename'], commits['merge'], commits['notes'], commits['start']],
  );
  // The rename of hello rewrote the relation pointing at it.
  assert.equal(list[0]!.files[0]!.fields, [{ field: 'related', op: 'list', added: ['greeting'], removed: ['hello'] }]);
  const fields = list[2]!.files[0]!.fields;
  assert.equal(fields[0], { field: 'title', op: 'set', before: 'Notes', after: 'Field notes' });
  assert.is(fields[1]!.field, 'body');
  assert.match(String(fields[1]!.after), 'A better paragraph.');
  assert.equal(list[1]!.files[0]!.fields, fields);
});

both('history --locale keeps the files of one locale: drafts and locale versions', () => {
  const list = history('articles/greeting', '--locale', 'fr');
  assert.equal(
    list.map((c) => c.commit),
    [commits['rename'], commits['draft'], commits['start']],
  );
  const draft = list[1]!.files[0]!;
  assert.equal([draft.path, draft.locale, draft.draft, draft.change], ['content/articles/hello.fr.draft.json', 'fr', true, 'created']);
  assert.ok(draft.fields.some((f) => f.field === 'title' && f.after === 'Bonjour le monde'));
});

test('the history index gives the same histories as one git log of the document, with a limit too', () => {
  const documents = [['articles/greeting'], ['articles/notes'], ['articles/greeting', '--locale', 'fr'], ['articles/greeting', '--limit', '2']];
  const indexed = documents.map((args) => history(args[0]!, ...args.slice(1)));
  assert.ok(fs.existsSync(path.join(project.dir, '.cms/history-index')), 'cms history wrote the index');
  assert.is(project.git(['status', '--porcelain', '--ignored=no', '--', '.cms']), '', 'the index is ignored by git');
  project.git(['config', 'cms.historyIndex', 'false']);
  try {
    assert.equal(
      documents.map((args) => history(args[0]!, ...args.slice(1))),
      indexed,
    );
  } finally {
    project.git(['config', '--unset', 'cms.historyIndex']);
  }
});

test('cms show opens a past version as the API answered it, with the id the document keeps', () => {
  const result = project.cms(['show', 'articles/hello', commits['retitle']!, '--locale', 'en']);
  assert.is(result.status, 0, result.stderr);
  const [version] = (JSON.parse(result.stdout) as { versions: { data: Record<string, unknown> }[] }).versions;
  assert.is(version!.data['documentId'], 'hello');
  assert.is(version!.data['title'], 'Hello World');
  assert.equal(version!.data['categories'], ['news', 'design']);
  const now = project.cms(['show', 'articles/greeting', 'HEAD', '--locale', 'en']);
  const [current] = (JSON.parse(now.stdout) as { versions: { data: Record<string, unknown> }[] }).versions;
  assert.is(current!.data['id'], version!.data['id']);
});

test('a commit name that git could read as an option is refused', () => {
  const result = project.cms(['show', 'articles/greeting', '--output=/tmp/x']);
  assert.is.not(result.status, 0);
});

test.run();
