import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffFields } from '../../server/git/diff-fields.js';
import { formatFieldChange } from '../../server/git/format-field-change.js';

const CASES: [string, Record<string, unknown> | undefined, Record<string, unknown> | undefined, string[]][] = [
  ['a scalar replaced', { title: 'A' }, { title: 'B' }, ["title: 'A' → 'B'"]],
  ['an item joined to a relation list', { categories: ['news'] }, { categories: ['news', 'design'] }, ['categories: + design']],
  ['items joined and gone', { categories: ['news'] }, { categories: ['design'] }, ['categories: + design, - news']],
  ['a list reordered', { tags: ['a', 'b'] }, { tags: ['b', 'a'] }, ['tags: reordered (b, a)']],
  ['a component field', { seo: { metaTitle: 'A', author: 'ada' } }, { seo: { metaTitle: 'B', author: 'ada' } }, ["seo.metaTitle: 'A' → 'B'"]],
  [
    'a dynamic zone item changed and one added',
    { blocks: [{ __component: 'shared.quote', text: 'x' }] },
    {
      blocks: [
        { __component: 'shared.quote', text: 'y' },
        { __component: 'shared.image', file: 'a.png' },
      ],
    },
    ["blocks[0].text: 'x' → 'y'", 'blocks: + shared.image'],
  ],
  ['updatedAt alone is no change', { title: 'A', updatedAt: '1' }, { title: 'A', updatedAt: '2' }, []],
  ['unset and null are the same', { title: 'A', body: null }, { title: 'A' }, []],
  ['a created file lists what it holds', undefined, { title: 'A', views: 2 }, ["title: (unset) → 'A'", 'views: (unset) → 2']],
  ['a long text is cut', { body: 'short' }, { body: `${'x'.repeat(100)}\nmore` }, [`body: 'short' → '${'x'.repeat(60)}…'`]],
];

for (const [name, before, after, expected] of CASES) {
  test(`diffFields: ${name}`, () => {
    assert.equal(diffFields(before, after).map(formatFieldChange), expected);
  });
}

test.run();
