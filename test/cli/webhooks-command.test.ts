import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runWebhooksLog } from '../../cli/webhooks-command.js';
import { REPO_ROOT } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';
import { eventually, startTestServer } from '../helpers/test-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');
const run = promisify(execFile);

test('cms webhooks test <name> posts trigger-test with the webhook headers and prints the status', async () => {
  const receiver = await startReceiver();
  const project = createTempProject('blog');
  try {
    const config = JSON.parse(project.read('cms.config.json'));
    config.webhooks = { defaultHeaders: { 'X-Site': 'blog' }, endpoints: [{ name: 'site', url: receiver.url, headers: { 'X-Token': 't' } }] };
    project.write('cms.config.json', config);
    const { stdout } = await run(process.execPath, [CLI, 'webhooks', 'test', 'site', '--dir', project.dir]);
    assert.match(stdout, /^site: 200 in \d+ ms\n$/);
    const [request] = receiver.received;
    assert.equal(Object.keys(request!.body), ['event', 'createdAt']);
    assert.is(request!.body.event, 'trigger-test');
    assert.equal([request!.headers['x-strapi-event'], request!.headers['x-site'], request!.headers['x-token']], ['trigger-test', 'blog', 't']);
    receiver.answer = () => ({ status: 500 });
    const failed = await run(process.execPath, [CLI, 'webhooks', 'test', 'site', '--dir', project.dir]).catch(
      (error: { code: number; stderr: string }) => error,
    );
    assert.is((failed as { code: number }).code, 1);
    assert.match((failed as { stderr: string }).stderr, /site: 500 in \d+ ms/);
    const unknown = await run(process.execPath, [CLI, 'webhooks', 'test', 'nope', '--dir', project.dir]).catch((error: { stderr: string }) => error);
    assert.match((unknown as { stderr: string }).stderr, /no webhook named "nope" in cms.config.json \(there are: site\)/);
  } finally {
    project.cleanup();
    await receiver.close();
  }
});

test('cms webhooks log prints the deliveries the server logged, newest last', async () => {
  const receiver = await startReceiver();
  receiver.answer = (n) => ({ status: n === 0 ? 502 : 204 });
  const server = await startTestServer('blog', {
    prepare: (project) => {
      const config = JSON.parse(project.read('cms.config.json'));
      config.webhooks = { retryDelay: '10ms', endpoints: [{ name: 'site', url: receiver.url, events: ['entry.create'] }] };
      project.write('cms.config.json', config);
    },
  });
  try {
    await server.request('POST', '/api/articles', { body: { data: { title: 'Logged' } } });
    await eventually(
      async () => server.server.events.webhooks.log.list().length,
      (n) => n >= 2,
    );
    server.server.events.webhooks.log.flush();
    const lines: string[] = [];
    assert.is(runWebhooksLog({ dir: server.project.dir }, { out: (line) => lines.push(line), err: (line) => lines.push(line) }), 0);
    assert.is(lines.length, 2);
    assert.match(lines[0]!, /site {2}entry\.create {2}502 {2}\d+ ms {2}try 1 {2}retry in 10 ms$/);
    assert.match(lines[1]!, /site {2}entry\.create {2}204 {2}\d+ ms {2}try 2 {2}delivered$/);
  } finally {
    await server.close();
    await receiver.close();
  }
});

test.run();
