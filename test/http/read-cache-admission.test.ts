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

test('a full cache keeps what it holds: one new answer in 64 takes the place of the oldest', () => {
  // Room for ten answers of 100 characters.
  const cache = createReadCache(1_000);
  const index = indexAt(1);
  const text = (name: string): string => `"${name}"`.padEnd(100, ' ');
  const askTwice = (url: string): void => {
    cache.set(request(url), index, text(url));
    cache.set(request(url), index, text(url));
  };
  for (let i = 0; i < 10; i++) askTwice(`/a${i}`);
  for (let i = 0; i < 10; i++) assert.is(cache.get(request(`/a${i}`), index)?.text, text(`/a${i}`));
  // More URLs than the cache holds, each asked twice (pages of a long list, say).
  for (let i = 1; i <= 128; i++) askTwice(`/b${i}`);
  const held = (prefix: string, count: number, from = 0): string[] =>
    Array.from({ length: count }, (_, i) => `${prefix}${i + from}`).filter((url) => cache.get(request(url), index) !== undefined);
  assert.equal(held('/b', 128, 1), ['/b64', '/b128'], 'the 64th and 128th turned away are kept');
  assert.equal(held('/a', 10), ['/a2', '/a3', '/a4', '/a5', '/a6', '/a7', '/a8', '/a9'], 'the two oldest made room');
});

test.run();
