import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { getOnePath } from '../../server/http/get-one-template.js';

test('getOnePath takes a get-one’s URL, its query string apart, and nothing else', () => {
  assert.equal(getOnePath('/api/articles/hello-world', '/api'), { routeName: 'articles', documentId: 'hello-world', querystring: '' });
  assert.equal(getOnePath('/v2/articles/abc123', '/v2'), { routeName: 'articles', documentId: 'abc123', querystring: '' });
  assert.equal(getOnePath('/api/articles/hello?', '/api'), { routeName: 'articles', documentId: 'hello', querystring: '' });
  assert.equal(getOnePath('/api/articles/hello?populate=*&fields[0]=a/b?c', '/api'), {
    routeName: 'articles',
    documentId: 'hello',
    querystring: 'populate=*&fields[0]=a/b?c',
  });
  for (const url of [
    '/api/articles/hello/?populate=*',
    '/api/articles?populate=*',
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
