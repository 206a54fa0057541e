import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { getOnePath } from '../../server/http/get-one-template.js';

test('getOnePath takes a get-one’s URL without a query string, and nothing else', () => {
  assert.equal(getOnePath('/api/articles/hello-world', '/api'), { routeName: 'articles', documentId: 'hello-world' });
  assert.equal(getOnePath('/v2/articles/abc123', '/v2'), { routeName: 'articles', documentId: 'abc123' });
  for (const url of [
    '/api/articles/hello?',
    '/api/articles/hello?fields[0]=title',
    '/api/articles/hello/',
    '/api/articles/hello%2D',
    '/api/articles/Hello',
    '/api/articles/-hello',
    `/api/articles/${'a'.repeat(65)}`,
    '/api/articles',
    '/api/articles/',
    '/apiarticles/hello',
    '/other/articles/hello',
    '/api/users/me',
    '/api/i18n/locales',
    '/api/upload/files',
    '/api/auth/local',
    '/api/users-permissions/roles',
  ]) {
    assert.is(getOnePath(url, '/api'), undefined, url);
  }
});

test.run();
