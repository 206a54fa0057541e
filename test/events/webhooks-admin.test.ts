import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import { AdminClient, BOSS, type AdminTestServer, startAdminServer } from '../admin/admin-server.js';
import { eventually } from '../helpers/test-server.js';
import { type WebhookReceiver, startReceiver } from '../helpers/webhook-receiver.js';

// The editor's webhooks screen over HTTP: GET /admin/webhooks, GET /admin/webhooks/deliveries and
// POST /admin/webhooks/:name/test — Super Admin only, CSRF on the write, no header value nor secret shown.

const SECRET_ENV = 'CMS_TEST_ADMIN_HOOK_SECRET';
const SECRET = 'hook-secret-0e4b1c';
const TOKEN = 'Bearer private-token-5d2a';
const ARTICLE = 'api::article.article';

let app: AdminTestServer;
let receiver: WebhookReceiver;
const boss = () => signedIn(BOSS.email, BOSS.password);

test.before(async () => {
  receiver = await startReceiver();
  process.env[SECRET_ENV] = SECRET;
  app = await startAdminServer({
    prepare: (dir) => {
      const file = path.join(dir, 'cms.config.json');
      const config = JSON.parse(fs.readFileSync(file, 'utf8'));
      config.webhooks = {
        defaultHeaders: { 'X-Site': 'blog' },
        endpoints: [
          { name: 'site', url: receiver.url, headers: { Authorization: TOKEN }, events: ['entry.create', 'entry.publish'], secretEnv: SECRET_ENV },
          { name: 'paused', url: `${receiver.url}?paused`, enabled: false },
        ],
      };
      fs.writeFileSync(file, JSON.stringify(config));
    },
  });
  const first = new AdminClient(app.url);
  assert.equal((await first.request('POST', '/admin/register-admin', BOSS)).status, 200);
  for (const role of ['editor', 'author'])
    assert.equal((await first.request('POST', '/admin/users', { email: `${role}@example.com`, password: 'Secret123', role })).status, 201);
});
test.after(async () => {
  await app?.close();
  await receiver?.close();
  delete process.env[SECRET_ENV];
});

async function signedIn(email: string, password: string): Promise<AdminClient> {
  const client = new AdminClient(app.url);
  assert.equal((await client.signIn(email, password)).status, 200);
  return client;
}

function assertNoSecrets(text: string): void {
  for (const secret of [SECRET, SECRET_ENV, TOKEN, 'private-token']) assert.ok(!text.includes(secret), `an answer shows ${secret}`);
}

test('without a session: 401; an Editor or an Author: 403, and no test is sent', async () => {
  const anonymous = new AdminClient(app.url);
  for (const [method, route] of [
    ['GET', '/admin/webhooks'],
    ['GET', '/admin/webhooks/deliveries'],
    ['POST', '/admin/webhooks/site/test'],
  ] as const) {
    const answer = await anonymous.request(method, route);
    assert.equal(answer.status, 401, `${method} ${route}`);
    assert.equal(answer.body.error.name, 'UnauthorizedError');
    for (const role of ['editor', 'author']) {
      const other = await signedIn(`${role}@example.com`, 'Secret123');
      const refused = await other.request(method, route);
      assert.equal(refused.status, 403, `${role}: ${method} ${route}`);
      assert.equal(refused.body.error.name, 'ForbiddenError');
      assertNoSecrets(refused.text);
    }
  }
  assert.equal(receiver.received.length, 0);
});

test('the configured webhooks: name, url, events, enabled, the names of their headers, whether they sign; never a value or secret', async () => {
  const client = await boss();
  const answer = await client.request('GET', '/admin/webhooks');
  assert.equal(answer.status, 200);
  assert.deepEqual(answer.body.data, [
    { name: 'site', url: receiver.url, events: ['entry.create', 'entry.publish'], enabled: true, headers: ['Authorization'], signed: true, pending: 0 },
    {
      name: 'paused',
      url: `${receiver.url}?paused`,
      events: ['entry.create', 'entry.update', 'entry.delete', 'entry.publish', 'entry.unpublish', 'media.create', 'media.update', 'media.delete'],
      enabled: false,
      headers: [],
      signed: false,
      pending: 0,
    },
  ]);
  assertNoSecrets(answer.text);
});

test('a test needs the CSRF token; sent, it posts Strapi test event with the webhook headers and signature, and is logged', async () => {
  const client = await boss();
  const forged = await client.request('POST', '/admin/webhooks/site/test', undefined, { 'x-csrf-token': 'not-the-token' });
  assert.equal(forged.status, 403);
  assert.equal(receiver.received.length, 0);

  const sent = await client.request('POST', '/admin/webhooks/site/test');
  assert.equal(sent.status, 200);
  assertNoSecrets(sent.text);
  assert.equal(sent.body.data.webhook, 'site');
  assert.equal(sent.body.data.event, 'trigger-test');
  assert.equal(sent.body.data.status, 200);
  assert.equal(sent.body.data.outcome, 'delivered');
  assert.equal(typeof sent.body.data.durationMs, 'number');
  const [got] = receiver.received;
  assert.equal(got!.body.event, 'trigger-test');
  assert.equal(got!.headers['x-strapi-event'], 'trigger-test');
  assert.equal(got!.headers['authorization'], TOKEN);
  assert.equal(got!.headers['x-site'], 'blog');
  assert.equal(got!.headers['x-cms-signature'], `sha256=${crypto.createHmac('sha256', SECRET).update(got!.text).digest('hex')}`);

  // A failing receiver: the try is logged as failed, with its status.
  receiver.answer = () => ({ status: 500 });
  const failed = await client.request('POST', '/admin/webhooks/site/test');
  assert.equal(failed.status, 200);
  assert.deepEqual([failed.body.data.status, failed.body.data.outcome, failed.body.data.error], [500, 'failed', 'HTTP 500']);
  receiver.answer = () => ({ status: 200 });

  const unknown = await client.request('POST', '/admin/webhooks/nope/test');
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error.name, 'NotFoundError');
});

test('the last deliveries, newest first: real events and tests, with status, timing, attempt and error', async () => {
  const client = await boss();
  const created = await client.request('POST', `/admin/content-manager/collection-types/${ARTICLE}?publish=true`, {
    data: { title: 'Told the world', slug: 'told-the-world' },
  });
  assert.equal(created.status, 201);
  await eventually(
    async () => (await client.request('GET', '/admin/webhooks/deliveries')).body.meta.total,
    (total: number) => total >= 4,
  );
  const answer = await client.request('GET', '/admin/webhooks/deliveries');
  assertNoSecrets(answer.text);
  const rows = answer.body.data.map((r: any) => [r.webhook, r.event, r.status, r.attempt, r.outcome]);
  assert.deepEqual(rows, [
    ['site', 'entry.publish', 200, 1, 'delivered'],
    ['site', 'entry.create', 200, 1, 'delivered'],
    ['site', 'trigger-test', 500, 1, 'failed'],
    ['site', 'trigger-test', 200, 1, 'delivered'],
  ]);
  assert.equal(answer.body.data[2].error, 'HTTP 500');
  for (const row of answer.body.data) assert.ok(Number.isInteger(row.durationMs) && !Number.isNaN(Date.parse(row.at)));
  const limited = await client.request('GET', '/admin/webhooks/deliveries?limit=1');
  assert.deepEqual(
    limited.body.data.map((r: any) => r.event),
    ['entry.publish'],
  );
});

test.run();
