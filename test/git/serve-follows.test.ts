import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ANN } from '../helpers/git-project.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

function git(dir: string, args: string[]): void {
  const result = spawnSync('git', ['-c', `user.name=${ANN.name}`, '-c', `user.email=${ANN.email}`, ...args], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
}

async function titleBecomes(server: TestServer, expected: string): Promise<string> {
  let title = '';
  for (const started = Date.now(); Date.now() - started < 5_000; await sleep(25)) {
    title = (await server.get('/api/articles/hello')).body?.data?.title;
    if (title === expected) break;
  }
  return title;
}

let server: TestServer;

test.before(async () => {
  server = await startTestServer('git-site', {
    watch: true,
    prepare: (project) => {
      git(project.dir, ['init', '-q', '-b', 'main']);
      git(project.dir, ['add', '-A']);
      git(project.dir, ['commit', '-q', '-m', 'Start']);
    },
  });
});
test.after(() => server.close());

test('cms discard of an API write: the running server shows the committed version again', async () => {
  const put = await server.request('PUT', '/api/articles/hello', { body: { data: { title: 'Written through the API' } } });
  assert.is(put.status, 200, put.text);
  const discard = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli', 'main.js'), 'discard', 'articles/hello'], {
    cwd: server.project.dir,
    encoding: 'utf8',
  });
  assert.is(discard.status, 0, discard.stderr);
  assert.is(await titleBecomes(server, 'Hello'), 'Hello');
});

test('a checkout of another branch while the server runs shows that branch’s content', async () => {
  const dir = server.project.dir;
  git(dir, ['checkout', '-q', '-b', 'other']);
  server.project.write('content/articles/hello.json', { ...JSON.parse(server.project.read('content/articles/hello.json')), title: 'On the other branch' });
  git(dir, ['commit', '-q', '-am', 'Other title']);
  assert.is(await titleBecomes(server, 'On the other branch'), 'On the other branch');
  git(dir, ['checkout', '-q', 'main']);
  assert.is(await titleBecomes(server, 'Hello'), 'Hello');
});

test.run();
