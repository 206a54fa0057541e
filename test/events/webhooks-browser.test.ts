import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { test } from 'uvu';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from '../admin/admin-server.js';
import { checkAccessibility, hasChromium, launchBrowser, openPage, signIn } from '../admin/browser.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { type WebhookReceiver, startReceiver } from '../helpers/webhook-receiver.js';

// The editor's Webhooks screen in a real Chromium: listed webhooks, a test sent with the button,
// the delivery listed; axe-core finds no serious or critical violation.

let app: AdminTestServer;
let receiver: WebhookReceiver;
let browser: Browser;
let page: Page;
const errors: string[] = [];

test.before(async () => {
  receiver = await startReceiver();
  app = await startAdminServer({
    prepare: (dir) => {
      const file = path.join(dir, 'cms.config.json');
      const config = JSON.parse(fs.readFileSync(file, 'utf8'));
      config.webhooks = [{ name: 'site', url: receiver.url, headers: { Authorization: 'Bearer never-shown' }, events: ['entry.publish'] }];
      fs.writeFileSync(file, JSON.stringify(config));
    },
  });
  assert.equal((await new AdminClient(app.url).request('POST', '/admin/register-admin', BOSS)).status, 200);
  browser = await launchBrowser();
  page = await openPage(browser, errors);
});
test.after(async () => {
  await browser?.close();
  await app?.close();
  await receiver?.close();
  assert.deepEqual(errors, []);
});

test('a Super Admin opens Settings › Webhooks, sends a test and sees the delivery listed', async () => {
  await page.goto(`${app.url}/admin`);
  await signIn(page, BOSS);
  await page.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
  const row = page.getByRole('row', { name: /site/ });
  await row.getByText('entry.publish').waitFor();
  await row.getByText('Authorization').waitFor();
  assert.ok(!(await page.content()).includes('never-shown'));
  await page.getByText('No delivery yet.').waitFor();
  await checkAccessibility(page, 'webhooks');

  await page.getByRole('button', { name: 'Send test to site' }).click();
  await page
    .getByRole('status')
    .getByText(/^Test sent to site: HTTP 200 in \d+ ms$/)
    .waitFor();
  const delivery = page.getByRole('table', { name: 'Recent deliveries, newest first' }).getByRole('row', { name: /trigger-test/ });
  await delivery.getByText('Delivered').waitFor();
  assert.equal(receiver.received.length, 1);
  assert.equal(receiver.received[0]!.body.event, 'trigger-test');
  await checkAccessibility(page, 'webhooks after a test');
  // For the README, only when asked (UPDATE_SCREENSHOTS=1), so test runs leave the tree clean.
  if (process.env['UPDATE_SCREENSHOTS'] === '1') await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'admin-webhooks.png') });
});

if (hasChromium()) test.run();
