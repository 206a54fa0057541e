import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { USERS, bearer, ignoreAuthEnvironment, prepareAuthProject } from '../auth/auth-project.js';
import { type SmtpTestServer, startSmtpTestServer } from '../helpers/smtp-test-server.js';
import type { TempProject } from '../helpers/temp-project.js';
import { type TestResponse, type TestServer, startTestServer } from '../helpers/test-server.js';

// The password and email-confirmation flows end to end, through a real SMTP server on 127.0.0.1:
// each test reads the code from the mail it received and calls the API with it, as a user would.
ignoreAuthEnvironment();
const SMTP_SECRET = 'smtp-secret-never-shown-4711';
process.env['SMTP_PASSWORD'] = SMTP_SECRET;

const RESET_PAGE = 'https://site.example/reset-password';
const WELCOME_PAGE = 'https://site.example/welcome';
const permissions = { public: ['api::article.article.find'], authenticated: ['api::author.author.find'] };

let smtp: SmtpTestServer;
let server: TestServer;
let broken: TestServer;
/** Every answer's text, to show that none holds the SMTP password. */
const answers: string[] = [];

function withMail(project: TempProject, smtpPort: number): void {
  prepareAuthProject(project, { permissions });
  const config = JSON.parse(project.read('cms.config.json')) as Record<string, Record<string, unknown>>;
  config['auth'] = {
    ...config['auth'],
    emailConfirmation: true,
    emailConfirmationRedirection: WELCOME_PAGE,
    resetPasswordUrl: RESET_PAGE,
    rateLimit: { max: 1000 },
  };
  config['email'] = { smtp: { host: '127.0.0.1', port: smtpPort, user: 'mailer' }, from: 'Site <no-reply@site.example>', replyTo: 'help@site.example' };
  project.write('cms.config.json', config);
}

test.before(async () => {
  smtp = await startSmtpTestServer({ user: 'mailer', password: SMTP_SECRET });
  server = await startTestServer('blog', { prepare: (project) => withMail(project, smtp.port) });
  // An SMTP server that is gone: a port that was just free.
  const gone = await startSmtpTestServer();
  await gone.close();
  broken = await startTestServer('blog', { prepare: (project) => withMail(project, gone.port) });
});
test.after(async () => {
  await server?.close();
  await broken?.close();
  await smtp?.close();
});

