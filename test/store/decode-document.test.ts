import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { decodeDocument, markdownBodyAttribute } from '../../server/store/decode-document.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import path from 'node:path';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'kitchen-sink'));
const thing = registry.byRouteName.get('things')!;
const blog = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const article = blog.byRouteName.get('articles')!;

function decodeError(text: string, format: 'json' | 'md', file = 'content/things/x.' + format): FileError {
  try {
    decodeDocument(text, format, thing, file);
  } catch (error) {
    assert.instance(error, FileError);
    return error as FileError;
  }
  return assert.unreachable('should have thrown') as never;
}

test('a JSON file decodes to its attribute object', () => {
  assert.equal(decodeDocument('{ "title": "A", "count": 2 }', 'json', thing, 'content/things/a.json'), { title: 'A', count: 2 });
});

test('a JSON syntax error names the file, line and column', () => {
  const error = decodeError('{\n  "title": "A",\n  "count": 2,\n}\n', 'json', 'content/things/a.json');
  assert.is(error.file, 'content/things/a.json');
  assert.is(error.format(), `content/things/a.json:4:1: ${error.message}`);
  assert.match(error.message, /^invalid JSON: /);
});

const notObjects: { name: string; text: string }[] = [
  { name: 'an array', text: '[{ "title": "A" }]' },
  { name: 'a string', text: '"A"' },
  { name: 'null', text: 'null' },
];
for (const row of notObjects) {
  test(`a JSON file must hold an object: ${row.name}`, () => {
    const error = decodeError(row.text, 'json');
    assert.is(error.message, 'expected a JSON object of attributes');
    assert.is(error.line, 1);
  });
}

test('Markdown: the front matter holds the attributes and the body goes to the first richtext attribute', () => {
  const text = '---\ntitle: Notes\ncount: 3\nactive: true\n---\n# Heading\n\nText *here*.\n';
  assert.equal(decodeDocument(text, 'md', thing, 'content/things/n.md'), {
    title: 'Notes',
    count: 3,
    active: true,
    content: '# Heading\n\nText *here*.',
  });
  assert.is(markdownBodyAttribute(thing), 'content');
});

test('Markdown: CRLF line endings give the same values', () => {
  const text = '---\r\ntitle: Notes\r\n---\r\nLine one\r\nLine two\r\n';
  const data = decodeDocument(text, 'md', thing, 'content/things/n.md');
  assert.is(data['title'], 'Notes');
  assert.is(data['content'], 'Line one\r\nLine two');
});

test('Markdown: an empty body leaves a front-matter value of the body attribute alone, or is null', () => {
  assert.is(decodeDocument('---\ncontent: From front matter\n---\n', 'md', thing, 'n.md')['content'], 'From front matter');
  assert.is(decodeDocument('---\ntitle: A\n---\n', 'md', thing, 'n.md')['content'], null);
});

test('Markdown: a file without front matter is all body', () => {
  assert.equal(decodeDocument('Just text.\n', 'md', thing, 'n.md'), { content: 'Just text.' });
});

test('Markdown: unquoted YAML dates and date-times become ISO strings', () => {
  const data = decodeDocument('---\nday: 2024-03-05\nhappenedAt: 2024-03-05T12:30:00+02:00\nmeta:\n  when: 2024-01-01\n---\n', 'md', thing, 'n.md');
  assert.is(data['day'], '2024-03-05T00:00:00.000Z');
  assert.is(data['happenedAt'], '2024-03-05T10:30:00.000Z');
  assert.equal(data['meta'], { when: '2024-01-01T00:00:00.000Z' });
});

const times: { name: string; written: string; value: string }[] = [
  { name: 'hours and minutes', written: '10:30', value: '10:30' },
  { name: 'a one-digit hour', written: '9:05', value: '09:05' },
  { name: 'with seconds', written: '23:59:59', value: '23:59:59' },
  { name: 'with a comment after', written: '10:30 # opening', value: '10:30' },
  { name: 'a leading zero (not base 60 for YAML)', written: '09:30', value: '09:30' },
  { name: 'quoted', written: '"10:30"', value: '10:30' },
];
for (const row of times) {
  test(`Markdown: an unquoted time is kept as written, not read as a base-60 number: ${row.name}`, () => {
    const data = decodeDocument(`---\nopensAt: ${row.written}\n---\n`, 'md', thing, 'n.md');
    assert.is(data['opensAt'], row.value);
  });
}

const yamlErrors: { name: string; text: string; line: number }[] = [
  { name: 'a key followed by a second colon', text: '---\ntitle: A\ncount: : 3\n---\nBody\n', line: 3 },
  { name: 'bad indentation', text: '---\ntitle: A\n  count: 3\n---\nBody\n', line: 3 },
  { name: 'an error on the first line', text: '---\n: x\n---\n', line: 2 },
  { name: 'a duplicated key', text: '---\ntitle: A\ncount: 1\ncount: 2\n---\n', line: 4 },
];
for (const row of yamlErrors) {
  test(`Markdown: a YAML error names the line of the file: ${row.name}`, () => {
    const error = decodeError(row.text, 'md', 'content/things/n.md');
    assert.match(error.message, /^invalid front matter: /);
    assert.is(error.line, row.line, error.format());
  });
}

test('Markdown is refused for a type without a richtext attribute', () => {
  try {
    decodeDocument('---\ntitle: A\n---\nBody\n', 'md', article, 'content/articles/a.md');
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, FileError);
    assert.is((error as FileError).message, 'article has no richtext attribute to hold a Markdown body; use a .json file');
  }
});

test.run();
