import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchesIfNoneMatch } from '../../server/http/if-none-match.js';

const TAG = '"12-abc"';

const CASES: [name: string, header: string | undefined, current: string, expected: boolean][] = [
  ['no header', undefined, TAG, false],
  ['the same tag', '"12-abc"', TAG, true],
  ['a weak tag matches weakly', 'W/"12-abc"', TAG, true],
  ['a weak current tag', '"12-abc"', 'W/"12-abc"', true],
  ['in a list', '"x", "y" ,"12-abc"', TAG, true],
  ['a comma inside a tag', '"a,b", "12-abc"', TAG, true],
  ['empty list elements', ', ,"12-abc"', TAG, true],
  ['star', ' * ', TAG, true],
  ['another tag', '"12-abd"', TAG, false],
  ['unquoted', '12-abc', TAG, false],
  ['a prefix of the tag', '"12-ab"', TAG, false],
  ['a broken list before the tag', 'garbage, "12-abc"', TAG, false],
];

for (const [name, header, current, expected] of CASES) {
  test(name, () => {
    assert.is(matchesIfNoneMatch(header, current), expected);
  });
}

test.run();
