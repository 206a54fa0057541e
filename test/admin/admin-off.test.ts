import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import { REPO_ROOT } from '../helpers/paths.js';
import { copySample, startAdminServer } from './admin-server.js';

test('--no-admin (or admin.enabled: false) serves no editor and no /admin route', async () => {
  const off = await startAdminServer({ admin: false });
  try {
    assert.equal((await fetch(`${off.url}/admin`)).status, 404);
    assert.equal((await fetch(`${off.url}/admin/init`)).status, 404);
    assert.equal((await fetch(`${off.url}/api/articles`)).status, 200);
  } finally {
    await off.close();
  }
  const disabled = await startAdminServer({
    prepare: (dir) => {
      const config = JSON.parse(fs.readFileSync(path.join(dir, 'cms.config.json'), 'utf8'));
      fs.writeFileSync(path.join(dir, 'cms.config.json'), JSON.stringify({ ...config, admin: { enabled: false } }));
    },
  });
  try {
    assert.equal((await fetch(`${disabled.url}/admin/init`)).status, 404);
  } finally {
    await disabled.close();
  }
});

test('cms admin create reads the password from stdin and writes only its bcrypt hash into admins/', () => {
  const dir = copySample();
  try {
    execFileSync(
      process.execPath,
      [path.join(REPO_ROOT, 'dist/cli/main.js'), 'admin', 'create', '--email', 'Chief@Example.com', '--role', 'editor', '--dir', dir],
      {
        input: 'Chief1234\n',
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    const files = fs.readdirSync(path.join(dir, 'admins'));
    assert.equal(files.length, 1);
    const admin = JSON.parse(fs.readFileSync(path.join(dir, 'admins', files[0]!), 'utf8'));
    assert.equal(admin.email, 'chief@example.com');
    assert.equal(admin.role, 'editor');
    assert.match(admin.password, /^\$2[aby]\$10\$/);
    assert.doesNotMatch(JSON.stringify(admin), /Chief1234/);
    assert.ok(!fs.existsSync(path.join(dir, 'content', 'admins')));
    // A weak password is refused, naming the rule; nothing is written.
    let failed = false;
    try {
      execFileSync(process.execPath, [path.join(REPO_ROOT, 'dist/cli/main.js'), 'admin', 'create', '--email', 'weak@example.com', '--dir', dir], {
        input: 'weak\n',
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (error) {
      failed = true;
      assert.match(String((error as { stderr: Buffer }).stderr), /at least 8 characters/);
    }
    assert.ok(failed);
    assert.equal(fs.readdirSync(path.join(dir, 'admins')).length, 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
