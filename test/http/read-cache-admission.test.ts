import type { Context } from 'koa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import { createReadCache } from '../../server/http/read-cache.js';

/** What the cache reads of a request: its URL, its state (the caller) and its headers. */
function request(url: string, format?: string): Context {
  return { url, state: {}, get: (name: string) => (name === 'Strapi-Response-Format' ? (format ?? '') : '') } as unknown as Context;
}

/** The cache keys answers by the index and its version only. */
function indexAt(version: number): ContentIndex {
  return { version } as unknown as ContentIndex;
}

test('an answer is kept the second time its URL is asked, not the first', () => {
  const cache = createReadCache(1024 * 1024);
  const index = indexAt(1);
  const first = cache.set(request('/api/articles?page=1'), index, '{"a":1}');
  assert.is(cache.get(request('/api/articles?page=1'), index), undefined, 'asked once: not kept');
  assert.is(first.text, '{"a":1}');
  cache.set(request('/api/articles?page=1'), index, '{"a":1}');
  assert.equal(cache.get(request('/api/articles?page=1'), index)?.text, '{"a":1}', 'asked twice: kept');
  assert.is(cache.get(request('/api/articles?page=2'), index), undefined);
});

test('each response format of a URL is asked apart', () => {
  const cache = createReadCache(1024 * 1024);
  const index = indexAt(1);
  cache.set(request('/api/articles'), index, '{"v":5}');
  cache.set(request('/api/articles', 'v4'), index, '{"v":4}');
  assert.is(cache.get(request('/api/articles'), index), undefined);
  assert.is(cache.get(request('/api/articles', 'v4'), index), undefined);
});

test('a change of the index forgets both the answers kept and the URLs asked once', () => {
  const cache = createReadCache(1024 * 1024);
  const index = indexAt(1);
  cache.set(request('/a'), index, '"a"');
  cache.set(request('/a'), index, '"a"');
  cache.set(request('/b'), index, '"b"');
  (index as { version: number }).version = 2;
  assert.is(cache.get(request('/a'), index), undefined, 'kept answers are gone');
  cache.set(request('/b'), index, '"b2"');
  assert.is(cache.get(request('/b'), index), undefined, 'asked once before the change, once after: not kept yet');
});

test.run();
