import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countFolderNames, readFolder, readFolderNames } from '../../server/store/read-folder.js';

/** A folder of 3,000 files (more than one batch), a folder, a link and a hidden file. */
function makeFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-read-folder-'));
  for (let i = 0; i < 3_000; i++) fs.writeFileSync(path.join(dir, `doc-${i}.json`), '{}');
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.symlinkSync('doc-1.json', path.join(dir, 'link.json'));
  fs.writeFileSync(path.join(dir, '.hidden'), '');
  return dir;
}

test('readFolder gives what readdirSync gives: every name, with what each entry is', () => {
  const dir = makeFolder();
  try {
    const kind = (entry: fs.Dirent): string => (entry.isFile() ? 'file' : entry.isDirectory() ? 'folder' : entry.isSymbolicLink() ? 'link' : 'other');
    const expected = fs.readdirSync(dir, { withFileTypes: true }).map((entry) => `${entry.name} ${kind(entry)}`);
    const read = readFolder(dir).map((entry) => `${entry.name} ${kind(entry)}`);
    // In the same order, too: listings and the index cache's order rely on it.
    assert.equal(read, expected);
    assert.is(read.length, 3_003);
    assert.ok(read.includes('link.json link'));
    assert.equal(readFolderNames(dir), fs.readdirSync(dir));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('countFolderNames counts the names kept', async () => {
  const dir = makeFolder();
  try {
    assert.is(await countFolderNames(dir, (name) => !name.startsWith('.')), 3_002);
    assert.is(await countFolderNames(dir, (name) => name.endsWith('.json')), 3_001);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a folder that does not exist throws as readdirSync does', () => {
  assert.throws(
    () => readFolder(path.join(os.tmpdir(), 'cms-no-such-folder-here')),
    (error: NodeJS.ErrnoException) => error.code === 'ENOENT',
  );
});

test.run();
