import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isProjectFolder } from '../../server/store/project-folder.js';
import { createTempProject } from '../helpers/temp-project.js';

test('only an existing folder is a project folder', () => {
  const project = createTempProject();
  project.write('cms.config.json', {});
  try {
    assert.is(isProjectFolder(project.dir), true);
    assert.is(isProjectFolder(path.join(project.dir, 'cms.config.json')), false);
    assert.is(isProjectFolder(path.join(project.dir, 'missing')), false);
  } finally {
    project.cleanup();
  }
});

test.run();
