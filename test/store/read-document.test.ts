import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { FileError } from '../../server/errors/file-error.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { parseContentPath } from '../../server/store/content-path.js';
import { decodeStoredDocument, readDocumentFile } from '../../server/store/read-document.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'kitchen-sink'));
const jsonFile = parseContentPath(registry, 'content/things/a.json')!;
const mdFile = parseContentPath(registry, 'content/things/a.md')!;
const noMtime = (): number => assert.unreachable('the mtime is not needed') as never;

function readError(text: string, file = jsonFile): FileError {
  try {
    decodeStoredDocument(registry, file, text, () => 0);
  } catch (error) {
    assert.instance(error, FileError);
    return error as FileError;
  }
  return assert.unreachable('should have thrown') as never;
}

test('a file with its timestamps is read without asking for its mtime', () => {
  const stored = decodeStoredDocument(
    registry,
    jsonFile,
    '{"title":"A","createdAt":"2024-01-01T00:00:00.000Z","updatedAt":"2024-01-01T00:00:00.000Z"}',
    noMtime,
  );
  assert.equal(stored.data, { title: 'A', createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' });
  assert.is(stored.mtimeMs, undefined);
  assert.is(stored.file, jsonFile);
});

test('a hand-made file without timestamps gets its mtime', () => {
  const stored = decodeStoredDocument(registry, jsonFile, '{"title":"A"}', () => 1234);
  assert.is(stored.mtimeMs, 1234);
});

const conflicts: { name: string; text: string; line: number }[] = [
  {
    name: 'in a JSON file',
    text: '{\n<<<<<<< HEAD\n  "title": "Ours",\n=======\n  "title": "Theirs",\n>>>>>>> branch\n}\n',
    line: 2,
  },
  { name: 'at the very start', text: '<<<<<<< HEAD\n{"title":"A"}\n=======\n{"title":"B"}\n>>>>>>> b\n', line: 1 },
];
for (const row of conflicts) {
  test(`unresolved git merge conflict markers are reported with their line: ${row.name}`, () => {
    const error = readError(row.text);
    assert.is(error.message, 'unresolved git merge conflict');
    assert.is(error.line, row.line);
    assert.is(error.file, 'content/things/a.json');
  });
}

test('merge conflict markers in a Markdown file are reported too', () => {
  const error = readError('---\ntitle: A\n---\nText\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> b\n', mdFile);
  assert.is(error.format(), 'content/things/a.md:5:1: unresolved git merge conflict');
});

test('a schema problem is reported at the line of the key, counting the others', () => {
  const error = readError('{\n  "title": "A",\n  "count": "three",\n  "active": "yes",\n  "nope": 1\n}\n');
  assert.is(error.format(), 'content/things/a.json:3:1: count: expected an integer, got "three" (and 2 more problems)');
});

test('one extra problem is counted in the singular', () => {
  const error = readError('{ "count": "three", "active": "yes" }');
  assert.match(error.message, /\(and 1 more problem\)$/);
});

test('a problem in Markdown front matter points at its line', () => {
  const error = readError('---\ntitle: A\ncount: three\n---\nBody\n', mdFile);
  assert.is(error.format(), 'content/things/a.md:3:1: count: expected an integer, got "three"');
});

test('readDocumentFile reads from disk, and a missing file is a FileError naming it', () => {
  const project = createTempProject('kitchen-sink');
  try {
    const full = readDocumentFile(project.dir, registry, parseContentPath(registry, 'content/things/full.json')!);
    assert.is(full.data['title'], 'Everything');
    const notes = readDocumentFile(project.dir, registry, parseContentPath(registry, 'content/things/notes.md')!);
    assert.is(notes.data['content'], '# Notes\n\nWritten in *Markdown*.');
    project.write('content/things/bare.json', { title: 'No timestamps' });
    const mtime = fs.statSync(path.join(project.dir, 'content/things/bare.json')).mtimeMs;
    assert.is(readDocumentFile(project.dir, registry, parseContentPath(registry, 'content/things/bare.json')!).mtimeMs, mtime);
    assert.throws(
      () => readDocumentFile(project.dir, registry, jsonFile),
      (error: unknown) => error instanceof FileError && error.file === 'content/things/a.json' && /^cannot read: /.test(error.message),
    );
  } finally {
    project.cleanup();
  }
});

test.run();
