import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { removeFileDurably, removeStaleTempFiles, writeFileAtomic } from '../../server/store/atomic-write.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

let project: TempProject;

test.before.each(() => {
  project = createTempProject();
});
test.after.each(() => {
  project.cleanup();
});

const files = (rel = '.'): string[] => fs.readdirSync(path.join(project.dir, rel)).sort();

test('a new file gets exactly the content, and no temp file stays', () => {
  writeFileAtomic(path.join(project.dir, 'a.json'), '{"a":1}\n');
  assert.is(project.read('a.json'), '{"a":1}\n');
  assert.equal(files(), ['a.json']);
});

test('missing folders are created', () => {
  writeFileAtomic(path.join(project.dir, 'content', 'articles', 'x.json'), 'x');
  assert.is(project.read('content/articles/x.json'), 'x');
});

test('an existing file is replaced whole, shorter content included', () => {
  const file = path.join(project.dir, 'a.json');
  writeFileAtomic(file, 'a long first version\n');
  writeFileAtomic(file, 'short\n');
  assert.is(project.read('a.json'), 'short\n');
  assert.equal(files(), ['a.json']);
});

test('non-ASCII text is written as UTF-8', () => {
  writeFileAtomic(path.join(project.dir, 'a.md'), 'Émile’s café ☕\n');
  assert.is(fs.readFileSync(path.join(project.dir, 'a.md')).toString('utf8'), 'Émile’s café ☕\n');
});

test('a failed rename throws and leaves no temp file behind', () => {
  fs.mkdirSync(path.join(project.dir, 'taken', 'inner'), { recursive: true });
  assert.throws(() => writeFileAtomic(path.join(project.dir, 'taken'), 'x'));
  assert.equal(files(), ['taken']);
  assert.ok(fs.statSync(path.join(project.dir, 'taken')).isDirectory());
});

test('removing a file says whether it existed', () => {
  const file = path.join(project.dir, 'a.json');
  writeFileAtomic(file, 'x');
  assert.is(removeFileDurably(file), true);
  assert.not.ok(fs.existsSync(file));
  assert.is(removeFileDurably(file), false);
  assert.is(removeFileDurably(path.join(project.dir, 'missing', 'b.json')), false);
});

test('removing something that is not a file throws', () => {
  fs.mkdirSync(path.join(project.dir, 'folder'));
  assert.throws(() => removeFileDurably(path.join(project.dir, 'folder')));
});

// A reader in another process, looping over the file while this one replaces it: every read must
// be one whole version, never a mix, never a missing file.
const READER = `
const fs = require('node:fs');
const [file, sizeA, sizeB] = process.argv.slice(1);
const version = (char, size) => JSON.stringify({ v: char.repeat(Number(size)) }) + '\\n';
const a = version('a', sizeA);
const b = version('b', sizeB);
let reads = 0, bad = 0, missing = 0;
process.stdout.write('ready\\n');
for (;;) {
  let text;
  try { text = fs.readFileSync(file, 'utf8'); } catch { missing++; continue; }
  if (text === 'END') break;
  reads++;
  if (text !== a && text !== b) bad++;
}
process.stdout.write(JSON.stringify({ reads, bad, missing }));
`;

test('a reader in another process only ever sees a whole version', async () => {
  const file = path.join(project.dir, 'doc.json');
  const a = `${JSON.stringify({ v: 'a'.repeat(200_000) })}\n`;
  const b = `${JSON.stringify({ v: 'b'.repeat(150_000) })}\n`;
  writeFileAtomic(file, a);
  const child = spawn(process.execPath, ['-e', READER, file, '200000', '150000'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const ready = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.startsWith('ready\n')) resolve();
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await ready;
  for (let i = 0; i < 40; i++) {
    writeFileAtomic(file, i % 2 === 0 ? b : a);
    if (i % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  writeFileAtomic(file, 'END');
  assert.is(await exited, 0);
  const result = JSON.parse(out.slice('ready\n'.length)) as { reads: number; bad: number; missing: number };
  assert.ok(result.reads > 0);
  assert.is(result.bad, 0, `${result.bad} of ${result.reads} reads saw a partial file`);
  assert.is(result.missing, 0, `${result.missing} reads found no file`);
  assert.equal(files(), ['doc.json']);
});

test('temp files of writers that are gone are removed; those of a running process stay', () => {
  project.write('content/a.json', '{}\n');
  project.write('content/.a.json.999999999.0123abcd.tmp', '{"half');
  project.write(`content/.a.json.${process.pid}.0123abcd.tmp`, '{"in progress');
  project.write('content/.notes.tmp', 'not ours');
  assert.is(removeStaleTempFiles(path.join(project.dir, 'content')), 1);
  assert.equal(files('content'), [`.a.json.${process.pid}.0123abcd.tmp`, '.notes.tmp', 'a.json']);
});

test.run();
