import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadTestProject } from '../helpers/load-test-project.js';
import { compileSearch } from '../../server/engine/compile-search.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const dir = path.join(FIXTURES_DIR, 'query-types');
const index = loadTestProject(dir).index;
const samples = index.registry.byRouteName.get('samples')!;
const entries = index.entries(samples, 'published', null);

function search(term: string): string[] {
  return entries.filter(compileSearch(samples, term)).map((entry) => entry.documentId.replace(/^s-/, ''));
}

// Numeric terms are chosen so they appear in no derived id (ids are long runs of digits).
const CASES: [name: string, term: string, expected: string[]][] = [
  ['a string attribute, case-insensitively', 'HELLO', ['hello']],
  ['a substring', 'orl', ['hello']],
  ['the whole term, not its words', 'hello pie', []],
  ['ASCII case folding only: É is not é', 'É', ['emile']],
  ['é in a label and in a text', 'é', ['emile', 'emile-lower']],
  ['text attributes', 'bake', ['apple']],
  ['richtext attributes', 'rich', ['hello']],
  ['email attributes', 'apple@', ['apple']],
  ['uid attributes', 'emile-lower', ['emile-lower']],
  ['enumeration attributes', 'gamma', ['zebra', 'emoji', 'fullwidth']],
  ['private attributes are searched', 's3cr3t', ['hello']],
  ['passwords are not searched', 'hunter2', []],
  ['searchable: false is not searched', 'needle', []],
  ['json is not searched', 'welcome', []],
  ['blocks are not searched', 'Block text', []],
  ['% is literal', '100%', ['wild']],
  ['_ is literal', '_', ['wild']],
  ['regular-expression characters are literal', '.*', []],
  ['a dot is literal', 'plain.', ['hello']],
  ['a numeric term also searches number attributes', '-0.5', ['apple']],
  ['decimals', '99.99', ['emile']],
  ['negative integers', '-3', ['zebra']],
  ['a numeric term searches floats and decimals alike', '7.5', ['emile-lower']],
  ['an astral character', '😀', ['emoji']],
];

for (const [name, term, expected] of CASES) {
  test(`_q: ${name} (${term})`, () => {
    assert.equal(search(term), expected);
  });
}

test('_q: the id is searched as text', () => {
  const zebra = entries.find((entry) => entry.documentId === 's-zebra')!;
  assert.equal(search(String(zebra.id)), ['zebra']);
});

test('_q: a non-numeric term does not search numbers', () => {
  // `1000` alone would match the count of emoji; with a letter it is text and only text attributes count.
  assert.equal(search('1000x'), []);
});

test.run();
