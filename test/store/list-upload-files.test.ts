import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listUploadFiles } from '../../server/store/list-upload-files.js';
import { createTempProject } from '../helpers/temp-project.js';

test('media files and sidecars are listed apart, orphan sidecars included, hidden names skipped', () => {
  const project = createTempProject();
  project.write('uploads/a.png', 'x');
  project.write('uploads/a.png.meta.json', {});
  project.write('uploads/gone.png.meta.json', {});
  project.write('uploads/photos/b.png', 'x');
  project.write('uploads/photos/.c.png', 'x');
  project.write('uploads/.cache/d.png', 'x');
  try {
    const { media, sidecars } = listUploadFiles(project.dir);
    assert.equal([...media].sort(), ['a.png', 'photos/b.png']);
    assert.equal([...sidecars].sort(), ['a.png.meta.json', 'gone.png.meta.json']);
  } finally {
    project.cleanup();
  }
});

test('a project without uploads/ lists nothing', () => {
  const project = createTempProject();
  try {
    assert.equal(listUploadFiles(project.dir), { media: [], sidecars: [], refused: [] });
  } finally {
    project.cleanup();
  }
});

test.run();
