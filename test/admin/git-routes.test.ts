import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import { ANN, BOB } from '../helpers/git-project.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from './admin-server.js';
import { commitAllIn, contentStatus, editJson, gitIn, initRepository } from './git-helpers.js';

const ARTICLE = 'api::article.article';
const DOC = 'node-20-upgrade-notes';
const FILE = `content/articles/${DOC}.json`;
const HISTORY = `/admin/history/collection-types/${ARTICLE}/${DOC}`;
const OLD_TITLE = 'Upgrading to Node 20: Notes from the Field';
const NEW_TITLE = 'Node 20, one service a day';

let app: AdminTestServer;
let boss: AdminClient;
let editor: AdminClient;
let author: AdminClient;
let annCommit = '';
let bobCommit = '';

test.before(async () => {
  app = await startAdminServer({
    prepare: (dir) => {
      initRepository(dir);
      annCommit = gitIn(dir, ['rev-parse', 'HEAD']).trim();
      editJson(dir, FILE, (data) => {
        data['title'] = NEW_TITLE;
        data['categories'] = ['engineering', 'design'];
      });
      bobCommit = commitAllIn(dir, 'Retitle the Node notes', BOB);
    },
  });
  boss = new AdminClient(app.url);
  await boss.request('POST', '/admin/register-admin', BOSS);
  for (const [role, email] of [
    ['editor', 'ed@example.com'],
    ['author', 'au@example.com'],
  ] as const)
    assert.equal((await boss.request('POST', '/admin/users', { email, password: 'Secret123', role, firstname: role })).status, 201);
  editor = new AdminClient(app.url);
  await editor.signIn('ed@example.com', 'Secret123');
  author = new AdminClient(app.url);
  await author.signIn('au@example.com', 'Secret123');
});
test.after(async () => {
  await app?.close();
});

const git = (args: readonly string[]) => gitIn(app.dir, args);
const committed = (rel: string) => git(['show', `HEAD:${rel}`]);