async function call(target: TestServer, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<TestResponse> {
  const response = await target.request(method, path, { ...(body === undefined ? {} : { body }), ...(headers === undefined ? {} : { headers }) });
  answers.push(response.text);
  return response;
}

function assertError(response: TestResponse, status: number, name: string, message: string): void {
  assert.is(response.status, status, response.text);
  assert.equal([response.body?.error?.status, response.body?.error?.name, response.body?.error?.message], [status, name, message]);
}

function codeIn(text: string, parameter: string): string {
  const match = new RegExp(`[?&]${parameter}=([0-9a-f]+)`).exec(text);
  if (match === null) throw new Error(`no ${parameter}= in ${text}`);
  return match[1]!;
}

function userFile(documentId: string): Record<string, unknown> {
  return JSON.parse(server.project.read(`users/${documentId}.json`)) as Record<string, unknown>;
}

test('forgot → mail → reset: the code from the mail sets the new password once, and signs the user in', async () => {
  const forgot = await call(server, 'POST', '/api/auth/forgot-password', { email: 'Reader@Example.com' });
  assert.is(forgot.status, 200);
  assert.equal(forgot.body, { ok: true });
  const mail = await smtp.takeMail(USERS.reader.email);
  assert.is(mail.subject, 'Reset password');
  assert.match(mail.from, /^"?Site"? <no-reply@site\.example>$/);
  assert.ok(mail.text.includes(`${RESET_PAGE}?code=`), mail.text);
  assert.ok(mail.html.includes(`<p>${RESET_PAGE}?code=`), mail.html);
  const code = codeIn(mail.text, 'code');
  assert.is(code.length, 128);
  assert.is(codeIn(mail.html, 'code'), code);

  const stored = String(userFile(USERS.reader.documentId)['resetPasswordToken']);
  assert.match(stored, /^sha256:[0-9a-f]{64};expires=/);
  assert.not.ok(stored.includes(code), 'the user file holds the code itself');

  const reset = await call(server, 'POST', '/api/auth/reset-password', { code, password: 'brand-new-pass', passwordConfirmation: 'brand-new-pass' });
  assert.is(reset.status, 200, reset.text);
  assert.equal(Object.keys(reset.body), ['jwt', 'user']);
  assert.is(reset.body.user.username, 'reader');
  assert.is(userFile(USERS.reader.documentId)['resetPasswordToken'], null);

  const again = await call(server, 'POST', '/api/auth/reset-password', { code, password: 'other-pass', passwordConfirmation: 'other-pass' });
  assertError(again, 400, 'ValidationError', 'Incorrect code provided');
  const newSignIn = await call(server, 'POST', '/api/auth/local', { identifier: 'reader', password: 'brand-new-pass' });
  assert.is(newSignIn.status, 200);
  const oldSignIn = await call(server, 'POST', '/api/auth/local', { identifier: 'reader', password: USERS.reader.password });
  assertError(oldSignIn, 400, 'ValidationError', 'Invalid identifier or password');
});

test('forgot-password answers the same for an unknown address and a blocked user, and sends them nothing', async () => {
  const known = await call(server, 'POST', '/api/auth/forgot-password', { email: USERS.editor.email });
  const unknown = await call(server, 'POST', '/api/auth/forgot-password', { email: 'nobody@example.com' });
  const blocked = await call(server, 'POST', '/api/auth/forgot-password', { email: USERS.blocked.email });
  for (const response of [unknown, blocked]) {
    assert.is(response.status, known.status);
    assert.is(response.text, known.text);
    assert.is(response.headers.get('content-type'), known.headers.get('content-type'));
  }
  await smtp.takeMail(USERS.editor.email);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(
    smtp.mails.filter((mail) => mail.to === 'nobody@example.com' || mail.to === USERS.blocked.email),
    [],
  );
  assert.is(userFile(USERS.blocked.documentId)['resetPasswordToken'], 'reset-blocked', 'the blocked user got a new code');
});

const BAD_RESETS: Array<[string, unknown, string]> = [
  ['passwords that differ', { code: 'abc', password: 'one-password', passwordConfirmation: 'two-password' }, 'Passwords do not match'],
  ['a code nobody has', { code: 'f'.repeat(128), password: 'one-password', passwordConfirmation: 'one-password' }, 'Incorrect code provided'],
  [
    "a plain token stored by Strapi (the fixture's)",
    { code: 'reset-reader', password: 'one-password', passwordConfirmation: 'one-password' },
    'Incorrect code provided',
  ],
  ['nothing', {}, '3 errors occurred'],
  ['an unknown key', { code: 'abc', password: 'p', passwordConfirmation: 'p', role: 'admin' }, 'this field has unspecified keys: role'],
];
for (const [name, body, message] of BAD_RESETS) {
  test(`reset-password refused: ${name} → 400 "${message}"`, async () => {
    assertError(await call(server, 'POST', '/api/auth/reset-password', body), 400, 'ValidationError', message);
  });
}

test('register with emailConfirmation: {user} without a JWT, unconfirmed; the mailed link confirms once and redirects', async () => {
  const register = await call(server, 'POST', '/api/auth/local/register', { username: 'newbie', email: 'Newbie@Example.com', password: 'newbie-pass' });
  assert.is(register.status, 200, register.text);
  assert.equal(Object.keys(register.body), ['user']);
  assert.is(register.body.user.confirmed, false);

  const mail = await smtp.takeMail('newbie@example.com');
  assert.is(mail.subject, 'Account confirmation');
  const link = `${server.url}/api/auth/email-confirmation?confirmation=`;
  assert.ok(mail.text.includes(link), mail.text);
  const code = codeIn(mail.text, 'confirmation');
  assert.is(code.length, 40);

  assertError(
    await call(server, 'POST', '/api/auth/local', { identifier: 'newbie', password: 'newbie-pass' }),
    400,
    'ApplicationError',
    'Your account email is not confirmed',
  );
  // Only whoever knows the password learns that the account waits for confirmation.
  assertError(
    await call(server, 'POST', '/api/auth/local', { identifier: 'newbie', password: 'wrong-pass' }),
    400,
    'ValidationError',
    'Invalid identifier or password',
  );

  const confirm = await fetch(link + code, { redirect: 'manual' });
  assert.is(confirm.status, 302);
  assert.is(confirm.headers.get('location'), WELCOME_PAGE);
  const signIn = await call(server, 'POST', '/api/auth/local', { identifier: 'newbie@example.com', password: 'newbie-pass' });
  assert.is(signIn.status, 200, signIn.text);
  assert.is(signIn.body.user.confirmed, true);

  const again = await server.get(`/api/auth/email-confirmation?confirmation=${code}`);
  assertError(again, 400, 'ValidationError', 'Invalid token');
  assertError(await server.get('/api/auth/email-confirmation'), 400, 'ValidationError', 'confirmation is a required field');
});

test('send-email-confirmation: a new code replaces the old one; an unknown address gets the same answer and no mail', async () => {
  await call(server, 'POST', '/api/auth/local/register', { username: 'later', email: 'later@example.com', password: 'later-pass' });
  const first = codeIn((await smtp.takeMail('later@example.com')).text, 'confirmation');
  const resend = await call(server, 'POST', '/api/auth/send-email-confirmation', { email: 'LATER@example.com' });
  assert.is(resend.status, 200);
  assert.equal(resend.body, { email: 'later@example.com', sent: true });
  const second = codeIn((await smtp.takeMail('later@example.com')).text, 'confirmation');
  assert.is.not(first, second);
  assertError(await server.get(`/api/auth/email-confirmation?confirmation=${first}`), 400, 'ValidationError', 'Invalid token');

  const unknown = await call(server, 'POST', '/api/auth/send-email-confirmation', { email: 'ghost@example.com' });
  assert.is(unknown.status, 200);
  assert.equal(unknown.body, { email: 'ghost@example.com', sent: true });
  // Strapi's own answers for a confirmed or blocked address.
  assertError(await call(server, 'POST', '/api/auth/send-email-confirmation', { email: USERS.editor.email }), 400, 'ApplicationError', 'Already confirmed');
  const confirm = await fetch(`${server.url}/api/auth/email-confirmation?confirmation=${second}`, { redirect: 'manual' });
  assert.is(confirm.status, 302);
});

test("change-password: a signed-in user, with Strapi's messages, then a fresh JWT", async () => {
  const signIn = await call(server, 'POST', '/api/auth/local', { identifier: 'editor', password: USERS.editor.password });
  const auth = bearer(signIn.body.jwt);
  const change = (body: unknown, headers = auth) => call(server, 'POST', '/api/auth/change-password', body, headers);
  assertError(
    await change({ currentPassword: USERS.editor.password, password: 'p2-password', passwordConfirmation: 'p2-password' }, {}),
    403,
    'ForbiddenError',
    'Forbidden',
  );
  assertError(
    await change({ currentPassword: 'wrong', password: 'p2-password', passwordConfirmation: 'p2-password' }),
    400,
    'ValidationError',
    'The provided current password is invalid',
  );
  assertError(
    await change({ currentPassword: USERS.editor.password, password: 'p2-password', passwordConfirmation: 'p3-password' }),
    400,
    'ValidationError',
    'Passwords do not match',
  );
  assertError(
    await change({ currentPassword: USERS.editor.password, password: USERS.editor.password, passwordConfirmation: USERS.editor.password }),
    400,
    'ValidationError',
    'Your new password must be different than your current password',
  );
  const done = await change({ currentPassword: USERS.editor.password, password: 'p2-password', passwordConfirmation: 'p2-password' });
  assert.is(done.status, 200, done.text);
  assert.equal(Object.keys(done.body), ['jwt', 'user']);
  assert.is((await call(server, 'POST', '/api/auth/local', { identifier: 'editor', password: 'p2-password' })).status, 200);
});

test("an SMTP server that cannot be reached: registration answers Strapi's error, forgot-password still {ok: true}", async () => {
  const register = await call(broken, 'POST', '/api/auth/local/register', { username: 'unlucky', email: 'unlucky@example.com', password: 'unlucky-pass' });
  assertError(register, 400, 'ApplicationError', 'Error sending confirmation email');
  const forgot = await call(broken, 'POST', '/api/auth/forgot-password', { email: USERS.reader.email });
  assert.equal(forgot.body, { ok: true });
  const logged = () => broken.logs.filter((line) => line.includes('could not be sent')).length;
  for (let i = 0; i < 100 && logged() < 2; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.is(logged(), 2, broken.logs.join('\n'));
});

test('the SMTP password reaches the SMTP server, and no answer or log line', async () => {
  assert.ok(smtp.logins.includes(SMTP_SECRET));
  for (const text of [...answers, ...server.logs, ...server.infos, ...broken.logs, ...broken.infos]) {
    assert.not.ok(text.includes(SMTP_SECRET), `the password shows in: ${text}`);
  }
});

test.run();
