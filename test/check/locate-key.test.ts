import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { locateKey } from '../../server/check/locate-key.js';
import { locateJsonPath } from '../../server/schema/locate-json-path.js';

const TEXT = `{
  "title": "Hello",
  "seo": { "metaTitle": "Hi", "title": "nested" },
  "tags": [
    "a",
    "b"
  ],
  "blocks": [
    { "__component": "shared.quote", "text": "x" },
    {
      "__component": "shared.quote",
      "text": "y, with \\"quotes\\" and [brackets]"
    }
  ]
}
`;

const CASES: [name: string, path: string[], expected: { line: number; column: number } | undefined][] = [
  ['a top-level key', ['title'], { line: 2, column: 3 }],
  ['a key inside an object, not the top-level key of the same name', ['seo', 'title'], { line: 3, column: 31 }],
  ['an array element', ['tags', '1'], { line: 6, column: 5 }],
  ['a key in the second item of an array', ['blocks', '1', 'text'], { line: 12, column: 7 }],
  ['the deepest part that exists when the rest is missing', ['blocks', '0', 'author'], { line: 9, column: 5 }],
  ['nothing for a missing top-level key', ['missing'], undefined],
  ['nothing for an empty path', [], undefined],
];

for (const [name, path, expected] of CASES) {
  test(`locateJsonPath finds ${name}`, () => {
    assert.equal(locateJsonPath(TEXT, path), expected);
  });
}

test('locateJsonPath gives up quietly on text that is not JSON', () => {
  assert.is(locateJsonPath('{ "a', ['a']), undefined);
});

test('locateKey finds a front-matter key by line', () => {
  assert.equal(locateKey('---\ntitle: Hello\nseo:\n  metaTitle: Hi\n---\nbody\n', 'md', ['seo', 'metaTitle']), { line: 4, column: 1 });
});

test.run();