test('without a session the git routes answer 401; a write without the CSRF token 403', async () => {
  const anonymous = new AdminClient(app.url);
  for (const [method, route] of [
    ['GET', HISTORY],
    ['GET', `${HISTORY}/${annCommit}`],
    ['POST', `${HISTORY}/${annCommit}/restore`],
    ['GET', '/admin/changes'],
    ['POST', '/admin/changes/commit'],
    ['POST', '/admin/changes/discard'],
    ['POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/change-id`],
  ]) {
    const answer = await anonymous.request(method!, route!, method === 'GET' ? undefined : {});
    assert.equal(answer.status, 401, `${method} ${route}`);
  }
  const noToken = await boss.request('POST', '/admin/changes/commit', { message: 'x', documents: ['articles/x'], hashes: {} }, { 'x-csrf-token': 'wrong' });
  assert.equal(noToken.status, 403);
  const restore = await boss.request('POST', `${HISTORY}/${annCommit}/restore`, {}, { 'x-csrf-token': '' });
  assert.equal(restore.status, 403);
  assert.equal(JSON.parse(app.read(FILE)).title, NEW_TITLE);
});

test('the history lists the commits of a document newest first, with authors and the fields that changed', async () => {
  const answer = await author.request('GET', HISTORY);
  assert.equal(answer.status, 200);
  const commits = answer.body.data.commits;
  assert.deepEqual(
    commits.map((c: any) => c.commit),
    git(['log', '--format=%H', '--', FILE]).trim().split('\n'),
  );
  assert.deepEqual(
    commits.map((c: any) => [c.author.name, c.message]),
    [
      [BOB.name, 'Retitle the Node notes'],
      [ANN.name, 'Start the site'],
    ],
  );
  assert.equal(commits[0].commit, bobCommit);
  const [edited] = commits[0].files;
  assert.equal(edited.change, 'edited');
  assert.equal(edited.locale, 'en');
  assert.deepEqual(
    edited.fields.map((f: any) => f.summary),
    [`title: '${OLD_TITLE}' → '${NEW_TITLE}'`, 'categories: + design'],
  );
  assert.equal(commits[1].files[0].change, 'created');
  assert.equal(answer.body.data.hasMore, false);
  const paged = await author.request('GET', `${HISTORY}?limit=1`);
  assert.equal(paged.body.data.commits.length, 1);
  assert.equal(paged.body.data.hasMore, true);
  // A single type's history is under single-types, per locale like the rest.
  const home = await author.request('GET', '/admin/history/single-types/api::homepage.homepage?locale=fr');
  assert.deepEqual(
    home.body.data.commits.map((c: any) => c.files.map((f: any) => f.path)),
    [['content/homepage.fr.json']],
  );
  // Another locale's history holds only that locale's files.
  const french = await author.request('GET', `/admin/history/collection-types/${ARTICLE}/designing-dark-mode?locale=fr`);
  assert.deepEqual(
    french.body.data.commits[0].files.map((f: any) => f.path),
    ['content/articles/designing-dark-mode.fr.json'],
  );
});

test('a past version answers as the API did; bad commit names and ids are refused before git sees them', async () => {
  const answer = await author.request('GET', `${HISTORY}/${annCommit}`);
  assert.equal(answer.status, 200);
  const [version] = answer.body.data.versions;
  assert.equal(version.data.title, OLD_TITLE);
  assert.equal(version.data.documentId, DOC);
  assert.deepEqual(version.data.categories, ['engineering']);
  assert.equal(answer.body.data.commit, annCommit);
  for (const bad of ['--output=x', 'no-such-commit', encodeURIComponent('HEAD;rm')]) {
    const refused = await author.request('GET', `${HISTORY}/${bad}`);
    assert.equal(refused.status, 400, bad);
    assert.equal(refused.body.error.name, 'ApplicationError');
  }
  assert.equal((await author.request('GET', `/admin/history/collection-types/${ARTICLE}/..%2F..%2Fetc`)).status, 400);
  assert.equal((await author.request('GET', `/admin/history/collection-types/api::nope.nope/${DOC}`)).status, 404);
  assert.equal((await author.request('GET', `${HISTORY}?locale=xx`)).status, 400);
  assert.equal((await author.request('GET', `${HISTORY}?limit=0`)).status, 400);
});

test('restore writes what the old version held as an ordinary, uncommitted change; an Author restores only their own documents', async () => {
  const refused = await author.request('POST', `${HISTORY}/${annCommit}/restore`);
  assert.equal(refused.status, 403);
  const opened = await boss.request('GET', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`);
  const stale = await boss.request('POST', `${HISTORY}/${annCommit}/restore`, {}, { 'x-opened-version': 'an-older-version' });
  assert.equal(stale.status, 409);
  const logBefore = git(['log', '--format=%H']);
  const answer = await boss.request('POST', `${HISTORY}/${annCommit}/restore`, {}, { 'x-opened-version': opened.body.data.version });
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(answer.body.data.written, [FILE]);
  assert.equal(answer.body.data.document.values.title, OLD_TITLE);
  const onDisk = JSON.parse(app.read(FILE));
  const old = JSON.parse(git(['show', `${annCommit}:${FILE}`]));
  for (const key of Object.keys(old)) if (key !== 'updatedAt' && key !== 'publishedAt') assert.deepEqual(onDisk[key], old[key], key);
  assert.notEqual(onDisk.updatedAt, old.updatedAt, 'a restore is a new write');
  assert.deepEqual(contentStatus(app.dir), [` M ${FILE}`]);
  assert.equal(git(['log', '--format=%H']), logBefore, 'nothing is committed');
});

let listed: any;

test('the changes list the restored document with its field diff, the file hash and the branch', async () => {
  const answer = await author.request('GET', '/admin/changes');
  assert.equal(answer.status, 200);
  listed = answer.body.data;
  assert.equal(listed.branch, 'main');
  assert.equal(listed.operation, null);
  assert.deepEqual(listed.conflicted, []);
  const [document] = listed.documents;
  assert.equal(document.address, `articles/${DOC}`);
  assert.equal(document.change, 'edited');
  assert.equal(document.label, OLD_TITLE);
  assert.equal(document.displayName, 'Article');
  const [file] = document.files;
  assert.equal(file.hash, git(['hash-object', FILE]).trim());
  assert.ok(file.fields.some((f: any) => f.summary === `title: '${NEW_TITLE}' → '${OLD_TITLE}'`));
  assert.ok(file.fields.some((f: any) => f.summary === 'categories: - design'));
});

test('commit refuses a file changed since the list was shown, and an Author may not commit', async () => {
  const hashes = Object.fromEntries(listed.documents[0].files.map((f: any) => [f.path, f.hash]));
  const body = { message: 'Bring the old title back', documents: [`articles/${DOC}`], hashes };
  assert.equal((await author.request('POST', '/admin/changes/commit', body)).status, 403);
  const saved = app.read(FILE);
  editJson(app.dir, FILE, (data) => (data['excerpt'] = 'Changed behind the list'));
  const head = git(['rev-parse', 'HEAD']);
  const refused = await boss.request('POST', '/admin/changes/commit', body);
  assert.equal(refused.status, 409);
  assert.match(refused.body.error.message, /changed since the list was shown/);
  assert.equal(git(['rev-parse', 'HEAD']), head);
  // A path that names no change, or leaves the project, is refused too.
  assert.equal((await boss.request('POST', '/admin/changes/commit', { ...body, documents: ['articles/nothing-here'] })).status, 400);
  assert.equal((await boss.request('POST', '/admin/changes/commit', { ...body, documents: [], paths: ['../outside'] })).status, 400);
  assert.equal((await boss.request('POST', '/admin/changes/commit', { ...body, message: ' ' })).status, 400);
  fs.writeFileSync(path.join(app.dir, FILE), saved);
});

test('commit records the signed-in administrator as the author, and only the chosen documents', async () => {
  const published = await boss.request('POST', `/admin/content-manager/collection-types/${ARTICLE}/serverless-cold-starts/actions/publish`, {
    data: { excerpt: 'Not part of this commit' },
  });
  assert.equal(published.status, 200, published.text);
  const changes = (await editor.request('GET', '/admin/changes')).body.data;
  const document = changes.documents.find((d: any) => d.address === `articles/${DOC}`);
  const hashes = Object.fromEntries(document.files.map((f: any) => [f.path, f.hash]));
  const answer = await boss.request('POST', '/admin/changes/commit', { message: 'Bring the old title back', documents: [`articles/${DOC}`], hashes });
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(answer.body.data.files, [FILE]);
  assert.equal(git(['log', '-1', '--format=%an|%ae|%s']).trim(), `${BOSS.firstname}|${BOSS.email}|Bring the old title back`);
  assert.equal(answer.body.data.commit, git(['rev-parse', 'HEAD']).trim());
  assert.equal(committed(FILE), app.read(FILE));
  assert.deepEqual(contentStatus(app.dir), [' M content/articles/serverless-cold-starts.json']);
  // The history shows the new commit first, by the administrator.
  const history = (await editor.request('GET', HISTORY)).body.data.commits;
  assert.equal(history[0].author.email, BOSS.email);
});

test('two commits sent at once are both made, one after the other', async () => {
  const docs = ['release-notes-march-2026', 'open-source-maintainer-burnout'];
  for (const id of docs) editJson(app.dir, `content/articles/${id}.json`, (data) => (data['excerpt'] = `New excerpt of ${id}`));
  const changes = (await editor.request('GET', '/admin/changes')).body.data;
  const answers = await Promise.all(
    docs.map((id) => {
      const document = changes.documents.find((d: any) => d.address === `articles/${id}`);
      const hashes = Object.fromEntries(document.files.map((f: any) => [f.path, f.hash]));
      return editor.request('POST', '/admin/changes/commit', { message: `Excerpt of ${id}`, documents: [document.address], hashes });
    }),
  );
  assert.deepEqual(
    answers.map((a) => a.status),
    [200, 200],
    answers.map((a) => a.text).join('\n'),
  );
  assert.deepEqual(git(['log', '-2', '--format=%s']).trim().split('\n').sort(), docs.map((id) => `Excerpt of ${id}`).sort());
  for (const id of docs) assert.equal(committed(`content/articles/${id}.json`), app.read(`content/articles/${id}.json`));
});

test('discard puts files back byte for byte, removes created ones, and the editor shows the committed version at once', async () => {
  const other = 'content/articles/serverless-cold-starts.json';
  const created = await boss.request('POST', `/admin/content-manager/collection-types/${ARTICLE}`, { data: { title: 'Scratch', slug: 'scratch' } });
  assert.equal(created.status, 201);
  const newFile = `content/articles/${created.body.data.documentId}.json`;
  assert.ok(app.exists(newFile));
  const draft = await boss.request('PUT', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}`, { data: { title: 'A draft title' } });
  assert.equal(draft.status, 200);
  const draftFile = `content/articles/${DOC}.draft.json`;
  const changes = (await editor.request('GET', '/admin/changes')).body.data;
  const chosen = changes.documents.filter((d: any) =>
    ['articles/serverless-cold-starts', `articles/${created.body.data.documentId}`, `articles/${DOC}`].includes(d.address),
  );
  assert.deepEqual(chosen.map((d: any) => d.change).sort(), ['created', 'edited', 'edited'], 'a new draft file beside a committed document is an edit');
  const hashes = Object.fromEntries(chosen.flatMap((d: any) => d.files.map((f: any) => [f.path, f.hash])));
  const body = { documents: chosen.map((d: any) => d.address), hashes };
  assert.equal((await author.request('POST', '/admin/changes/discard', body)).status, 403);
  const answer = await editor.request('POST', '/admin/changes/discard', body);
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(answer.body.data.restored, [other]);
  assert.deepEqual(answer.body.data.removed.sort(), [newFile, draftFile].sort());
  assert.ok(!app.exists(draftFile));
  assert.equal(app.read(other), committed(other));
  assert.ok(!app.exists(newFile));
  assert.deepEqual(contentStatus(app.dir), []);
  // The server runs without a watcher here: the index took the files in from the discard itself.
  const opened = await editor.request('GET', `/admin/content-manager/collection-types/${ARTICLE}/serverless-cold-starts`);
  assert.equal(opened.body.data.values.excerpt, JSON.parse(committed(other)).excerpt);
  const gone = await editor.request('GET', `/admin/content-manager/collection-types/${ARTICLE}/${created.body.data.documentId}`);
  assert.equal(gone.status, 404);
});

test('an Author restores an old version of a document they created', async () => {
  const created = await author.request('POST', `/admin/content-manager/collection-types/${ARTICLE}`, { data: { title: 'Mine, first', slug: 'mine' } });
  assert.equal(created.status, 201, created.text);
  const id = created.body.data.documentId;
  const first = commitAllIn(app.dir, 'Add the Author’s article');
  const saved = await author.request('PUT', `/admin/content-manager/collection-types/${ARTICLE}/${id}`, { data: { title: 'Mine, second' } });
  assert.equal(saved.status, 200);
  const restored = await author.request('POST', `/admin/history/collection-types/${ARTICLE}/${id}/${first}/restore`);
  assert.equal(restored.status, 200, restored.text);
  assert.equal(JSON.parse(app.read(`content/articles/${id}.json`)).title, 'Mine, first');
  commitAllIn(app.dir, 'Keep the first title');
});

test('change id renames every file of the document and every reference to it; cms check stays clean', async () => {
  const route = (id: string) => `/admin/content-manager/collection-types/${ARTICLE}/${id}/actions/change-id`;
  const from = 'h4x8pz2m6qd1tw9kv3ny7rcb';
  assert.equal((await author.request('POST', route(from), { newId: 'memory-leak-hunt' })).status, 403);
  assert.equal((await editor.request('POST', route(from), { newId: 'Not An Id' })).status, 400);
  assert.equal((await editor.request('POST', route(from), { newId: DOC })).status, 400);
  assert.equal((await editor.request('POST', route('no-such-article'), { newId: 'x' })).status, 404);
  const before = JSON.parse(app.read(`content/articles/${from}.json`));
  const answer = await editor.request('POST', route(from), { newId: 'memory-leak-hunt' });
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.body.data.documentId, 'memory-leak-hunt');
  assert.ok(!app.exists(`content/articles/${from}.json`));
  const after = JSON.parse(app.read('content/articles/memory-leak-hunt.json'));
  assert.equal(after.title, before.title);
  assert.equal(after.renamedFrom, from);
  for (const rel of ['content/articles/node-20-upgrade-notes.json', 'content/articles/git-bisect-saved-our-release.json']) {
    const text = app.read(rel);
    assert.ok(!text.includes(from), `${rel} still points at the old id`);
    assert.ok(text.includes('memory-leak-hunt'), `${rel} points at the new id`);
  }
  const check = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli', 'main.js'), 'check', '--dir', app.dir], { encoding: 'utf8' });
  assert.equal(check.status, 0, check.stdout + check.stderr);
  const opened = await editor.request('GET', `/admin/content-manager/collection-types/${ARTICLE}/memory-leak-hunt`);
  assert.equal(opened.status, 200);
  // The history follows the rename once it is committed.
  commitAllIn(app.dir, 'Rename the memory leak article');
  const history = (await editor.request('GET', `/admin/history/collection-types/${ARTICLE}/memory-leak-hunt`)).body.data.commits;
  assert.deepEqual(
    history.map((c: any) => c.message),
    ['Rename the memory leak article', 'Start the site'],
  );
});

