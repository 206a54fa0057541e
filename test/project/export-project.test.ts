import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// `cms export` of a project with code answers through the project's app: LaunchPad's route
// middlewares set populate, so the files hold what `cms serve` answers for the same requests.
const test = suite<{ server: TestServer; out: string }>('cms export runs the project code');

test.before(async (context) => {
  context.server = await startTestServer('launchpad');
  context.out = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-export-'));
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/cli/main.js'), 'export', '--dir', context.server.project.dir, '--out', context.out], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  assert.is(result.status, 0, result.stderr);
});

test.after(async ({ server, out }) => {
  await server.close();
  fs.rmSync(out, { recursive: true, force: true });
});

const read = (out: string, file: string) => fs.readFileSync(path.join(out, file), 'utf8');

test("the exported pages file is the served /api/pages answer, populated by LaunchPad's page-populate middleware", async ({ server, out }) => {
  const served = await server.get('/api/pages');
  assert.is(served.status, 200);
  assert.is(read(out, 'api/pages.json'), served.text);
  // What the middleware adds is there: without the project's code the page would have no seo.
  assert.is(JSON.parse(read(out, 'api/pages.json')).data[0].seo.metaTitle, 'Home');
});

test('each document file and the single type answer as served', async ({ server, out }) => {
  assert.is(read(out, 'api/pages/homepage.json'), (await server.get('/api/pages/homepage')).text);
  const global = await server.get('/api/global');
  assert.is(read(out, 'api/global.json'), global.text);
  assert.is(JSON.parse(global.text).data.navbar.logo.company, 'LaunchPad');
  assert.is(read(out, 'api/logos.json'), (await server.get('/api/logos')).text);
});

test('a single type nobody wrote has no file (the server answers 404 for it)', async ({ server, out }) => {
  assert.is((await server.get('/api/blog-page')).status, 404);
  assert.not.ok(fs.existsSync(path.join(out, 'api/blog-page.json')));
});

test.run();
