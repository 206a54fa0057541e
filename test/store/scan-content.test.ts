import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { loadSchemas } from '../../server/schema/load-schemas.js';
import { scanContent } from '../../server/store/scan-content.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));

test('scanContent reads every content file of the blog fixture', () => {
  const { documents, problems } = scanContent(path.join(FIXTURES_DIR, 'blog'), registry);
  assert.equal(problems, []);
  assert.is(documents.length, 13 + 3 + 4 + 1);
  assert.is(documents.filter((d) => d.file.draft).length, 1);
  assert.is(documents.filter((d) => d.file.type.kind === 'singleType').length, 1);
});

test('bad files are reported, never thrown, and the rest is read', () => {
  const project = createTempProject('blog');
  project.write('content/articles/broken.json', '{ "title": ');
  project.write('content/articles/Bad-Name.json', { title: 'x' });
  project.write('content/posts/a.json', { title: 'x' });
  project.write('content/articles/.hidden.json', '{ not read');
  project.write('content/articles/README.txt', 'ignored');
  project.write('content/authors/wrong.json', { nickname: 'x' });
  const { documents, problems } = scanContent(project.dir, registry);
  project.cleanup();
  assert.is(documents.length, 21);
  assert.equal(problems.map((p) => p.file).sort(), [
    'content/articles/Bad-Name.json',
    'content/articles/broken.json',
    'content/authors/wrong.json',
    'content/posts/a.json',
  ]);
});

test('a project without content/ has no documents', () => {
  const project = createTempProject('blog');
  project.remove('content');
  assert.equal(scanContent(project.dir, registry), { documents: [], problems: [] });
  project.cleanup();
});

test.run();
