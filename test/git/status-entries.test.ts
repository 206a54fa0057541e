import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createGitProject } from '../helpers/git-project.js';

interface Status {
  documents: { address: string; change: string; files: { path: string; change: string; fields: { field: string; before?: unknown; after?: unknown }[] }[] }[];
  media: { path: string; change: string; hash: string | null }[];
}

test('cms status reads staged changes as the working tree has them: staged edit, staged removal, staged creation, a media name with a space', () => {
  const project = createGitProject();
  try {
    const hello = JSON.parse(project.read('content/articles/hello.json')) as Record<string, unknown>;
    project.write('content/articles/hello.json', { ...hello, title: 'Staged title' });
    project.git(['add', 'content/articles/hello.json']);
    project.git(['rm', '-q', 'content/authors/grace.json']);
    project.write('content/categories/travel.json', { name: 'Travel' });
    project.git(['add', 'content/categories/travel.json']);
    // Staged, then edited again: the working tree is what status compares with HEAD.
    project.write('content/categories/travel.json', { name: 'Far travel' });
    fs.copyFileSync(path.join(project.dir, 'uploads/pixel.png'), path.join(project.dir, 'uploads/my photo.png'));
    const result = project.cms(['status', '--json']);
    assert.is(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout) as Status;
    const byAddress = Object.fromEntries(report.documents.map((d) => [d.address, d]));
    assert.equal(Object.keys(byAddress).sort(), ['articles/hello', 'authors/grace', 'categories/travel']);
    assert.equal(byAddress['articles/hello']!.files[0]!.fields, [{ field: 'title', op: 'set', before: hello['title'], after: 'Staged title' }]);
    assert.is(byAddress['authors/grace']!.change, 'deleted');
    assert.is(byAddress['categories/travel']!.change, 'created');
    assert.equal(
      byAddress['categories/travel']!.files[0]!.fields.map((f) => [f.field, f.after]),
      [['name', 'Far travel']],
    );
    assert.equal(
      report.media.map((m) => [m.path, m.change]),
      [['uploads/my photo.png', 'created']],
    );
    assert.is(report.media[0]!.hash, project.git(['hash-object', 'uploads/my photo.png']).trim());
  } finally {
    project.cleanup();
  }
});

test.run();
