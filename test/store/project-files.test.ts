import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { readProjectText, readProjectTextOrThrow, statProjectPath, statProjectPaths } from '../../server/store/project-files.js';
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

test('statProjectPaths answers as statProjectPath for each path, a folder checked once per batch: nothing is stat’ed through a link', () => {
  const project = createTempProject();
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-outside-'));
  try {
    project.write('content/articles/one.json', '{}\n');
    project.write('content/articles/two.json', '{"a":1}\n');
    project.write('content/homepage.json', '{}\n');
    fs.writeFileSync(path.join(outside, 'three.json'), '{}\n');
    fs.symlinkSync(outside, path.join(project.dir, 'content/linked'));
    fs.symlinkSync(path.join(outside, 'three.json'), path.join(project.dir, 'content/articles/link.json'));
    const paths = [
      'content/articles/one.json',
      'content/articles/two.json',
      'content/homepage.json',
      'content/linked/three.json',
      'content/linked/three.json',
      'content/articles/link.json',
      'content/articles/missing.json',
      'content/articles',
    ];
    const stat = statProjectPaths(project.dir);
    for (const relPath of paths) assert.equal(stat(relPath), statProjectPath(project.dir, relPath), relPath);
    assert.is(stat('content/linked/three.json'), undefined);
    assert.ok(stat('content/articles/link.json')?.refusal !== undefined, 'a linked file is refused');
    assert.is(stat('content/articles/two.json')?.size, 8);
  } finally {
    project.cleanup();
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test.run();
