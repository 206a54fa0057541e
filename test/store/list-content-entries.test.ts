import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listContentEntries } from '../../server/store/list-content-entries.js';
import { createTempProject } from '../helpers/temp-project.js';

test('lists content/ two levels deep, saying which entries are folders, without hidden or backup names', () => {
  const project = createTempProject();
  project.write('content/homepage.json', {});
  project.write('content/notes.txt', 'x');
  project.write('content/.homepage.json.1.abcd0123.tmp', 'x');
  project.write('content/homepage.json~', 'x');
  project.write('content/articles/a.json', {});
  project.write('content/articles/old/b.json', {});
  project.write('content/articles/.c.json', {});
  project.write('content/articles/a.json~', {});
  project.write('content/.git/d.json', {});
  try {
    const entries = listContentEntries(project.dir);
    assert.equal([...entries.files].sort(), ['homepage.json', 'notes.txt']);
    assert.equal(entries.folders.length, 1);
    assert.is(entries.folders[0]?.name, 'articles');
    const inner = [...(entries.folders[0]?.entries ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1));
    assert.equal(inner, [
      { name: 'a.json', isFolder: false },
      { name: 'old', isFolder: true },
    ]);
  } finally {
    project.cleanup();
  }
});

test('a project without content/ has no entries', () => {
  const project = createTempProject();
  try {
    assert.equal(listContentEntries(project.dir), { files: [], folders: [], refused: [] });
  } finally {
    project.cleanup();
  }
});

test.run();
