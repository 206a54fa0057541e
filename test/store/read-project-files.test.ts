import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readProjectFiles } from '../../server/store/read-project-files.js';
import { createTempProject } from '../helpers/temp-project.js';

test('reads plain files by path; a missing file, a link, a hard-linked file and a file beyond a linked folder give undefined', () => {
  const project = createTempProject();
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-outside-'));
  try {
    project.write('content/articles/a.json', '{"title":"A"}\n');
    project.write('content/articles/b.json', '{"title":"B"}\n');
    fs.writeFileSync(path.join(outside, 'secret.json'), '{"secret":true}\n');
    fs.symlinkSync(path.join(outside, 'secret.json'), path.join(project.dir, 'content/articles/link.json'));
    fs.linkSync(path.join(outside, 'secret.json'), path.join(project.dir, 'content/articles/hard.json'));
    fs.symlinkSync(outside, path.join(project.dir, 'content/elsewhere'));
    const read = readProjectFiles(project.dir, [
      'content/articles/a.json',
      'content/articles/missing.json',
      'content/articles/link.json',
      'content/articles/hard.json',
      'content/elsewhere/secret.json',
      'content/articles/b.json',
    ]);
    assert.equal(
      read.map((bytes) => bytes?.toString('utf8')),
      ['{"title":"A"}\n', undefined, undefined, undefined, undefined, '{"title":"B"}\n'],
    );
  } finally {
    project.cleanup();
    fs.rmSync(outside, { recursive: true, force: true });
  }
});

test('a path leading out of the project is never read', () => {
  const project = createTempProject();
  try {
    project.write('content/a.json', '{}');
    assert.equal(readProjectFiles(project.dir, ['../etc/passwd', 'content/a.json']), [undefined, Buffer.from('{}')]);
  } finally {
    project.cleanup();
  }
});

test.run();
