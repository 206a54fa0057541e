import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { readProjectText, readProjectTextOrThrow } from '../../server/store/project-files.js';
import { createTempProject } from '../helpers/temp-project.js';

test('readProjectTextOrThrow reads a project file, and throws where readProjectText answers undefined', () => {
  const project = createTempProject();
  project.write('content/homepage.json', '{"title":"Hi"}\n');
  try {
    assert.is(readProjectTextOrThrow(project.dir, 'content/homepage.json'), '{"title":"Hi"}\n');
    assert.is(readProjectText(project.dir, 'content/missing.json'), undefined);
    try {
      readProjectTextOrThrow(project.dir, 'content/missing.json');
      assert.unreachable('a missing file throws');
    } catch (error) {
      assert.is((error as NodeJS.ErrnoException).code, 'ENOENT');
    }
  } finally {
    project.cleanup();
  }
});

test('readProjectTextOrThrow refuses a path that leaves the project', () => {
  assert.throws(
    () => readProjectTextOrThrow('/tmp', '../etc/passwd'),
    (error: unknown) => error instanceof FileError && error.message === 'not a path inside the project',
  );
});

test.run();
