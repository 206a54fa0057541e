import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSchemaTexts } from '../../server/store/read-schema-texts.js';
import { createTempProject } from '../helpers/temp-project.js';

test('content types and components are read sorted, with the names their places give them; other files are skipped', () => {
  const project = createTempProject();
  project.write('schemas/tag.json', '{"t":1}');
  project.write('schemas/article.json', '{"a":1}');
  project.write('schemas/README.md', 'x');
  project.write('schemas/components/shared/seo.json', '{"s":1}');
  project.write('schemas/components/shared/notes.txt', 'x');
  project.write('schemas/components/blocks/quote.json', '{"q":1}');
  project.write('schemas/components/stray.json', '{}');
  try {
    const texts = readSchemaTexts(project.dir);
    assert.equal(texts, {
      folder: 'schemas',
      components: [
        { file: 'schemas/components/blocks/quote.json', name: 'quote', category: 'blocks', text: '{"q":1}' },
        { file: 'schemas/components/shared/seo.json', name: 'seo', category: 'shared', text: '{"s":1}' },
      ],
      contentTypes: [
        { file: 'schemas/article.json', name: 'article', text: '{"a":1}' },
        { file: 'schemas/tag.json', name: 'tag', text: '{"t":1}' },
      ],
      refused: [],
    });
  } finally {
    project.cleanup();
  }
});

test('a project without schemas/ has no schema texts', () => {
  const project = createTempProject();
  try {
    assert.is(readSchemaTexts(project.dir), undefined);
  } finally {
    project.cleanup();
  }
});

test.run();
