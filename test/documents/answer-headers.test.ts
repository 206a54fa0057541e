import etag from 'etag';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { answerEtag } from '../../server/documents/answer-headers.js';

test('answerEtag gives the etag package’s tag, for a text and for its UTF-8 bytes alike', () => {
  const texts = ['', '{}', 'hello', '{"data":{"title":"Ünïcode 𝒳 \\u0000"},"meta":{}}', 'x'.repeat(70_000)];
  for (const text of texts) {
    assert.is(answerEtag(text), etag(text), JSON.stringify(text.slice(0, 40)));
    assert.is(answerEtag(Buffer.from(text, 'utf8')), etag(text), `${JSON.stringify(text.slice(0, 40))} as bytes`);
  }
  assert.is.not(answerEtag('a'), answerEtag('b'));
});

test.run();
