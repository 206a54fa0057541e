import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from './admin-server.js';
import { checkAccessibility, hasChromium, launchBrowser, openPage } from './browser.js';

let app: AdminTestServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];
const AUTHOR = 'content/authors/mira-okafor.json';
const CITY = 'city_lights_8b1e2f7a60.png';

test.before(async () => {
  // Watching, as `cms serve` does: hand edits reach the index, and from there the open editor.
  app = await startAdminServer({ watch: true });
  const boss = new AdminClient(app.url);
  assert.equal((await boss.request('POST', '/admin/register-admin', BOSS)).status, 200);
  browser = await launchBrowser();
  page = await openPage(browser, errors);
  const [name, value] = boss.cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: `${app.url}/admin`, httpOnly: true, sameSite: 'Strict' }]);
});
test.after(async () => {
  await browser?.close();
  await app?.close();
  assert.deepEqual(errors, []);
});

const png = (name: string) => fs.readFileSync(path.join(app.dir, 'uploads', name));
const uploadsNamed = (stem: string) => fs.readdirSync(path.join(app.dir, 'uploads')).filter((name) => name.startsWith(stem) && !name.endsWith('.meta.json'));

test('several files upload at once, each with its own progress bar', async () => {
  await page.goto(`${app.url}/admin#/media`);
  await page.getByRole('heading', { name: 'Media Library' }).waitFor();
  await page.locator('#upload-input').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: png('paper_planes_7e15c0a9d4.png') },
    { name: 'second.png', mimeType: 'image/png', buffer: png('code_editor_c3d9a4e215.png') },
    { name: 'third.png', mimeType: 'image/png', buffer: png('inkwell_logo_5a0c7e3f92.png') },
  ]);
  const list = page.getByRole('list', { name: 'Uploads' });
  await list.getByText('Uploaded').nth(2).waitFor();
  for (const name of ['first.png', 'second.png', 'third.png']) {
    const bar = page.getByRole('progressbar', { name: `Upload of ${name}` });
    // The bar is filled by the request's upload progress events only.
    const [value, max] = await bar.evaluate((el: any) => [el.value, el.max]);
    assert.ok(max > 0 && value === max, `${name}: ${value} of ${max}`);
  }
  for (const stem of ['first_', 'second_', 'third_']) assert.equal(uploadsNamed(stem).length, 1, stem);
  await checkAccessibility(page, 'media library with uploads');
});

