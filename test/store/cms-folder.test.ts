import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { countContentFiles } from '../../server/store/count-content-files.js';
import { writeIndexCache } from '../../server/store/index-cache-file.js';
import { writeLocalSecret } from '../../server/store/local-secrets.js';
import { writeProjectText } from '../../server/store/project-files.js';
import { applyJournaled } from '../../server/store/write-journal.js';
import { createGitProject } from '../helpers/git-project.js';

/** What git would add with `git add -A` under .cms/. */
function untrackedInCms(project: { git(args: readonly string[]): string }): string[] {
  return project
    .git(['status', '--porcelain', '--untracked-files=all'])
    .split('\n')
    .filter((line) => line.includes('.cms/'));
}

test('every kind of file cms keeps in .cms/ stays out of git in a project whose .gitignore does not name it', async () => {
  const project = createGitProject();
  try {
    assert.not.ok(fs.existsSync(path.join(project.dir, '.gitignore')), 'the fixture has no .gitignore');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const folder of fs.readdirSync(path.join(project.dir, 'content'))) fs.utimesSync(path.join(project.dir, 'content', folder), hourAgo, hourAgo);
    // Each writer alone, from a project without .cms/, makes it ignored.
    const writers: [string, () => unknown][] = [
      ['the index cache', () => writeIndexCache(project.dir, 'key', [])],
      ['the remembered counts', () => countContentFiles(project.dir)],
      ['a local secret', () => writeLocalSecret(project.dir, 'apiTokenSalt', 'salt')],
      ['a log or the outbox', () => writeProjectText(project.dir, '.cms/webhooks-log.json', '[]')],
      ['a journaled write', () => applyJournaled(project.dir, [{ kind: 'write', path: 'notes.txt', text: 'x' }])],
    ];
    for (const [what, write] of writers) {
      fs.rmSync(path.join(project.dir, '.cms'), { recursive: true, force: true });
      await write();
      assert.ok(fs.readdirSync(path.join(project.dir, '.cms')).length > 0, `${what} wrote into .cms/`);
      assert.is(fs.readFileSync(path.join(project.dir, '.cms/.gitignore'), 'utf8'), '*\n', what);
      assert.equal(untrackedInCms(project), [], what);
    }
  } finally {
    project.cleanup();
  }
});

test('a .gitignore of the user in .cms/ is left as it is; a linked .cms/ gets none', () => {
  const project = createGitProject();
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-folder-elsewhere-'));
  try {
    fs.mkdirSync(path.join(project.dir, '.cms'));
    fs.writeFileSync(path.join(project.dir, '.cms/.gitignore'), 'index-cache.bin\n');
    writeLocalSecret(project.dir, 'apiTokenSalt', 'salt');
    assert.is(fs.readFileSync(path.join(project.dir, '.cms/.gitignore'), 'utf8'), 'index-cache.bin\n');
    fs.rmSync(path.join(project.dir, '.cms'), { recursive: true });
    fs.symlinkSync(elsewhere, path.join(project.dir, '.cms'));
    assert.throws(() => writeProjectText(project.dir, '.cms/webhooks-log.json', '[]'));
    assert.equal(fs.readdirSync(elsewhere), []);
  } finally {
    project.cleanup();
    fs.rmSync(elsewhere, { recursive: true, force: true });
  }
});

test.run();
