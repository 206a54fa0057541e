import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listContent } from '../../server/store/content-listing.js';
import { listContentEntries } from '../../server/store/list-content-entries.js';
import { listUploadFiles } from '../../server/store/list-upload-files.js';
import { loadConfig } from '../../server/store/load-config.js';
import { locateUpload } from '../../server/store/locate-upload.js';
import { RefusedFileError, readPlainFile } from '../../server/store/plain-file.js';
import { listProjectFolder, readProjectText, statProjectPath, writeProjectText } from '../../server/store/project-files.js';
import { readMediaBytes } from '../../server/store/read-media.js';
import { createTempProject } from '../helpers/temp-project.js';

const SECRET = 'SECRET-c2b9';

function withProject(run: (dir: string, outside: string) => void): void {
  const project = createTempProject();
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-outside-'));
  fs.writeFileSync(path.join(outside, 'secret.json'), `{"title":"${SECRET}"}`);
  fs.mkdirSync(path.join(outside, 'folder'));
  fs.writeFileSync(path.join(outside, 'folder', 'a.json'), `{"title":"${SECRET}"}`);
  project.write('content/articles/plain.json', '{"title":"plain"}');
  project.write('uploads/plain.png', 'png');
  try {
    run(project.dir, outside);
  } finally {
    project.cleanup();
    fs.rmSync(outside, { recursive: true, force: true });
  }
}

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    assert.instance(error, RefusedFileError);
    assert.not.ok((error as Error).message.includes(SECRET));
    return (error as Error).message;
  }
  assert.unreachable('expected a RefusedFileError');
  return '';
}

const LINKS = [
  { name: 'an absolute link to a file outside', target: (_dir: string, outside: string) => path.join(outside, 'secret.json') },
  {
    name: 'a relative link to a file outside',
    target: (dir: string, outside: string) => path.relative(path.join(dir, 'content/articles'), path.join(outside, 'secret.json')),
  },
  { name: 'a link to a file inside the project (links are never followed)', target: () => 'plain.json' },
];

for (const { name, target } of LINKS) {
  test(`${name} is refused by every read, and described without its target`, () => {
    withProject((dir, outside) => {
      fs.symlinkSync(target(dir, outside), path.join(dir, 'content/articles/link.json'));
      assert.match(
        refusal(() => readPlainFile(dir, 'content/articles/link.json')),
        /symbolic link/,
      );
      assert.match(
        refusal(() => readProjectText(dir, 'content/articles/link.json')),
        /symbolic link/,
      );
      assert.equal(statProjectPath(dir, 'content/articles/link.json'), {
        isFile: false,
        isFolder: false,
        size: 0,
        mtimeMs: 0,
        refusal: statProjectPath(dir, 'content/articles/link.json')?.refusal,
      });
      assert.match(statProjectPath(dir, 'content/articles/link.json')?.refusal ?? '', /symbolic link/);
      assert.equal(listContent(path.join(dir, 'content')).refused, [
        { path: 'content/articles/link.json', reason: statProjectPath(dir, 'content/articles/link.json')?.refusal },
      ]);
    });
  });
}

test('a file reached through a linked folder is not there; the folder is refused by the listings', () => {
  withProject((dir, outside) => {
    fs.symlinkSync(path.join(outside, 'folder'), path.join(dir, 'content/linked'));
    fs.symlinkSync(path.join(outside, 'folder'), path.join(dir, 'uploads/linked'));
    assert.throws(
      () => readPlainFile(dir, 'content/linked/a.json'),
      (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
    );
    assert.is(statProjectPath(dir, 'content/linked/a.json'), undefined);
    assert.equal(listProjectFolder(dir, 'content/linked'), []);
    const listing = listContent(path.join(dir, 'content'));
    assert.equal(
      listing.folders.map((folder) => folder.name),
      ['articles'],
    );
    assert.equal(
      listing.refused.map((entry) => entry.path),
      ['content/linked'],
    );
    assert.equal(
      listContentEntries(dir).refused.map((entry) => entry.path),
      ['content/linked'],
    );
    assert.equal(
      listUploadFiles(dir).refused.map((entry) => entry.path),
      ['uploads/linked'],
    );
    assert.is(locateUpload(dir, 'linked/a.json'), undefined);
    assert.is(readMediaBytes(dir, 'linked/a.json'), undefined);
    assert.throws(
      () => writeProjectText(dir, 'content/linked/new.json', '{}'),
      (error: unknown) => error instanceof RefusedFileError,
    );
    assert.not.ok(fs.existsSync(path.join(outside, 'folder', 'new.json')), 'a write through a linked folder lands outside');
  });
});

test('content/ itself being a link lists nothing and is refused', () => {
  withProject((dir, outside) => {
    fs.rmSync(path.join(dir, 'content'), { recursive: true });
    fs.symlinkSync(path.join(outside, 'folder'), path.join(dir, 'content'));
    const listing = listContent(path.join(dir, 'content'));
    assert.equal(listing.files, []);
    assert.equal(listing.folders, []);
    assert.equal(
      listing.refused.map((entry) => entry.path),
      ['content'],
    );
  });
});

test('a hard-linked file is refused with a message that says why', () => {
  withProject((dir, outside) => {
    fs.linkSync(path.join(outside, 'secret.json'), path.join(dir, 'content/articles/hard.json'));
    fs.linkSync(path.join(outside, 'secret.json'), path.join(dir, 'uploads/hard.png'));
    assert.match(
      refusal(() => readPlainFile(dir, 'content/articles/hard.json')),
      /hard-linked file .*cannot be proved to stay inside the project/,
    );
    assert.is(readMediaBytes(dir, 'hard.png'), undefined);
    assert.is(locateUpload(dir, 'hard.png'), undefined);
  });
});

test('a FIFO is refused without blocking, by the listing and by a read', () => {
  withProject((dir) => {
    execFileSync('mkfifo', [path.join(dir, 'content/articles/fifo.json')]);
    assert.equal(
      listContent(path.join(dir, 'content')).refused.map((entry) => entry.path),
      ['content/articles/fifo.json'],
    );
    assert.match(
      refusal(() => readPlainFile(dir, 'content/articles/fifo.json')),
      /not a regular file/,
    );
  });
});

test('a linked cms.config.json is refused when the config loads', () => {
  withProject((dir, outside) => {
    fs.symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'cms.config.json'));
    assert.match(
      refusal(() => loadConfig(dir, {}, {})),
      /symbolic link/,
    );
  });
});

test('plain files are read as before', () => {
  withProject((dir) => {
    assert.is(readPlainFile(dir, 'content/articles/plain.json').toString('utf8'), '{"title":"plain"}');
    assert.is(readMediaBytes(dir, 'plain.png')?.toString('utf8'), 'png');
    assert.is(locateUpload(dir, 'plain.png')?.mediaPath, 'plain.png');
  });
});

test.run();
