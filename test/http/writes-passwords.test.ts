import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Password attributes: every write stores a bcrypt hash (never the plain value), Strapi's rules
// judge the plain value, and no answer, populate, filter, sort or export ever shows one.

const HASH = /^\$2[ab]\$10\$[./A-Za-z0-9]{53}$/;
const ANN_PW = '$2b$10$/gXykDcgQdLvvdbAxsF2ROxXino1BPaySL54KWlJzTeqQfo3Jab7a';
const RED_PIXEL = fs.readFileSync(path.join(REPO_ROOT, 'test/fixtures/passwords/uploads/red_pixel_3285557a91.png'));

let server: TestServer;

test.before(async () => {
  server = await startTestServer('passwords');
});
test.after(async () => {
  await server.close();
});

function stored(rel: string): Record<string, any> {
  return JSON.parse(server.project.read(rel)) as Record<string, any>;
}

/** Whether no value anywhere in a JSON answer is (or holds) one of the given texts. */
function mentions(body: unknown, ...texts: string[]): boolean {
  const json = JSON.stringify(body);
  return texts.some((text) => json.includes(text)) || /"pw"|"pin"|"secret"/.test(json);
}

test('a create stores bcrypt hashes of the passwords at every depth, and answers none of them', async () => {
  const res = await server.request('POST', '/api/people', {
    body: {
      data: {
        name: 'Bob',
        pw: 'hunter2-bob',
        pin: '1234',
        login: { username: 'bob', pw: 'login-bob' },
        blocks: [{ __component: 'account.login', username: 'b2', pw: 'zone-bob' }],
      },
    },
  });
  assert.is(res.status, 201, res.text);
  assert.not.ok(mentions(res.body, 'hunter2-bob', 'login-bob', 'zone-bob'));
  const id = res.body.data.documentId as string;
  const file = server.project.read(`content/people/${id}.json`);
  for (const plain of ['hunter2-bob', '1234', 'login-bob', 'zone-bob']) assert.not.ok(file.includes(plain), plain);
  const data = stored(`content/people/${id}.json`);
  assert.match(data['pw'], HASH);
  assert.ok(await bcrypt.compare('hunter2-bob', data['pw']));
  assert.ok(await bcrypt.compare('1234', data['pin']));
  assert.ok(await bcrypt.compare('login-bob', data['login'].pw));
  assert.ok(await bcrypt.compare('zone-bob', data['blocks'][0].pw));
  assert.is(data['login'].username, 'bob');
});

test('a value that already is a bcrypt hash is a password the client chose: it is hashed again', async () => {
  const res = await server.request('POST', '/api/people', { body: { data: { name: 'Hash', pw: ANN_PW.slice(0, 20) } } });
  assert.is(res.status, 201, res.text);
  const sent = '$2b$10$abcdefghijklmnopqrstuv';
  const put = await server.request('PUT', `/api/people/${res.body.data.documentId}`, { body: { data: { pin: ANN_PW, pw: sent.slice(0, 20) } } });
  assert.is(put.status, 200, put.text);
  const data = stored(`content/people/${res.body.data.documentId}.json`);
  assert.is.not(data['pin'], ANN_PW);
  assert.ok(await bcrypt.compare(ANN_PW, data['pin']));
  assert.ok(await bcrypt.compare(sent.slice(0, 20), data['pw']));
});

test('an update that does not send the password keeps the stored hash', async () => {
  const res = await server.request('PUT', '/api/people/ann', { body: { data: { name: 'Ann B' } } });
  assert.is(res.status, 200, res.text);
  const data = stored('content/people/ann.json');
  assert.is(data['name'], 'Ann B');
  assert.is(data['pw'], ANN_PW);
  assert.is(data['login'].pw, '$2b$10$in0GOrrSkFwUI/9VWDEcTeImWTC9yqvO1M0XJB4Jcts9TorzBed9q');
});

test('Strapi rules judge the plain value: minLength, maxLength and required keep their messages', async () => {
  const cases: [string, Record<string, unknown>, string, string[]][] = [
    ['too short', { name: 'S', pw: 'abc' }, 'pw must be at least 6 characters', ['pw']],
    ['too long (a hash would be 60)', { name: 'L', pw: 'x'.repeat(21) }, 'pw must be at most 20 characters', ['pw']],
    ['missing', { name: 'M' }, 'pw must be a `string` type, but the final value was: `null`.', ['pw']],
    ['not a string', { name: 'N', pw: 123456 }, 'pw must be a `string` type, but the final value was: `123456`.', ['pw']],
    ['too short in a component', { name: 'C', pw: 'long-enough', login: { pw: 'abc' } }, 'login.pw must be at least 6 characters', ['login', 'pw']],
  ];
  for (const [name, data, message, pathTo] of cases) {
    const res = await server.request('POST', '/api/people', { body: { data } });
    assert.is(res.status, 400, name);
    assert.is(res.body.error.name, 'ValidationError', name);
    assert.is(res.body.error.details.errors[0].message, message, name);
    assert.equal(res.body.error.details.errors[0].path, pathTo, name);
  }
  // A stored hash is 60 characters: a publish revalidating the untouched pw must not judge the hash.
  const ok = await server.request('PUT', '/api/people/ann', { body: { data: { name: 'Ann' } } });
  assert.is(ok.status, 200, ok.text);
});

