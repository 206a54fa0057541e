import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { webhooksOption } from '../../server/config/webhooks-option.js';

test('the list form and the object form give the same endpoints; omitted events mean all of them', () => {
  const endpoint = { name: 'site', url: 'https://example.com/hook' };
  const fromList = webhooksOption([endpoint]);
  const fromObject = webhooksOption({ endpoints: [endpoint], defaultHeaders: { 'X-A': '1' } });
  assert.equal(fromList.endpoints, fromObject.endpoints);
  assert.equal(fromObject.defaultHeaders, { 'X-A': '1' });
  assert.is(fromList.endpoints[0]!.events.length, 8);
  assert.is(fromList.endpoints[0]!.enabled, true);
  assert.equal([fromList.queueLimit, fromList.maxAttempts, fromList.retryDelayMs, fromList.timeoutMs], [25_000, 5, 1_000, 10_000]);
  assert.equal(webhooksOption(undefined).endpoints, []);
});

const REFUSED: [string, unknown, RegExp][] = [
  ['not a list or object', 'https://x', /webhooks: expected a list of webhooks or an object/],
  ['a name with a slash', [{ name: 'a/b', url: 'https://x' }], /webhooks\[0\]\.name: expected 1-64 of letters/],
  [
    'two webhooks with one name',
    [
      { name: 'a', url: 'https://x' },
      { name: 'a', url: 'https://y' },
    ],
    /two webhooks are named "a"/,
  ],
  ['a non-http URL', [{ name: 'a', url: 'file:///etc/passwd' }], /webhooks\.a\.url: expected an absolute http\(s\) URL/],
  ['a URL with credentials', [{ name: 'a', url: 'https://u:p@x' }], /without credentials/],
  ['an unknown event', [{ name: 'a', url: 'https://x', events: ['entry.created'] }], /webhooks\.a\.events: expected a list of entry\.create/],
  ['a secret in the file', [{ name: 'a', url: 'https://x', secret: 's' }], /keep the secret out of the file/],
  ['a bad variable name', [{ name: 'a', url: 'https://x', secretEnv: 'A-B' }], /secretEnv: expected the name of an environment variable/],
  ['a header cms sets itself', [{ name: 'a', url: 'https://x', headers: { 'X-Strapi-Event': 'x' } }], /a header name cms does not set itself/],
  ['a header value with a line break', { defaultHeaders: { 'X-A': 'a\r\nX-B: b' } }, /webhooks\.defaultHeaders\.X-A: expected a one-line string/],
  ['a queue limit of 0', { queueLimit: 0 }, /webhooks\.queueLimit: expected an integer >= 1/],
  ['a bad retry delay', { retryDelay: 'soon' }, /webhooks\.retryDelay: expected a duration/],
];

for (const [name, value, message] of REFUSED) {
  test(`refused, naming the option: ${name}`, () => {
    assert.throws(() => webhooksOption(value), message);
  });
}

test('a refused header value is not repeated in the message (it may be a credential)', () => {
  try {
    webhooksOption({ defaultHeaders: { Authorization: 'Bearer secret-token\n' } });
    assert.unreachable();
  } catch (error) {
    assert.not.ok((error as Error).message.includes('secret-token'));
  }
});

test.run();