test('a merge in progress and a detached HEAD are reported, and commit and discard refuse to write', async () => {
  git(['checkout', '-q', '-b', 'other']);
  editJson(app.dir, FILE, (data) => (data['excerpt'] = 'From the other branch'));
  commitAllIn(app.dir, 'Other excerpt', BOB);
  git(['checkout', '-q', 'main']);
  editJson(app.dir, FILE, (data) => (data['excerpt'] = 'From main'));
  commitAllIn(app.dir, 'Main excerpt');
  const merge = spawnSync('git', ['merge', 'other'], { cwd: app.dir, encoding: 'utf8' });
  assert.notEqual(merge.status, 0, 'the merge conflicts');
  const conflicted = app.read(FILE);
  const changes = (await editor.request('GET', '/admin/changes')).body.data;
  assert.equal(changes.operation, 'merge');
  assert.deepEqual(changes.conflicted, [FILE]);
  editJson(app.dir, 'content/articles/serverless-cold-starts.json', (data) => (data['excerpt'] = 'During the merge'));
  const listedNow = (await editor.request('GET', '/admin/changes')).body.data;
  const document = listedNow.documents.find((d: any) => d.address === 'articles/serverless-cold-starts');
  const hashes = Object.fromEntries(document.files.map((f: any) => [f.path, f.hash]));
  const body = { message: 'Sneak in', documents: [document.address], hashes };
  const commit = await editor.request('POST', '/admin/changes/commit', body);
  assert.equal(commit.status, 400);
  assert.match(commit.body.error.message, /merge is in progress/);
  const discard = await editor.request('POST', '/admin/changes/discard', body);
  assert.equal(discard.status, 400);
  const restore = await editor.request('POST', `${HISTORY}/${annCommit}/restore`);
  assert.equal(restore.status, 400);
  assert.match(restore.body.error.message, /merge is in progress/);
  const renamed = await editor.request('POST', `/admin/content-manager/collection-types/${ARTICLE}/${DOC}/actions/change-id`, { newId: 'node-notes' });
  assert.equal(renamed.status, 400);
  assert.ok(app.exists(FILE));
  assert.equal(app.read(FILE), conflicted, 'the file in conflict is left as it is');
  git(['merge', '--abort']);
  git(['checkout', '-q', '--detach', 'HEAD']);
  const detached = (await editor.request('GET', '/admin/changes')).body.data;
  assert.equal(detached.branch, null);
  const refused = await editor.request('POST', '/admin/changes/commit', body);
  assert.equal(refused.status, 400);
  assert.match(refused.body.error.message, /HEAD is detached/);
  git(['checkout', '-q', 'main']);
});

test('a project not in git answers a clear error on the git routes; change id still works', async () => {
  const plain = await startAdminServer();
  try {
    const client = new AdminClient(plain.url);
    await client.request('POST', '/admin/register-admin', BOSS);
    for (const route of ['/admin/changes', HISTORY, `${HISTORY}/HEAD`]) {
      const answer = await client.request('GET', route);
      assert.equal(answer.status, 400, route);
      assert.equal(answer.body.error.details.reason, 'not-a-repository');
      assert.match(answer.body.error.message, /not in a git repository/);
    }
    const renamed = await client.request('POST', `/admin/content-manager/collection-types/${ARTICLE}/serverless-cold-starts/actions/change-id`, {
      newId: 'cold-starts',
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.ok(plain.exists('content/articles/cold-starts.json'));
  } finally {
    await plain.close();
  }
});

test.run();
