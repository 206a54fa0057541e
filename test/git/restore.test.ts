import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BOB, type GitTestProject, createGitProject } from '../helpers/git-project.js';

let project: GitTestProject;

function json(rel: string): Record<string, unknown> {
  return JSON.parse(project.read(rel)) as Record<string, unknown>;
}

/** The data without the keys named; an unset value (null) counts as absent, as an API write stores every attribute. */
function without(data: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const out = { ...data };
  for (const key of keys) delete out[key];
  for (const key of Object.keys(out)) if (out[key] === null) delete out[key];
  return out;
}

test.before.each(() => {
  project = createGitProject();
});
test.after.each(() => project.cleanup());

test('restore writes back what the old version held and nothing else, as a normal write with new timestamps', () => {
  const start = project.git(['rev-parse', 'HEAD']).trim();
  const old = json('content/articles/hello.json');
  const data = json('content/articles/hello.json');
  data['title'] = 'Changed';
  data['categories'] = ['design'];
  data['seo'] = { metaTitle: 'Changed', author: null };
  data['blocks'] = [];
  project.write('content/articles/hello.json', data);
  project.commitAll('Change hello', BOB);
  const french = project.read('content/articles/hello.fr.json');

  const result = project.cms(['restore', 'articles/hello', start]);
  assert.is(result.status, 0, result.stderr);
  const restored = json('content/articles/hello.json');
  assert.equal(without(restored, 'updatedAt', 'publishedAt'), without(old, 'updatedAt', 'publishedAt'));
  assert.is.not(restored['updatedAt'], old['updatedAt']);
  assert.is(project.read('content/articles/hello.fr.json'), french);
  assert.is(project.git(['status', '--porcelain']).trim(), 'M content/articles/hello.json');
  const history = JSON.parse(project.cms(['history', 'articles/hello', '--json', '--locale', 'en']).stdout) as { commits: unknown[] };
  assert.is(history.commits.length, 2);
});

test('restore of a locale brings back its published version and its draft', () => {
  const fr = json('content/articles/hello.fr.json');
  project.write('content/articles/hello.fr.draft.json', { ...fr, title: 'Brouillon', publishedAt: null });
  const withDraft = project.commitAll('French draft');
  project.remove('content/articles/hello.fr.draft.json');
  project.write('content/articles/hello.fr.json', { ...fr, title: 'Autre' });
  project.commitAll('Publish something else', BOB);

  const result = project.cms(['restore', 'articles/hello', withDraft, '--locale', 'fr']);
  assert.is(result.status, 0, result.stderr);
  assert.is(json('content/articles/hello.fr.json')['title'], 'Bonjour');
  assert.is(json('content/articles/hello.fr.draft.json')['title'], 'Brouillon');
  assert.is(json('content/articles/hello.fr.draft.json')['publishedAt'], null);
});

test('restore leaves out references to documents that are gone, and says so; a deleted document comes back under its documentId', () => {
  const start = project.git(['rev-parse', 'HEAD']).trim();
  project.remove('content/categories/design.json');
  project.remove('content/articles/notes.md');
  project.commitAll('Remove design and notes');
  const result = project.cms(['restore', 'articles/notes', start]);
  assert.is(result.status, 0, result.stderr);
  assert.match(result.stdout, 'left out api::category.category design');
  const notes = json('content/articles/notes.json');
  assert.is(notes['title'], 'Notes');
  assert.match(String(notes['body']), 'First paragraph.');
  assert.equal(notes['categories'], []);
  assert.equal(notes['related'], ['hello']);
  assert.is(project.cms(['check']).status, 0);
});

test('restore names a commit that holds no version of the document', () => {
  project.write('content/articles/late.json', { title: 'Late', publishedAt: null });
  project.commitAll('Late article');
  const result = project.cms(['restore', 'articles/late', 'HEAD~1']);
  assert.is(result.status, 1);
  assert.match(result.stderr, 'holds no version of articles/late');
});

test.run();
