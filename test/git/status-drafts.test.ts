import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type GitTestProject, createGitProject } from '../helpers/git-project.js';

interface Status {
  documents: {
    address: string;
    change: string;
    files: { path: string; change: string; fields: { field: string; op: string; before?: unknown; after?: unknown }[] }[];
  }[];
}

function status(project: GitTestProject): Status {
  const result = project.cms(['status', '--json']);
  assert.is(result.status, 0, result.stderr);
  return JSON.parse(result.stdout) as Status;
}

function documentOf(project: GitTestProject, address: string) {
  const found = status(project).documents.find((document) => document.address === address);
  assert.ok(found, `${address} is listed`);
  return found;
}

function json(project: GitTestProject, rel: string): Record<string, unknown> {
  return JSON.parse(project.read(rel)) as Record<string, unknown>;
}

test('a new draft file beside a committed document is an edit, diffed against the main file it drafts', () => {
  const project = createGitProject();
  try {
    const fr = json(project, 'content/articles/hello.fr.json');
    project.write('content/articles/hello.fr.draft.json', { ...fr, title: 'Brouillon', updatedAt: '2026-02-01T00:00:00.000Z', publishedAt: null });
    const hello = documentOf(project, 'articles/hello');
    assert.is(hello.change, 'edited');
    assert.equal(
      hello.files.map((file) => [file.path, file.change]),
      [['content/articles/hello.fr.draft.json', 'created']],
    );
    assert.equal(hello.files[0]!.fields, [{ field: 'title', op: 'set', before: 'Bonjour', after: 'Brouillon' }]);
    const text = project.cms(['status']).stdout;
    assert.match(text, /^edited\s+articles\/hello$/m);
    assert.match(text, "title: 'Bonjour' → 'Brouillon'");
  } finally {
    project.cleanup();
  }
});

test('a draft file removed from beside a kept main file is an edit, diffed back to the main file', () => {
  const project = createGitProject();
  try {
    const fr = json(project, 'content/articles/hello.fr.json');
    project.write('content/articles/hello.fr.draft.json', { ...fr, title: 'Brouillon', publishedAt: null });
    project.commitAll('Draft the French title');
    project.remove('content/articles/hello.fr.draft.json');
    const hello = documentOf(project, 'articles/hello');
    assert.is(hello.change, 'edited');
    assert.equal(
      hello.files.map((file) => [file.path, file.change]),
      [['content/articles/hello.fr.draft.json', 'deleted']],
    );
    assert.equal(hello.files[0]!.fields, [{ field: 'title', op: 'set', before: 'Brouillon', after: 'Bonjour' }]);
  } finally {
    project.cleanup();
  }
});

test('a draft removed by a publish shows the main file’s change, and no change left in the draft', () => {
  const project = createGitProject();
  try {
    const fr = json(project, 'content/articles/hello.fr.json');
    project.write('content/articles/hello.fr.draft.json', { ...fr, title: 'Brouillon', publishedAt: null });
    project.commitAll('Draft the French title');
    project.write('content/articles/hello.fr.json', { ...fr, title: 'Brouillon' });
    project.remove('content/articles/hello.fr.draft.json');
    const hello = documentOf(project, 'articles/hello');
    assert.is(hello.change, 'edited');
    const byPath = Object.fromEntries(hello.files.map((file) => [file.path, file]));
    assert.equal(byPath['content/articles/hello.fr.json']!.fields, [{ field: 'title', op: 'set', before: 'Bonjour', after: 'Brouillon' }]);
    assert.equal(byPath['content/articles/hello.fr.draft.json']!.fields, []);
  } finally {
    project.cleanup();
  }
});

test('a new locale version beside a committed document is an edit; a document with no committed file is created, one with no file left deleted', () => {
  const project = createGitProject();
  try {
    project.write('content/articles/notes.fr.json', { title: 'Notes en français' });
    project.write('content/articles/extra.json', { title: 'Extra', publishedAt: '2026-02-01T00:00:00.000Z' });
    project.write('content/articles/extra.draft.json', { title: 'Extra draft', publishedAt: null });
    project.remove('content/articles/hello.json');
    project.remove('content/articles/hello.fr.json');
    const documents = Object.fromEntries(status(project).documents.map((document) => [document.address, document]));
    assert.is(documents['articles/notes']!.change, 'edited');
    assert.is(documents['articles/extra']!.change, 'created');
    assert.is(documents['articles/hello']!.change, 'deleted');
    // Beside a main file that is new too, a draft file's fields are all new.
    const draft = documents['articles/extra']!.files.find((file) => file.path.endsWith('.draft.json'))!;
    assert.equal(draft.fields, [{ field: 'title', op: 'set', before: null, after: 'Extra draft' }]);
  } finally {
    project.cleanup();
  }
});

test('before the first commit every document is created', () => {
  const project = createGitProject();
  try {
    project.git(['checkout', '-q', '--orphan', 'fresh']);
    project.git(['rm', '-r', '-q', '--cached', '.']);
    project.write('content/articles/hello.fr.draft.json', { title: 'Brouillon', publishedAt: null });
    const hello = documentOf(project, 'articles/hello');
    assert.is(hello.change, 'created');
    assert.ok(hello.files.every((file) => file.change === 'created'));
  } finally {
    project.cleanup();
  }
});

test.run();
