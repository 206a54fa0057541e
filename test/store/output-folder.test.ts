import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeOutputFile } from '../../server/store/output-folder.js';
import { createTempProject } from '../helpers/temp-project.js';

test('an output file is written whole into folders it creates, with no temp file left', () => {
  const folder = createTempProject();
  try {
    const file = path.join(folder.dir, 'a', 'b', 'cms-types.ts');
    writeOutputFile(file, 'export type A = 1;\n');
    writeOutputFile(file, 'x\n');
    assert.is(fs.readFileSync(file, 'utf8'), 'x\n');
    assert.equal(fs.readdirSync(path.dirname(file)), ['cms-types.ts']);
  } finally {
    folder.cleanup();
  }
});

test('a relative output path is relative to the working folder', () => {
  const folder = createTempProject();
  try {
    writeOutputFile(path.relative(process.cwd(), path.join(folder.dir, 'out.ts')), 'y\n');
    assert.is(folder.read('out.ts'), 'y\n');
  } finally {
    folder.cleanup();
  }
});

test.run();
