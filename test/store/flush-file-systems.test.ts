import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { flushFileSystems } from '../../server/store/flush-file-systems.js';

test('flushes the file system of existing folders on Linux; a missing folder or none answers false (the caller fsyncs each file)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-flush-'));
  try {
    assert.is(flushFileSystems([dir]), process.platform === 'linux');
    assert.is(flushFileSystems([path.join(dir, 'missing')]), false);
    assert.is(flushFileSystems([]), false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
