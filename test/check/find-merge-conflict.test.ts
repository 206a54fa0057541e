import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findMergeConflict } from '../../server/check/find-merge-conflict.js';

const CASES: [name: string, text: string, line: number | undefined][] = [
  ['a conflict', '{\n<<<<<<< HEAD\n  "a": 1\n=======\n  "a": 2\n>>>>>>> branch\n}\n', 2],
  ['a half-resolved conflict (only the end marker left)', '{\n  "a": 1\n>>>>>>> branch\n}\n', 3],
  ['a diff3 base marker', 'a\n||||||| base\nb\n', 2],
  ['no marker in a Markdown heading underline', 'Title\n=======\n\ntext\n', undefined],
  ['no marker inside a line', '{ "text": "<<<<<<< not a marker" }\n', undefined],
  ['no marker in a clean file', '{}\n', undefined],
];

for (const [name, text, line] of CASES) {
  test(`findMergeConflict: ${name}`, () => {
    assert.equal(findMergeConflict(text), line === undefined ? undefined : { line, column: 1 });
  });
}

test.run();