test('replace gives a file new bytes under the same path and id', async () => {
  const [stored] = uploadsNamed('first_');
  const before = fs.readFileSync(path.join(app.dir, 'uploads', stored!));
  await page.getByPlaceholder('Search assets').fill('first');
  await page.locator('button.asset', { hasText: 'first.png' }).click();
  await page.getByRole('dialog', { name: 'Details' }).waitFor();
  await checkAccessibility(page, 'asset details');
  await page.locator('#asset-replace').setInputFiles({ name: 'other.png', mimeType: 'image/png', buffer: png('mountain_sunrise_4f2a9c1b3d.png') });
  // The dialog shows the file as the answer describes it: its image url changes with its update time.
  const shown = await page.locator('.modal img.preview').getAttribute('src');
  await page.waitForFunction(`document.querySelector('.modal img.preview')?.getAttribute('src') !== ${JSON.stringify(shown)}`);
  assert.deepEqual(uploadsNamed('first_'), [stored]);
  assert.notDeepEqual(fs.readFileSync(path.join(app.dir, 'uploads', stored!)), before);
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('delete shows the documents that use the file first, then unlinks them', async () => {
  const files = (fs.readdirSync(path.join(app.dir, 'content'), { recursive: true }) as string[])
    .map((name) => `content/${name}`)
    .filter((rel) => /\.(json|md)$/.test(rel) && app.read(rel).includes(CITY));
  // A document's draft and published files are one document.
  const users = new Set(files.map((rel) => rel.replace('.draft.', '.')));
  assert.ok(users.size > 1);
  await page.getByPlaceholder('Search assets').fill('city');
  await page.locator('button.asset', { hasText: 'city-lights' }).first().click();
  await page.getByRole('dialog', { name: 'Details' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText(`Used in ${users.size} documents`).waitFor();
  assert.equal(await confirm.locator('li').count(), users.size);
  await checkAccessibility(page, 'delete confirmation with usages');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Details' }).waitFor({ state: 'detached' });
  assert.equal(app.exists(`uploads/${CITY}`), false);
  for (const rel of files) assert.doesNotMatch(app.read(rel), /city_lights/);
});

test('a paragraph with a link and an image block are saved in Strapi’s blocks shape', async () => {
  const before = JSON.parse(app.read(AUTHOR));
  await page.goto(`${app.url}/admin#/collection/api::author.author/mira-okafor`);
  await page.getByRole('heading', { name: 'Mira Okafor' }).waitFor();
  // The sample's second paragraph already holds a link: it is edited piece by piece.
  assert.equal(await page.locator('#field-bio-1-1-url').inputValue(), 'https://mastodon.example.social/@mira');
  await page.getByRole('button', { name: 'Add a block' }).click();
  await page.locator('#field-bio-2').fill('Read more on ');
  await page.getByRole('button', { name: 'Add a link to block 3' }).click();
  await page.locator('#field-bio-2-1-text').fill('her site');
  await page.locator('#field-bio-2-1-url').fill('https://mira.example.com');
  await page.getByRole('button', { name: 'Add an image to bio' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image for bio' });
  await picker.getByPlaceholder('Search assets').fill('code_editor');
  // The list is searched as one types: the asset is picked once the search has answered.
  await picker.locator('button.asset', { hasText: 'code-editor.png' }).first().click();
  await page.locator('.image-block img').waitFor();
  await checkAccessibility(page, 'blocks with a link and an image');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved document').waitFor();
  const saved = JSON.parse(app.read(AUTHOR));
  assert.deepEqual(saved.bio.slice(0, 2), before.bio);
  assert.deepEqual(saved.bio[2], {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Read more on ' },
      { type: 'link', url: 'https://mira.example.com', children: [{ type: 'text', text: 'her site' }] },
      { type: 'text', text: '' },
    ],
  });
  const image = saved.bio[3];
  assert.deepEqual(Object.keys(image), ['type', 'image', 'children']);
  assert.equal(image.type, 'image');
  assert.deepEqual(image.children, [{ type: 'text', text: '' }]);
  // prettier-ignore
  assert.deepEqual(Object.keys(image.image), ['name', 'alternativeText', 'url', 'caption', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt']);
  assert.equal(image.image.url, '/uploads/code_editor_c3d9a4e215.png');
  assert.equal(image.image.provider, 'local');
  assert.equal(typeof image.image.width, 'number');
});

test('a hand edit of the open document shows a notice at once; Reload shows the new content', async () => {
  // This form's own save raised none.
  assert.equal(await page.getByText('This document changed on disk.').count(), 0);
  const data = JSON.parse(app.read(AUTHOR));
  data.name = 'Mira Okafor-Lind';
  fs.writeFileSync(path.join(app.dir, AUTHOR), `${JSON.stringify(data, null, 2)}\n`);
  const notice = page.getByRole('alert').filter({ hasText: 'This document changed on disk.' });
  await notice.waitFor({ timeout: 10_000 });
  await checkAccessibility(page, 'edit view with the change notice');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('heading', { name: 'Mira Okafor-Lind' }).waitFor();
  assert.equal(await page.locator('#field-name').inputValue(), 'Mira Okafor-Lind');
  assert.equal(await notice.count(), 0);
});

test('a list view reads its page again when a document of its type appears on disk', async () => {
  await page.getByRole('link', { name: 'Author', exact: true }).click();
  const count = fs.readdirSync(path.join(app.dir, 'content/authors')).length;
  await page.getByText(`${count} entries found`).waitFor();
  fs.writeFileSync(
    path.join(app.dir, 'content/authors/hand-made.json'),
    `${JSON.stringify({ name: 'Hand Made', slug: 'hand-made', email: 'hand@example.com' }, null, 2)}\n`,
  );
  await page.getByText(`${count + 1} entries found`).waitFor({ timeout: 10_000 });
  await page.getByRole('cell', { name: 'Hand Made', exact: true }).waitFor();
});

test('links and formatted runs in headings, paragraphs and lists are kept when their text is edited', async () => {
  const link = (url: string, text: string) => ({ type: 'link', url, children: [{ type: 'text', text }] });
  const data = JSON.parse(app.read(AUTHOR));
  data.bio = [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'See ' }, link('https://example.com/a', 'the archive'), { type: 'text', text: '' }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Plain and ' },
        { type: 'text', text: 'bold', bold: true },
      ],
    },
    {
      type: 'list',
      format: 'unordered',
      children: [{ type: 'list-item', children: [{ type: 'text', text: 'Read ' }, link('https://example.com/d', 'docs'), { type: 'text', text: '' }] }],
    },
  ];
  fs.writeFileSync(path.join(app.dir, AUTHOR), `${JSON.stringify(data, null, 2)}\n`);
  // The watcher takes the hand edit to the index; the edit view shows it once it is there.
  await page.goto(`${app.url}/admin#/collection/api::author.author/mira-okafor`);
  for (let tries = 0; tries < 20; tries++) {
    await page.locator('#field-bio').waitFor();
    if ((await page.locator('#field-bio-0-1-url').count()) > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
    await page.reload();
  }
  assert.equal(await page.locator('#field-bio-0-1-url').inputValue(), 'https://example.com/a');
  await page.locator('#field-bio-0-0').fill('Browse ');
  assert.equal(await page.locator('#field-bio-1-1').evaluate((el: any) => (globalThis as any).getComputedStyle(el).fontWeight), '700');
  await page.locator('#field-bio-1-1').fill('very bold');
  await page.locator('#field-bio-2-item-0-1-text').fill('the docs');
  // A paragraph made a heading keeps its runs.
  await page.getByLabel('Block 2 type').selectOption('heading-3');
  await checkAccessibility(page, 'blocks edited piece by piece');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved document').waitFor();
  assert.deepEqual(JSON.parse(app.read(AUTHOR)).bio, [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Browse ' }, link('https://example.com/a', 'the archive'), { type: 'text', text: '' }] },
    {
      type: 'heading',
      level: 3,
      children: [
        { type: 'text', text: 'Plain and ' },
        { type: 'text', text: 'very bold', bold: true },
      ],
    },
    {
      type: 'list',
      format: 'unordered',
      children: [{ type: 'list-item', children: [{ type: 'text', text: 'Read ' }, link('https://example.com/d', 'the docs'), { type: 'text', text: '' }] }],
    },
  ]);
});

if (hasChromium()) test.run();
else console.log('skipped: no chromium at', process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', '\n  Total:     0\n  Passed:    0\n  Skipped:   0');
