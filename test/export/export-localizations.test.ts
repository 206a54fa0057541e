import { spawnSync } from 'node:child_process';
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

function exportOk(...args: string[]): void {
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/cli/main.js'), 'export', '--dir', server.project.dir, '--out', out, ...args], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  assert.is(result.status, 0, result.stderr);
}

const readOut = (file: string): any => JSON.parse(fs.readFileSync(path.join(out, file), 'utf8'));

test('cms export answers localizations as the server does, in the exported locale and status', async () => {
  exportOk();
  const alpha = readOut('api/articles/alpha.json');
  assert.equal(alpha, (await server.get(`/api/articles/alpha?${DEFAULTS}`)).body);
  assert.equal(alpha.data.localizations, [{ id: alpha.data.localizations[0].id, documentId: 'alpha', title: 'Alpha (fr)', locale: 'fr' }]);
  assert.equal(readOut('api/articles.json'), (await server.get(`/api/articles?${DEFAULTS}`)).body);

  fs.rmSync(out, { recursive: true, force: true });
  exportOk('--locale', 'fr', '--status', 'draft');
  const french = readOut('api/articles/alpha.json');
  assert.equal(french, (await server.get(`/api/articles/alpha?locale=fr&status=draft&${DEFAULTS}`)).body);
  assert.equal(
    french.data.localizations.map((l: { title: string }) => l.title),
    ['Alpha', 'Alpha (de, Entwurf)'],
  );
});

test.run();
