import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// The fixture's cms.config.json has `export.types.articles` populate localizations (title, locale).
const DEFAULTS = 'populate[localizations][fields][0]=title&populate[localizations][fields][1]=locale';

let server: TestServer;
let out: string;

test.before.each(async () => {
  server = await startTestServer('localizations');
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-export-loc-'));
});
test.after.each(async () => {
  await server.close();
  fs.rmSync(out, { recursive: true, force: true });
});

/** Runs `cms export` without blocking this process, whose event loop also serves the test server. */
async function exportOk(...args: string[]): Promise<void> {
  const cli = path.join(REPO_ROOT, 'dist/cli/main.js');
  await promisify(execFile)(process.execPath, [cli, 'export', '--dir', server.project.dir, '--out', out, ...args], { env: { ...process.env, CI: 'true' } });
}

const readOut = (file: string): any => JSON.parse(fs.readFileSync(path.join(out, file), 'utf8'));

test('cms export answers localizations as the server does, in the exported locale and status', async () => {
  await exportOk();
  const alpha = readOut('api/articles/alpha.json');
  assert.equal(alpha, (await server.get(`/api/articles/alpha?${DEFAULTS}`)).body);
  assert.equal(alpha.data.localizations, [{ id: alpha.data.localizations[0].id, documentId: 'alpha', title: 'Alpha (fr)', locale: 'fr' }]);
  assert.equal(readOut('api/articles.json'), (await server.get(`/api/articles?${DEFAULTS}`)).body);

  fs.rmSync(out, { recursive: true, force: true });
  await exportOk('--locale', 'fr', '--status', 'draft');
  const french = readOut('api/articles/alpha.json');
  assert.equal(french, (await server.get(`/api/articles/alpha?locale=fr&status=draft&${DEFAULTS}`)).body);
  assert.equal(
    french.data.localizations.map((l: { title: string }) => l.title),
    ['Alpha', 'Alpha (de, Entwurf)'],
  );
});

test.run();
