import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { JOURNAL_DIR } from '../../server/store/project-layout.js';
import { applyJournaled, replayJournals } from '../../server/store/write-journal.js';
import { createTempProject } from '../helpers/temp-project.js';

test('applyJournaled writes, moves and removes files, and leaves no journal', () => {
  const project = createTempProject();
  try {
    project.write('content/a.json', 'old a\n');
    project.write('uploads/x.bin', 'bytes');
    applyJournaled(project.dir, [
      { kind: 'write', path: 'content/b.json', text: 'new b\n' },
      { kind: 'move', from: 'uploads/x.bin', path: 'uploads/y/x.bin' },
      { kind: 'remove', path: 'content/a.json' },
    ]);
    assert.is(project.read('content/b.json'), 'new b\n');
    assert.is(project.read('uploads/y/x.bin'), 'bytes');
    assert.not.ok(project.exists('content/a.json'));
    assert.equal(fs.readdirSync(path.join(project.dir, JOURNAL_DIR)), []);
  } finally {
    project.cleanup();
  }
});

test('a step that fails rolls the earlier ones back: nothing changed', () => {
  const project = createTempProject();
  try {
    project.write('content/a.json', 'old a\n');
    project.write('content/dir/keep', 'a file where a folder is needed');
    assert.throws(() =>
      applyJournaled(project.dir, [
        { kind: 'write', path: 'content/a.json', text: 'new a\n' },
        { kind: 'write', path: 'content/b.json', text: 'new b\n' },
        { kind: 'write', path: 'content/dir/keep/c.json', text: 'cannot\n' },
      ]),
    );
    assert.is(project.read('content/a.json'), 'old a\n');
    assert.not.ok(project.exists('content/b.json'));
    assert.equal(fs.readdirSync(path.join(project.dir, JOURNAL_DIR)), []);
  } finally {
    project.cleanup();
  }
});

test('replayJournals finishes the journal of a process that is gone, and leaves a running one alone', () => {
  const project = createTempProject();
  try {
    project.write('content/a.json', 'old a\n');
    const steps = [
      { kind: 'write', path: 'content/b.json', text: 'new b\n' },
      { kind: 'remove', path: 'content/a.json' },
    ];
    // pid 2^22 + 1 is above Linux's pid_max default range: no such process.
    project.write(`${JOURNAL_DIR}/4194305-1-aaaaaaaa.json`, JSON.stringify({ steps, before: ['old a\n', null] }));
    project.write(`${JOURNAL_DIR}/${process.pid}-1-bbbbbbbb.json`, JSON.stringify({ steps: [{ kind: 'remove', path: 'content/b.json' }], before: [null] }));
    assert.equal(replayJournals(project.dir), ['content/b.json', 'content/a.json']);
    assert.is(project.read('content/b.json'), 'new b\n');
    assert.not.ok(project.exists('content/a.json'));
    assert.equal(fs.readdirSync(path.join(project.dir, JOURNAL_DIR)), [`${process.pid}-1-bbbbbbbb.json`]);
  } finally {
    project.cleanup();
  }
});

test.run();
