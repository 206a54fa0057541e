import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import { BOB } from '../helpers/git-project.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from './admin-server.js';
import { checkAccessibility, hasChromium, launchBrowser, openPage, signIn } from './browser.js';
import { commitAllIn, contentStatus, editJson, gitIn, initRepository } from './git-helpers.js';

const ARTICLE = 'api::article.article';
const DOC = 'node-20-upgrade-notes';
const FILE = `content/articles/${DOC}.json`;
const OLD_TITLE = 'Upgrading to Node 20: Notes from the Field';
const NEW_TITLE = 'Node 20, one service a day';

let app: AdminTestServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

test.before(async () => {
  app = await startAdminServer({
    prepare: (dir) => {
      initRepository(dir);
      editJson(dir, FILE, (data) => (data['title'] = NEW_TITLE));
      commitAllIn(dir, 'Retitle the Node notes', BOB);
    },
  });
  await new AdminClient(app.url).request('POST', '/admin/register-admin', BOSS);
  browser = await launchBrowser();
  page = await openPage(browser, errors);
});
test.after(async () => {
  await browser?.close();
  await app?.close();
  assert.deepEqual(errors, []);
});

/** Screenshots for the README go to docs/ only when asked (UPDATE_SCREENSHOTS=1), so test runs leave the tree clean. */
const shot = (name: string) => (process.env['UPDATE_SCREENSHOTS'] === '1' ? path.join(REPO_ROOT, 'docs', name) : path.join(app.dir, name));
const git = (args: readonly string[]) => gitIn(app.dir, args);
const title = () => page.locator('#field-title').inputValue();

test('the History panel lists the commits, shows what each changed, and restores an old version into the form', async () => {
  await page.goto(`${app.url}/admin#/collection/${ARTICLE}/${DOC}`);
  await signIn(page, BOSS);
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'Retitle the Node notes' }).click();
  await history.getByText(`title: '${OLD_TITLE}' → '${NEW_TITLE}'`).waitFor();
  assert.equal(
    await history
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { expanded: false }) })
      .count(),
    1,
  );
  await checkAccessibility(page, 'edit view with the History panel');
  await page.locator('aside.side').screenshot({ path: shot('admin-history.png') });
  const logBefore = git(['log', '--format=%H']);

  await history.getByRole('button', { name: 'Start the site' }).click();
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await history.getByText(/^Restored the version of [0-9a-f]{7}/).waitFor();
  await page.waitForFunction(`document.querySelector('#field-title')?.value === ${JSON.stringify(OLD_TITLE)}`);
  assert.equal(JSON.parse(app.read(FILE)).title, OLD_TITLE);
  assert.deepEqual(contentStatus(app.dir), [` M ${FILE}`]);
  assert.equal(git(['log', '--format=%H']), logBefore, 'a restore commits nothing');
});

test('the Changes screen commits the chosen entry with the administrator as author', async () => {
  await page.getByRole('link', { name: 'Changes' }).click();
  await page.getByRole('heading', { name: 'Changes' }).waitFor();
  await page.getByText(`title: '${NEW_TITLE}' → '${OLD_TITLE}'`).waitFor();
  await page.getByText('On branch main', { exact: false }).waitFor();
  await checkAccessibility(page, 'changes');
  await page.screenshot({ path: shot('admin-changes.png') });
  await page.getByRole('checkbox', { name: `Select ${OLD_TITLE}` }).check();
  await page.getByLabel('Commit message').fill('Bring the old title back');
  await page.getByRole('button', { name: 'Commit 1 item(s)' }).click();
  await page.getByText(/^Committed 1 file\(s\) as [0-9a-f]{7}$/).waitFor();
  await page.getByText('Nothing changed since the last commit.').waitFor();
  assert.equal(git(['log', '-1', '--format=%an <%ae> %s']).trim(), `${BOSS.firstname} <${BOSS.email}> Bring the old title back`);
  assert.equal(git(['show', `HEAD:${FILE}`]), app.read(FILE));
  assert.deepEqual(contentStatus(app.dir), []);
});

test('a saved draft shows in Changes as an edit, and Discard (after the confirmation) puts the files and the form back', async () => {
  await page.goto(`${app.url}/admin#/collection/${ARTICLE}/${DOC}`);
  await page.locator('#field-title').fill('A title to throw away');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved document').waitFor();
  const draft = `content/articles/${DOC}.draft.json`;
  assert.ok(app.exists(draft));

  await page.getByRole('link', { name: 'Changes' }).click();
  const row = page.getByRole('row', { name: /A title to throw away/ });
  await row.getByText('edited', { exact: true }).waitFor();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByText('Discarded: 0 file(s) restored, 1 removed').waitFor();
  assert.ok(!app.exists(draft));
  assert.deepEqual(contentStatus(app.dir), []);

  await page.goto(`${app.url}/admin#/collection/${ARTICLE}/${DOC}`);
  await page.locator('#field-title').waitFor();
  assert.equal(await title(), OLD_TITLE);
});

test('Change id renames the entry and opens it under its new id', async () => {
  await page.getByRole('button', { name: 'Change id' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change id' });
  await dialog.getByLabel('New id').fill('node-20-notes');
  await checkAccessibility(page, 'change id dialog');
  await dialog.getByRole('button', { name: 'Change id' }).click();
  await page.waitForURL(/node-20-notes/);
  await page.locator('#field-title').waitFor();
  assert.equal(await title(), OLD_TITLE);
  assert.ok(app.exists('content/articles/node-20-notes.json'));
  assert.ok(!app.exists(FILE));
});

test('an Author sees the History panel but no Change id button', async () => {
  const boss = new AdminClient(app.url);
  assert.equal((await boss.signIn(BOSS.email, BOSS.password)).status, 200);
  const made = await boss.request('POST', '/admin/users', { email: 'author@example.com', password: 'Author123', role: 'author' });
  assert.equal(made.status, 201);
  const authorPage = await openPage(browser, errors);
  await authorPage.goto(`${app.url}/admin#/collection/${ARTICLE}/node-20-notes`);
  await signIn(authorPage, { email: 'author@example.com', password: 'Author123' });
  await authorPage.getByRole('region', { name: 'History' }).waitFor();
  await authorPage.locator('#field-title').waitFor();
  assert.equal(await authorPage.getByRole('button', { name: 'Change id' }).count(), 0);
  await authorPage.context().close();
});

if (hasChromium()) test.run();
else console.log('skipped: no chromium at', process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', '\n  Total:     0\n  Passed:    0\n  Skipped:   0');
