import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { parseJson } from '../../server/schema/parse-json.js';

test('valid JSON parses as JSON.parse does', () => {
  assert.equal(parseJson('{ "a": [1, "two", null, true] }', 'x.json'), { a: [1, 'two', null, true] });
});

// V8 states the offset in some messages and not in others ("Unexpected token ','"): both must point at the spot.
const broken: { name: string; text: string; where: string; reason: RegExp }[] = [
  { name: 'a value missing after a colon', text: '{\n  "a": ,\n  "b": 1\n}', where: 'x.json:2:8', reason: /Unexpected token ','$/ },
  {
    name: 'a missing comma between keys',
    text: '{\n  "title": "x"\n  "slug": "y"\n}',
    where: 'x.json:3:3',
    reason: /Expected ',' or '}' after property value$/,
  },
  { name: 'a trailing comma in an array', text: '{\n  "a": [1, 2,]\n}', where: 'x.json:2:14', reason: /Unexpected token '\]'$/ },
  { name: 'a trailing comma in an object', text: '{\n  "a": 1,\n}', where: 'x.json:3:1', reason: /Expected double-quoted property name$/ },
  { name: 'a truncated file', text: '{\n  "a": 1', where: 'x.json:2:9', reason: /after property value|end of JSON input/ },
  { name: 'a misspelled literal', text: '{\n  "a": 1,\n  "b": tru\n}', where: 'x.json:3:8', reason: /Unexpected token/ },
  { name: 'a single-quoted string', text: "{\n  'a': 1\n}", where: 'x.json:2:3', reason: /Expected property name or '}'$/ },
  { name: 'text after the value', text: '{"a": 1}}', where: 'x.json:1:9', reason: /Unexpected non-whitespace character after JSON$/ },
  { name: 'a raw newline inside a string', text: '{\n "a": "x\n"}', where: 'x.json:2:9', reason: /Bad control character in string literal$/ },
  { name: 'an empty file', text: '  \n', where: 'x.json:1:1', reason: /the file is empty$/ },
];

for (const row of broken) {
  test(`a syntax error is reported with line and column: ${row.name}`, () => {
    try {
      parseJson(row.text, 'x.json');
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, FileError);
      const formatted = (error as FileError).format();
      assert.ok(formatted.startsWith(`${row.where}: invalid JSON: `), formatted);
      assert.match(formatted, row.reason);
      assert.not.match(formatted, /is not valid JSON|at position/, 'the message does not repeat the text or the offset');
    }
  });
}

test.run();
