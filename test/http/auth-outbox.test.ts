import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { USERS, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

// Without SMTP settings, mails are .eml files in .cms/outbox/ and the log names the file and the
// link, so a developer can finish a flow locally. Codes expire: the second project gives them one second.
ignoreAuthEnvironment();
const RESET_PAGE = 'http://localhost:3000/reset-password';
let server: TestServer;
let shortLived: TestServer;

function startProject(auth: Record<string, unknown>): Promise<TestServer> {
  return startTestServer('blog', {
    prepare: (project) => {
      prepareAuthProject(project, { permissions: { public: ['api::article.article.find'] } });
      const config = JSON.parse(project.read('cms.config.json')) as Record<string, Record<string, unknown>>;
      config['auth'] = { ...config['auth'], resetPasswordUrl: RESET_PAGE, rateLimit: { max: 1000 }, ...auth };
      project.write('cms.config.json', config);
    },
  });
}

test.before(async () => {
  server = await startProject({});
  shortLived = await startProject({ resetPasswordTokenLifetime: '1s' });
});
test.after(async () => {
  await server?.close();
  await shortLived?.close();
});

/** The next outbox line of the log for this address, and the file it names. */
async function nextOutboxMail(to: string, seen: number, from = server): Promise<{ line: string; file: string }> {
  const lines = await eventually(
    async () => from.infos.filter((line) => line.includes(`to ${to} written to .cms/outbox/`)),
    (found) => found.length > seen,
  );
  const line = lines[seen];
  if (line === undefined) throw new Error(`no outbox mail to ${to}: ${from.infos.join('\n')}`);
  const file = /written to (\S+\.eml)/.exec(line)?.[1];
  if (file === undefined) throw new Error(`no file in ${line}`);
  return { line, file };
}

test('forgot-password without SMTP: an .eml file in .cms/outbox, and a log line with the link that resets the password', async () => {
  assert.equal((await server.request('POST', '/api/auth/forgot-password', { body: { email: USERS.reader.email } })).body, { ok: true });
  const { line, file } = await nextOutboxMail(USERS.reader.email, 0);
  assert.match(file, /^\.cms\/outbox\/[\w-]+\.eml$/);
  const link = /open (\S+)$/.exec(line)?.[1] ?? '';
  assert.ok(link.startsWith(`${RESET_PAGE}?code=`), line);

  const parsed = await simpleParser(fs.readFileSync(path.join(server.project.dir, file)));
  assert.is(parsed.subject, 'Reset password');
  assert.ok(parsed.text?.includes(link), parsed.text);

  const code = new URL(link).searchParams.get('code');
  const reset = await server.request('POST', '/api/auth/reset-password', {
    body: { code, password: 'from-the-outbox', passwordConfirmation: 'from-the-outbox' },
  });
  assert.is(reset.status, 200, reset.text);
  assert.is((await server.request('POST', '/api/auth/local', { body: { identifier: 'reader', password: 'from-the-outbox' } })).status, 200);
});

test('a reset code stops working when its lifetime is over', async () => {
  await shortLived.request('POST', '/api/auth/forgot-password', { body: { email: USERS.editor.email } });
  const { line } = await nextOutboxMail(USERS.editor.email, 0, shortLived);
  const code = new URL(/open (\S+)$/.exec(line)?.[1] ?? '').searchParams.get('code');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const reset = await shortLived.request('POST', '/api/auth/reset-password', {
    body: { code, password: 'too-late-pass', passwordConfirmation: 'too-late-pass' },
  });
  assert.is(reset.status, 400);
  assert.is(reset.body.error.message, 'Incorrect code provided');
});

test.run();
