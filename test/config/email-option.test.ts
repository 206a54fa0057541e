import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_MAIL_TEMPLATES } from '../../server/config/mail-templates.js';
import { UserError } from '../../server/errors/user-error.js';
import { loadConfig } from '../../server/store/load-config.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

// The `email` block of cms.config.json (server/config/email-option.ts) and `server.url`.
let project: TempProject;
test.before.each(() => {
  project = createTempProject();
});
test.after.each(() => project.cleanup());

const load = (config: object) => {
  project.write('cms.config.json', config);
  return loadConfig(project.dir, {}, {});
};

test("defaults: no SMTP (mails go to .cms/outbox), a local sender, Strapi's templates, no public URL", () => {
  const config = load({});
  assert.equal(config.email, {
    smtp: undefined,
    from: 'cms <no-reply@localhost>',
    replyTo: undefined,
    outbox: '.cms/outbox',
    templates: DEFAULT_MAIL_TEMPLATES,
  });
  assert.is(config.server.url, undefined);
  assert.ok(DEFAULT_MAIL_TEMPLATES.resetPassword.html.includes('<p><%= URL %>?code=<%= TOKEN %></p>'));
  assert.ok(DEFAULT_MAIL_TEMPLATES.emailConfirmation.html.includes('<p><%= URL %>?confirmation=<%= CODE %></p>'));
});

test('SMTP settings: the port follows `secure` unless given; templates are overridden part by part', () => {
  const config = load({
    server: { url: 'https://cms.example/' },
    email: {
      smtp: { host: 'smtp.example', secure: true, user: 'mailer' },
      from: 'Site <no-reply@site.example>',
      replyTo: 'help@site.example',
      templates: { resetPassword: { subject: 'Reset your password, <%= USER.username %>' } },
    },
  });
  assert.equal(config.email.smtp, { host: 'smtp.example', port: 465, secure: true, user: 'mailer' });
  assert.is(config.server.url, 'https://cms.example');
  assert.is(config.email.templates.resetPassword.subject, 'Reset your password, <%= USER.username %>');
  assert.is(config.email.templates.resetPassword.html, DEFAULT_MAIL_TEMPLATES.resetPassword.html);
  assert.equal(load({ email: { smtp: { host: 'smtp.example' }, from: 'a@b.example' } }).email.smtp?.port, 587);
});

const BAD: Array<[string, object, string]> = [
  [
    'a password in the file',
    { email: { smtp: { host: 'h', pass: 'hunter2' }, from: 'a@b.c' } },
    'email.smtp.pass: keep the SMTP password out of the file: set SMTP_PASSWORD',
  ],
  ['"password" as well', { email: { smtp: { host: 'h', password: 'hunter2' }, from: 'a@b.c' } }, 'email.smtp.password: keep the SMTP password out of the file'],
  ['SMTP without a host', { email: { smtp: { port: 25 }, from: 'a@b.c' } }, "email.smtp.host: expected the SMTP server's host name, got nothing"],
  ['SMTP without a sender', { email: { smtp: { host: 'h' } } }, 'email.from: expected the sender'],
  ['an outbox outside the project', { email: { outbox: '../mail' } }, 'email.outbox: expected a folder inside the project'],
  [
    'an unknown placeholder',
    { email: { templates: { resetPassword: { text: '<%= PASSWORD %>' } } } },
    'email.templates.resetPassword.text: unknown placeholder PASSWORD',
  ],
  [
    'template code',
    { email: { templates: { emailConfirmation: { html: '<% process.exit() %>' } } } },
    'email.templates.emailConfirmation.html: only <%= NAME %> placeholders are allowed',
  ],
  ['a relative server.url', { server: { url: 'cms.example' } }, 'server.url: expected an absolute http(s) URL'],
];
for (const [name, config, message] of BAD) {
  test(`refused at start: ${name}`, () => {
    try {
      load(config);
      assert.unreachable('expected a UserError');
    } catch (error) {
      assert.instance(error, UserError);
      assert.ok((error as Error).message.includes(message), (error as Error).message);
      assert.not.ok((error as Error).message.includes('hunter2'), 'the error repeats the password');
    }
  });
}

test.run();
