import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deriveDocumentId, deriveId } from '../../server/content-index/derive-id.js';

test('deriveId is the creation time in ms times 1000 plus three digits from the key', () => {
  const id = deriveId(1_700_000_000_123, 'hello\u0000');
  assert.is(Math.floor(id / 1000), 1_700_000_000_123);
  assert.is(deriveId(1_700_000_000_123, 'hello\u0000'), id, 'the same input gives the same id');
  assert.ok(Number.isSafeInteger(deriveId(Date.parse('2200-01-01T00:00:00Z'), 'x')), 'ids stay safe integers for centuries');
});

test('deriveId grows with creation time whatever the key', () => {
  assert.ok(deriveId(1001, 'zzz') > deriveId(1000, 'aaa'));
  assert.ok(deriveId(1001, 'aaa') > deriveId(1000, 'zzz'));
});

test('deriveId of a bad time is not negative', () => {
  assert.ok(deriveId(-5, 'a') >= 0);
});

test('deriveDocumentId is Strapi-shaped and stable', () => {
  const id = deriveDocumentId('api::homepage.homepage|2024-01-01T00:00:00.000Z');
  assert.match(id, /^[a-z][a-z0-9]{23}$/);
  assert.is(deriveDocumentId('api::homepage.homepage|2024-01-01T00:00:00.000Z'), id);
  assert.is.not(deriveDocumentId('api::homepage.homepage|2024-01-01T00:00:00.001Z'), id);
});

test.run();
