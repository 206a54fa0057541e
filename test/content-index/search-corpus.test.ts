import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SearchCorpus } from '../../server/content-index/search-corpus.js';
import { foldNeedle } from '../../server/content-index/text-arena.js';

const WORDS = ['Garden', 'kitchen', 'RIVER', 'Ünï', 'É', '100%', 'a_b', 'zebra', 'den'];
let state = 11;
function word(): string {
  state = (state * 1103515245 + 12345) & 0x7fffffff;
  return WORDS[state % WORDS.length]!;
}

/**
 * Short rows first (the corpus is sized from the first 256), then rows of some 40 KB: the buffer
 * grows several times, past the bytes copied in one step, and ends with room to give back.
 */
const texts: (string | undefined)[] = [];
for (let i = 0; i < 900; i++) {
  if (i % 101 === 50) texts.push(undefined);
  else if (i === 700) texts.push('lone \uD800 surrogate');
  else if (i < 256) texts.push(`${word()} ${i}`);
  else texts.push(Array.from({ length: 5_000 + (i % 7) * 100 }, word).join(i % 2 ? ' ' : '\u0000'));
}

function build(): { corpus: SearchCorpus; steps: number } {
  const making = SearchCorpus.build(texts.length, (row) => texts[row]);
  let steps = 0;
  for (;;) {
    const next = making.next();
    if (next.done === true) return { corpus: next.value, steps };
    steps++;
  }
}

const fold = (text: string): string => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

test('a corpus that grew and was cut to size finds the rows a plain search of each text finds', () => {
  const { corpus, steps } = build();
  const used = texts.reduce((sum, text) => sum + (text === undefined || text.includes('\uD800') ? 0 : Buffer.byteLength(text)), 0);
  assert.ok(used > 16 * 2 ** 20, 'more than the bytes copied in one step, twice over');
  assert.is(corpus.size, used, 'no room kept past the texts');
  // A yield every 128 rows at least, and more while the buffer is copied.
  assert.ok(steps > texts.length / 128 + 3, `${steps} steps`);
  assert.equal(corpus.uncovered, [50, 151, 252, 353, 454, 555, 656, 700, 757, 858]);
  const values = texts.map((text) => (text === undefined || text.includes('\uD800') ? [] : text.split('\u0000').map(fold)));
  for (const needle of ['garden kitchen', 'gardenkitchen', 'ünï', 'river', '100%', 'a_b', 'den 3', 'zebra', 'zz', 'É']) {
    const folded = foldNeedle(needle)!.bytes.toString('utf8');
    const expected = values.flatMap((folds, row) => (folds.some((value) => value.includes(folded)) ? [row] : []));
    assert.equal(corpus.search(foldNeedle(needle)!.bytes), expected, needle);
  }
});

test.run();
