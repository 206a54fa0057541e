import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { decodeDocument } from '../../server/store/decode-document.js';
import { encodeJsonDocument, encodeMarkdownDocument, orderDocumentKeys } from '../../server/store/encode-document.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

// note (writes-rules): title, code, score, contact, slug, level, due, body (richtext), parts.
const registry = loadSchemas(path.join(FIXTURES_DIR, 'writes-rules'));
const note = registry.byRouteName.get('notes')!;

test('keys follow the schema, then createdAt, updatedAt, publishedAt; unknown keys are dropped', () => {
  const ordered = orderDocumentKeys(note, { publishedAt: 'p', zzz: 1, score: 2, updatedAt: 'u', title: 't', createdAt: 'c' });
  assert.equal(Object.keys(ordered), ['title', 'score', 'createdAt', 'updatedAt', 'publishedAt']);
});

test('a JSON document is 2-space JSON in key order with a trailing newline', () => {
  const text = encodeJsonDocument(note, { score: 2, title: 'T', parts: [{ label: 'a', qty: null }], createdAt: 'c', updatedAt: 'u', publishedAt: null });
  assert.is(
    text,
    '{\n  "title": "T",\n  "score": 2,\n  "parts": [\n    {\n      "label": "a",\n      "qty": null\n    }\n  ],\n  "createdAt": "c",\n  "updatedAt": "u",\n  "publishedAt": null\n}\n',
  );
});

test('a JSON document keeps non-ASCII text as it is', () => {
  assert.is(encodeJsonDocument(note, { title: 'Émile’s café ☕' }), '{\n  "title": "Émile’s café ☕"\n}\n');
});

test('a new Markdown document: YAML front matter, then the body attribute after a blank line', () => {
  const text = encodeMarkdownDocument(note, { title: 'T', body: '# Hi\n\nThere.', score: 2, createdAt: '2024-01-01T00:00:00.000Z' });
  assert.is(text, "---\ntitle: T\nscore: 2\ncreatedAt: '2024-01-01T00:00:00.000Z'\n---\n\n# Hi\n\nThere.\n");
  assert.equal(decodeDocument(text, 'md', note, 'x.md'), { title: 'T', score: 2, createdAt: '2024-01-01T00:00:00.000Z', body: '# Hi\n\nThere.' });
});

test('a Markdown document without a body ends after the front matter', () => {
  assert.is(encodeMarkdownDocument(note, { title: 'T', body: null }), '---\ntitle: T\n---\n');
});

const HAND_WRITTEN = `---
# Written by hand: this comment, the quoting and the key order stay.
title: 'Markdown note'
due: 2024-03-03
score: 2   # out of 5

# Tags of the team
parts:
  - label: a   # first
    qty: 1
createdAt: 2024-01-03T00:00:00.000Z
updatedAt: 2024-01-03T00:00:00.000Z
publishedAt: 2024-01-03T00:00:00.000Z
---

# Heading

Some *Markdown* body.
`;

/** The document as the index reads it, with some changes. */
function changed(previous: string, changes: Record<string, unknown>): Record<string, unknown> {
  return { ...decodeDocument(previous, 'md', note, 'x.md'), ...changes };
}

const merges: { name: string; previous: string; changes: Record<string, unknown>; expected: string }[] = [
  { name: 'nothing changed: the same text', previous: HAND_WRITTEN, changes: {}, expected: HAND_WRITTEN },
  {
    name: 'one value changed: only its line differs, comments above it stay',
    previous: HAND_WRITTEN,
    changes: { score: 4, updatedAt: '2024-05-05T00:00:00.000Z' },
    expected: HAND_WRITTEN.replace('score: 2   # out of 5', 'score: 4').replace('updatedAt: 2024-01-03T00:00:00.000Z', "updatedAt: '2024-05-05T00:00:00.000Z'"),
  },
  {
    name: 'a changed list is rewritten, the comment above it stays',
    previous: HAND_WRITTEN,
    changes: { parts: [{ label: 'b', qty: 2 }] },
    expected: HAND_WRITTEN.replace('parts:\n  - label: a   # first\n    qty: 1\n', 'parts:\n  - label: b\n    qty: 2\n'),
  },
  {
    name: 'a new key joins before the timestamps; unset keys the file lacks stay out',
    previous: HAND_WRITTEN,
    changes: { level: 'high', contact: null, slug: null, code: null },
    expected: HAND_WRITTEN.replace('createdAt:', 'level: high\ncreatedAt:'),
  },
  {
    name: 'a key the file has keeps its place when cleared',
    previous: HAND_WRITTEN,
    changes: { score: null },
    expected: HAND_WRITTEN.replace('score: 2   # out of 5', 'score: null'),
  },
  {
    name: 'a changed body replaces the body, after the same blank line',
    previous: HAND_WRITTEN,
    changes: { body: 'New body.' },
    expected: HAND_WRITTEN.replace('# Heading\n\nSome *Markdown* body.', 'New body.'),
  },
  {
    name: 'no blank line before the body stays so',
    previous: '---\ntitle: T\n---\nBody.\n',
    changes: { body: 'Other.' },
    expected: '---\ntitle: T\n---\nOther.\n',
  },
  {
    name: 'a string that needs quotes is quoted',
    previous: '---\ntitle: T\n---\n',
    changes: { title: 'Renamed: yes' },
    expected: "---\ntitle: 'Renamed: yes'\n---\n",
  },
  {
    name: 'a new publishedAt goes after the other timestamps',
    previous: '---\ntitle: T\ncreatedAt: 2024-01-03T00:00:00.000Z\n---\n',
    changes: { score: 1, publishedAt: '2024-02-02T00:00:00.000Z' },
    expected: "---\ntitle: T\nscore: 1\ncreatedAt: 2024-01-03T00:00:00.000Z\npublishedAt: '2024-02-02T00:00:00.000Z'\n---\n",
  },
];

for (const row of merges) {
  test(`a Markdown update keeps the front matter as written: ${row.name}`, () => {
    const data = changed(row.previous, row.changes);
    const text = encodeMarkdownDocument(note, data, row.previous);
    assert.is(text, row.expected);
    // Whatever the layout, the file reads back as the data written.
    const { createdAt: _c, updatedAt: _u, publishedAt: _p, ...attributes } = decodeDocument(text, 'md', note, 'x.md');
    const { createdAt: _c2, updatedAt: _u2, publishedAt: _p2, ...expected } = data;
    for (const [key, value] of Object.entries(expected)) {
      if (value === null || (Array.isArray(value) && value.length === 0)) continue;
      assert.equal(attributes[key], value, key);
    }
  });
}

test('a broken previous front matter is replaced by a fresh one', () => {
  const text = encodeMarkdownDocument(note, { title: 'T', body: 'B' }, '---\ntitle: [unclosed\n---\nB\n');
  assert.is(text, '---\ntitle: T\n---\n\nB\n');
});

test.run();
