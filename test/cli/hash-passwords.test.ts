import { spawnSync } from 'node:child_process';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

// `cms check` flags passwords held in plain text; `cms hash-passwords` replaces exactly those values
// with their hashes, every other byte of the file as it was; `cms new --set` writes only hashes.

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');
const HASH = /\$2[ab]\$10\$[./A-Za-z0-9]{53}/g;

function runCli(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Hand-written: odd spacing, keys out of schema order, escapes, no trailing newline.
const JSON_TEXT = `{"name":   "Plain",
  "login" : {"pw":"login\\"pass", "username": "pw"},
  "pw":"hunter2",
  "blocks": [ {"__component": "account.note", "text": "pw"},
     {"__component":"account.login","pw":  "zone-pass"} ],
  "publishedAt": "2026-01-03T09:00:00.000Z"}`;
const MD_TEXT = `---
name: Mark
pw: 'hunter 22' # changed on Monday
login:
  username: mark
  pw: login-pass
blocks:
  - __component: account.login
    pw: "zone-pass"
publishedAt: 2026-01-03T09:00:00.000Z
---
The body mentions pw: hunter 22 and stays.
`;
/** The plain values as each file writes them, in file order. */
const WRITTEN: Record<string, { token: string; plain: string; line: number; column: number }[]> = {
  'content/people/plain.json': [
    { token: '"login\\"pass"', plain: 'login"pass', line: 2, column: 19 },
    { token: '"hunter2"', plain: 'hunter2', line: 3, column: 8 },
    { token: '"zone-pass"', plain: 'zone-pass', line: 5, column: 44 },
  ],
  'content/people/mark.md': [
    { token: "'hunter 22'", plain: 'hunter 22', line: 3, column: 5 },
    { token: 'login-pass', plain: 'login-pass', line: 6, column: 7 },
    { token: '"zone-pass"', plain: 'zone-pass', line: 9, column: 9 },
  ],
};

let project: TempProject;

test.before.each(() => {
  project = createTempProject('passwords');
  project.write('content/people/plain.json', JSON_TEXT);
  project.write('content/people/mark.md', MD_TEXT);
});
test.after.each(() => project.cleanup());

test('cms check reports each password in plain text with file, line, column and rule, at any depth', () => {
  const result = runCli(['check', '--format', 'json'], project.dir);
  assert.is(result.status, 1, result.stderr);
  const report = JSON.parse(result.stdout) as { problems: { file: string; line: number; column: number; rule: string; message: string }[] };
  const found = report.problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.rule}`);
  const expected = Object.entries(WRITTEN).flatMap(([file, values]) => values.map((v) => `${file}:${v.line}:${v.column}: plain-password`));
  assert.equal(found.sort(), expected.sort());
  assert.ok(report.problems.every((p) => p.message.endsWith('a password in plain text: run cms hash-passwords to store its bcrypt hash')));
  assert.ok(report.problems.some((p) => p.message.startsWith('blocks.1.pw: ')));
});

test('cms hash-passwords replaces only the values, then a second run changes nothing', async () => {
  const result = runCli(['hash-passwords'], project.dir);
  assert.is(result.status, 0, result.stderr);
  assert.is(result.stdout, 'content/people/mark.md: 3 passwords hashed\ncontent/people/plain.json: 3 passwords hashed\n6 passwords hashed in 2 files\n');
  for (const [file, values] of Object.entries(WRITTEN)) {
    const text = project.read(file);
    const hashes = text.match(HASH) ?? [];
    assert.is(hashes.length, values.length, file);
    for (const [k, hash] of hashes.entries()) assert.ok(await bcrypt.compare(values[k]!.plain, hash), `${file} ${values[k]!.plain}`);
    // Putting the plain tokens back where the hashes (JSON strings, plain YAML scalars) are gives the original file byte for byte.
    let i = 0;
    const written = file.endsWith('.json') ? new RegExp(`"${HASH.source}"`, 'g') : HASH;
    const restored = text.replace(written, () => values[i++]!.token);
    assert.is(restored, file.endsWith('.json') ? JSON_TEXT : MD_TEXT);
  }
  assert.is(runCli(['check'], project.dir).status, 0);
  const before = Object.keys(WRITTEN).map((file) => project.read(file));
  const again = runCli(['hash-passwords', '--dir', project.dir], REPO_ROOT);
  assert.is(again.status, 0, again.stderr);
  assert.is(again.stdout, '0 passwords hashed in 0 files\n');
  assert.equal(
    Object.keys(WRITTEN).map((file) => project.read(file)),
    before,
  );
});

test('cms new --set stores the hash of a password, judged by its plain value', async () => {
  const made = runCli(['new', 'person', '--id', 'neo', '--set', 'name=Neo', '--set', 'pw=follow-rabbit', '--set', 'login.pw=matrix-pass'], project.dir);
  assert.is(made.status, 0, made.stderr);
  const data = JSON.parse(project.read('content/people/neo.json')) as Record<string, any>;
  assert.ok(await bcrypt.compare('follow-rabbit', data['pw']));
  assert.ok(await bcrypt.compare('matrix-pass', data['login'].pw));
  assert.not.ok(project.read('content/people/neo.json').includes('rabbit'));

  const short = runCli(['new', 'person', '--id', 'short', '--set', 'name=S', '--set', 'pw=abc'], project.dir);
  assert.is(short.status, 1);
  assert.match(short.stderr, 'pw must be at least 6 characters');
  const missing = runCli(['new', 'person', '--id', 'nopw', '--set', 'name=S'], project.dir);
  assert.is(missing.status, 1);
  assert.match(missing.stderr, 'pw is a required password: pass --set pw=<password>');
  assert.not.ok(project.exists('content/people/short.json') || project.exists('content/people/nopw.json'));
});

test.run();
