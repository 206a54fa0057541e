import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import { REPO_ROOT } from '../helpers/paths.js';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from './admin-server.js';
import { checkAccessibility, hasChromium, launchBrowser, openPage } from './browser.js';

let app: AdminTestServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];
let articleId = '';

test.before(async () => {
  app = await startAdminServer();
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
const article = (id: string) => JSON.parse(app.read(`content/articles/${id}.json`));

test('the first visit creates the first administrator; signing out and in again works', async () => {
  await page.goto(`${app.url}/admin`);
  await page.getByRole('heading', { name: 'Welcome to cms!' }).waitFor();
  await checkAccessibility(page, 'first administrator');
  await page.locator('#signin-firstname').fill(BOSS.firstname);
  await page.locator('#signin-email').fill(BOSS.email);
  await page.locator('#signin-password').fill(BOSS.password);
  await page.locator('#signin-confirmPassword').fill(BOSS.password);
  await page.getByRole('button', { name: "Let's start" }).click();
  await page.getByRole('heading', { name: `Hello ${BOSS.firstname}` }).waitFor();
  assert.equal(fs.readdirSync(path.join(app.dir, 'admins')).length, 1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
  await checkAccessibility(page, 'sign-in');
  await page.locator('#signin-email').fill(BOSS.email);
  await page.locator('#signin-password').fill('Wrong1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText('Invalid credentials').waitFor();
  await page.locator('#signin-password').fill(BOSS.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('navigation', { name: 'Content Manager' }).waitFor();
});

test('the list view sorts, searches and shows each document’s status', async () => {
  await page.getByRole('link', { name: 'Article', exact: true }).click();
  await page.getByText('19 entries found').waitFor();
  await page.getByRole('button', { name: 'title' }).click();
  await page.locator('th[aria-sort="ascending"]').waitFor();
  // The header turns at once; the rows follow when the sorted page arrives.
  const firstCell = page.locator('tbody tr td:nth-child(2)').first();
  await firstCell
    .filter({ hasText: 'A Month Working from Lisbon' })
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  const first = await firstCell.innerText();
  assert.equal(first, 'A Month Working from Lisbon');
  await checkAccessibility(page, 'list view');
  await page.screenshot({ path: shot('admin-list.png') });
  await page.getByPlaceholder('Search').fill('TypeScript');
  await page.getByText(/^\d entr(y|ies) found$/).waitFor();
  assert.ok((await page.locator('tbody tr').count()) >= 1);
  await page.getByPlaceholder('Search').fill('');
});

test('create an article with text, numbers, dates, enumeration, relations, media, a component, a repeatable component and a dynamic zone', async () => {
  await page.getByRole('link', { name: 'Create new entry' }).click();
  await page.getByRole('heading', { name: 'Create an entry' }).waitFor();
  await page.locator('#field-title').fill('Editing in the browser');
  await page.getByRole('button', { name: 'Regenerate' }).click();
  assert.equal(await page.locator('#field-slug').inputValue(), 'editing-in-the-browser');
  await page.locator('#field-excerpt').fill('Every kind of field, one form.');
  await page.locator('#field-content').fill('## Hello\n\nSome **bold** text.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.locator('.markdown-preview strong', { hasText: 'bold' }).waitFor();
  await page.getByRole('button', { name: 'Markdown' }).click();
  await page.locator('#field-format').selectOption('tutorial');
  await page.locator('#field-readingTime').fill('7');
  await page.locator('#field-rating').fill('4.5');
  await page.locator('#field-featured').selectOption('true');
  await page.locator('#field-publishDate').fill('2026-03-01');
  await page.locator('#field-author').click();
  await page.locator('#field-author').fill('Theo');
  await page.getByRole('button', { name: 'Theo Lindqvist' }).click();
  await page.locator('#field-categories').click();
  await page.getByRole('button', { name: 'Engineering' }).click();
  await page.getByRole('button', { name: 'Tutorials' }).click();
  await page.getByRole('button', { name: 'Move Tutorials up' }).click();
  await page.locator('#field-cover').getByRole('button', { name: 'Add media' }).click();
  await page.getByRole('dialog').locator('button.asset').first().click();
  await page.locator('#field-cover img').waitFor();
  await page.locator('#field-seo').getByRole('button', { name: /^Add / }).click();
  await page.locator('#field-seo-metaTitle').fill('Editing in the browser');
  await page.getByRole('button', { name: 'Add an entry to resources' }).click();
  await page.locator('#field-resources-0-label').fill('Guide');
  await page.locator('#field-resources-0-url').fill('https://example.com/guide');
  await page.locator('#field-blocks-pick').selectOption('shared.quote');
  await page.getByRole('button', { name: 'Add a component to blocks' }).click();
  await page.locator('#field-blocks-0-text').fill('Forms are content too');
  await checkAccessibility(page, 'edit view (new entry)');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/#\/collection\/api::article\.article\/[a-z0-9]{24}/);
  articleId = /\/([a-z0-9]{24})/.exec(page.url())![1]!;
  await page.getByText('Draft', { exact: true }).waitFor();

  const saved = article(articleId);
  assert.equal(saved.title, 'Editing in the browser');
  assert.equal(saved.slug, 'editing-in-the-browser');
  assert.equal(saved.content, '## Hello\n\nSome **bold** text.');
  assert.equal(saved.format, 'tutorial');
  assert.equal(saved.readingTime, 7);
  assert.equal(saved.rating, 4.5);
  assert.equal(saved.featured, true);
  assert.equal(saved.publishDate, '2026-03-01');
  assert.equal(saved.author, 'theo-lindqvist');
  assert.deepEqual(saved.categories, ['tutorials', 'engineering']);
  assert.equal(typeof saved.cover, 'string');
  assert.equal(saved.seo.metaTitle, 'Editing in the browser');
  assert.deepEqual(saved.resources[0], { ...saved.resources[0], label: 'Guide', url: 'https://example.com/guide' });
  assert.equal(saved.blocks[0].__component, 'shared.quote');
  assert.equal(saved.blocks[0].text, 'Forms are content too');
  assert.equal(saved.publishedAt, null);
});

test('edit, publish, unpublish; a validation error shows at its field; delete', async () => {
  await page.locator('#field-title').fill('Editing in the browser, published');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Published', { exact: true }).waitFor();
  assert.equal(article(articleId).title, 'Editing in the browser, published');
  assert.notEqual(article(articleId).publishedAt, null);

  await page.locator('#field-excerpt').fill('Changed after publishing.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Modified', { exact: true }).waitFor();
  assert.equal(JSON.parse(app.read(`content/articles/${articleId}.draft.json`)).excerpt, 'Changed after publishing.');
  assert.equal(article(articleId).excerpt, 'Every kind of field, one form.');
  await checkAccessibility(page, 'edit view');
  await page.screenshot({ path: shot('admin-edit.png') });

  await page.getByRole('button', { name: 'Unpublish' }).click();
  await page.getByText('Draft', { exact: true }).waitFor();
  assert.equal(article(articleId).publishedAt, null);
  assert.equal(article(articleId).excerpt, 'Changed after publishing.');
  assert.ok(!app.exists(`content/articles/${articleId}.draft.json`));

  const before = app.read(`content/articles/${articleId}.json`);
  await page.locator('#field-title').fill('ab');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.locator('#field-title-error').waitFor();
  assert.match(await page.locator('#field-title-error').innerText(), /title/);
  assert.equal(await page.locator('#field-title').getAttribute('aria-invalid'), 'true');
  assert.equal(app.read(`content/articles/${articleId}.json`), before);

  await page.getByRole('button', { name: 'Delete this entry' }).click();
  await page
    .getByRole('button', { name: 'Create new entry' })
    .or(page.getByRole('link', { name: 'Create new entry' }))
    .waitFor();
  assert.ok(!app.exists(`content/articles/${articleId}.json`));
});

test('an author with blocks, JSON (checked as typed), email, date, timestamp and a password that is stored hashed', async () => {
  await page.getByRole('link', { name: 'Author', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  await page.locator('#field-name').fill('Ada Example');
  await page.getByRole('button', { name: 'Regenerate' }).click();
  await page.locator('#field-email').fill('ada@example.com');
  await page.getByRole('button', { name: 'Add a block' }).click();
  await page.locator('#field-bio-0').fill('Writes about types.');
  await page.locator('#field-socials').fill('{"github": ');
  await page.locator('[data-json-error]').waitFor();
  await page.locator('#field-socials').fill('{"github": "ada"}');
  await page.locator('[data-json-error]').waitFor({ state: 'detached' });
  await page.locator('#field-memberSince').fill('2024-05-01');
  await page.locator('#field-apiSecret').fill('a-secret-value');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/api::author\.author\/[a-z0-9]{24}/);
  const id = /\/([a-z0-9]{24})/.exec(page.url())![1]!;
  const saved = JSON.parse(app.read(`content/authors/${id}.json`));
  assert.equal(saved.slug, 'ada-example');
  assert.equal(saved.email, 'ada@example.com');
  assert.deepEqual(saved.bio, [{ type: 'paragraph', children: [{ type: 'text', text: 'Writes about types.' }] }]);
  assert.deepEqual(saved.socials, { github: 'ada' });
  assert.equal(saved.memberSince, '2024-05-01');
  assert.match(saved.apiSecret, /^\$2[aby]\$10\$/);
  assert.equal(await page.locator('#field-apiSecret').inputValue(), '');

  // Someone else saves the same author meanwhile: this form's save is refused with a notice, nothing is overwritten.
  const other = new AdminClient(app.url);
  await other.signIn(BOSS.email, BOSS.password);
  assert.equal(
    (await other.request('PUT', `/admin/content-manager/collection-types/api::author.author/${id}`, { data: { name: 'Ada Elsewhere' } })).status,
    200,
  );
  await page.locator('#field-name').fill('Ada From This Form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(/changed on disk since you opened it/).waitFor();
  assert.equal(JSON.parse(app.read(`content/authors/${id}.json`)).name, 'Ada Elsewhere');
  await page.getByRole('button', { name: 'Reload' }).click();
  await page.waitForFunction(`document.querySelector('#field-name')?.value === 'Ada Elsewhere'`);
});

test('a single type with time and integer fields', async () => {
  await page.getByRole('link', { name: 'Global', exact: true }).click();
  await page.locator('#field-siteName').waitFor();
  await page.locator('#field-postsPerPage').fill('12');
  await page.locator('#field-newsletterSendTime').fill('08:30:00');
  await checkAccessibility(page, 'single type');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved document').waitFor();
  const saved = JSON.parse(app.read('content/global.json'));
  assert.equal(saved.postsPerPage, 12);
  assert.match(saved.newsletterSendTime, /^08:30:00/);
});

test('a French version filled in from English', async () => {
  await page.goto(`${app.url}/admin#/collection/api::article.article/getting-started-with-typescript-5?locale=fr`);
  await page.getByText('This locale does not exist yet').waitFor();
  await page.getByRole('button', { name: 'Fill in' }).click();
  // The English values arrive from the server: typing before they are in would race with them.
  await page.waitForFunction(`document.querySelector('#field-title')?.value === 'Getting Started with TypeScript 5: A Practical Tour'`);
  await page.locator('#field-title').fill('Premiers pas avec TypeScript 5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved document').waitFor();
  const saved = JSON.parse(app.read('content/articles/getting-started-with-typescript-5.fr.md'.replace('.md', '.json')));
  assert.equal(saved.title, 'Premiers pas avec TypeScript 5');
});

test('the media library uploads a file and edits its alternative text', async () => {
  await page.getByRole('link', { name: 'Media Library' }).click();
  await page.getByRole('heading', { name: 'Media Library' }).waitFor();
  await checkAccessibility(page, 'media library');
  const png = fs.readFileSync(
    path.join(
      app.dir,
      'uploads',
      fs.readdirSync(path.join(app.dir, 'uploads')).find((n) => n.endsWith('.png'))!,
    ),
  );
  await page.locator('#upload-input').setInputFiles([{ name: 'browser-upload.png', mimeType: 'image/png', buffer: png }]);
  await page.getByRole('list', { name: 'Uploads' }).getByText('Uploaded').waitFor();
  await page.getByRole('button', { name: 'browser-upload.png' }).click();
  await page.locator('#asset-alternativeText').fill('Uploaded from the browser');
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const sidecar = fs.readdirSync(path.join(app.dir, 'uploads')).find((n) => n.startsWith('browser_upload') && n.endsWith('.meta.json'));
  assert.ok(sidecar, 'the upload has a sidecar');
  assert.equal(JSON.parse(app.read(`uploads/${sidecar}`)).alternativeText, 'Uploaded from the browser');
});

if (hasChromium()) test.run();
else console.log('skipped: no chromium at', process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', '\n  Total:     0\n  Passed:    0\n  Skipped:   0');
