import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderTemplate } from '../../server/mail/render-template.js';

// Placeholders filled safely: escaped in HTML, one line in the subject, nothing evaluated.
const VALUES = { URL: 'https://site.example/reset?from=mail&x=1', TOKEN: 'abc123', 'USER.username': '<b>"Eve" & co</b>' } as const;

const CASES: Array<[string, { subject: string; text: string; html: string }, { subject: string; text: string; html: string }]> = [
  [
    "Strapi's placeholders, with and without spaces",
    { subject: 'Reset', text: '<%= URL %>?code=<%=TOKEN%>', html: '<p><%= URL %>?code=<%= TOKEN %></p>' },
    { subject: 'Reset', text: 'https://site.example/reset?from=mail&x=1?code=abc123', html: '<p>https://site.example/reset?from=mail&amp;x=1?code=abc123</p>' },
  ],
  [
    'user input is escaped in html, kept in text',
    { subject: 'Hi <%= USER.username %>', text: 'Hi <%= USER.username %>', html: 'Hi <%= USER.username %>' },
    { subject: 'Hi <b>"Eve" & co</b>', text: 'Hi <b>"Eve" & co</b>', html: 'Hi &lt;b&gt;&quot;Eve&quot; &amp; co&lt;/b&gt;' },
  ],
  [
    'a value missing (no CODE given) renders empty',
    { subject: 's', text: 'code=<%= CODE %>.', html: 'code=<%= CODE %>.' },
    { subject: 's', text: 'code=.', html: 'code=.' },
  ],
];
for (const [name, template, expected] of CASES) {
  test(`renderTemplate: ${name}`, () => {
    assert.equal(renderTemplate(template, VALUES), expected);
  });
}

test('renderTemplate: a value cannot add a header line to the subject', () => {
  const rendered = renderTemplate({ subject: 'Hi <%= USER.username %>', text: '', html: '' }, { 'USER.username': 'eve\r\nBcc: all@site.example' });
  assert.is(rendered.subject, 'Hi eve Bcc: all@site.example');
});

test.run();
