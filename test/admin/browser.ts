import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, type Page, chromium } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`), or CHROMIUM_PATH. */
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM);
}

/** One headless Chromium per test file. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** A page whose script errors fail the test; CSP bypassed only so that axe-core can be injected. */
export async function openPage(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, bypassCSP: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page as it is: no serious or critical violation. */
/** Fills the sign-in form the page shows and submits it. */
export async function signIn(page: Page, who: { readonly email: string; readonly password: string }): Promise<void> {
  await page.locator('#signin-email').fill(who.email);
  await page.locator('#signin-password').fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function checkAccessibility(page: Page, screen: string): Promise<void> {
  await page.addScriptTag({ content: AXE_SOURCE });
  // A string, so that this file needs no DOM types: it runs in the page.
  const violations = (await page.evaluate(`(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' - ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', '));
  })()`)) as string[];
  assert.deepEqual(violations, [], `${screen}: accessibility violations`);
}