test('drafts, locales and single types store hashes; a shared password is synced as its hash', async () => {
  const draft = await server.request('PUT', '/api/people/ann?status=draft', { body: { data: { pw: 'draft-pass' } } });
  assert.is(draft.status, 200, draft.text);
  assert.ok(await bcrypt.compare('draft-pass', stored('content/people/ann.draft.json')['pw']));
  assert.is(stored('content/people/ann.json')['pw'], ANN_PW);

  const fr = await server.request('PUT', '/api/people/ann?locale=fr', { body: { data: { name: 'Anne', pw: 'mot-de-passe', pin: '9999' } } });
  assert.is(fr.status, 200, fr.text);
  assert.not.ok(mentions(fr.body, 'mot-de-passe', '9999'));
  const french = stored('content/people/ann.fr.json');
  assert.ok(await bcrypt.compare('mot-de-passe', french['pw']));
  assert.ok(await bcrypt.compare('9999', french['pin']));
  // pin is not localized: the English versions get the same hash.
  assert.is(stored('content/people/ann.draft.json')['pin'], french['pin']);

  const vault = await server.request('PUT', '/api/vault', { body: { data: { secret: 'open-sesame' } } });
  assert.is(vault.status, 200, vault.text);
  assert.not.ok(mentions(vault.body, 'open-sesame'));
  assert.ok(await bcrypt.compare('open-sesame', stored('content/vault.json')['secret']));
  const long = await server.request('PUT', '/api/vault', { body: { data: { secret: 'x'.repeat(31) } } });
  assert.is(long.body.error.details.errors[0].message, 'secret must be at most 30 characters');
});

test('reads never answer a password: lists, populate of components, zones and relations, v4 format', async () => {
  const reads = [
    '/api/people?populate=*',
    '/api/people/ann?populate[login]=true&populate[blocks]=true',
    '/api/people/ann?fields[0]=name',
    '/api/teams?populate[members][populate]=*',
    '/api/vault',
  ];
  for (const url of reads) {
    const res = await server.get(url);
    assert.is(res.status, 200, `${url}: ${res.text}`);
    assert.not.ok(mentions(res.body, '$2b$'), url);
  }
  const v4 = await server.get('/api/people?populate=*', { 'Strapi-Response-Format': 'v4' });
  assert.is(v4.status, 200);
  assert.ok(v4.body.data[0].attributes, 'v4 shape');
  assert.not.ok(mentions(v4.body, '$2b$'));
});

test('a password is neither a field, a filter nor a sort key', async () => {
  for (const url of [
    '/api/people?filters[pw][$eq]=x',
    '/api/people?filters[login][pw][$null]=true',
    '/api/people?sort=pw',
    '/api/people?sort=pin:desc',
    '/api/people?fields[0]=pw',
    '/api/vault?fields[0]=secret',
  ]) {
    const res = await server.get(url);
    assert.is(res.status, 400, url);
    assert.is(res.body.error.name, 'ValidationError', url);
  }
});

test('an upload linked to a document keeps its stored hashes', async () => {
  const before = stored('content/people/ann.fr.json');
  const form = new FormData();
  form.append('files', new Blob([RED_PIXEL], { type: 'image/png' }), 'face.png');
  const list = await server.get('/api/people?locale=fr');
  form.append('ref', 'api::person.person');
  form.append('refId', String(list.body.data[0].id));
  form.append('field', 'avatar');
  const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
  assert.is(response.status, 201, await response.clone().text());
  const after = stored('content/people/ann.fr.json');
  assert.ok(typeof after['avatar'] === 'string');
  assert.is(after['pw'], before['pw']);
  assert.is(after['pin'], before['pin']);
});

test('cms export writes no password', async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-export-'));
  try {
    const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'dist/cli/main.js'), 'export', '--dir', server.project.dir, '--out', out, '--all'], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    assert.is(result.status, 0, result.stderr);
    const texts = (fs.readdirSync(out, { recursive: true }) as string[])
      .filter((name) => name.endsWith('.json'))
      .map((name) => fs.readFileSync(path.join(out, name), 'utf8'));
    assert.ok(texts.some((text) => text.includes('"Ann')));
    for (const text of texts) assert.not.ok(/\$2[ab]\$|"pw"|"pin"|"secret"/.test(text));
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test.run();
