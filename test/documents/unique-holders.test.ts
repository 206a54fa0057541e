import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readStoredField } from '../../server/content-index/compact-entry.js';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import { isHeldByOther, uniqueHolderSteps } from '../../server/documents/unique-holders.js';
import { ProjectRuntime } from '../../server/runtime/project-runtime.js';
import { loadConfig } from '../../server/store/load-config.js';
import { seededRandom } from '../helpers/blog-article-entries.js';
import { createTempProject } from '../helpers/temp-project.js';

const QUIET = { info: () => {}, warn: () => {} };

/** What the check answered before it kept holders: a scan of every published version's stored value. */
function scanned(index: ContentIndex, uid: string, name: string, value: unknown, documentId: string | undefined): boolean {
  const type = index.registry.contentTypes.get(uid)!;
  for (const entry of index.entries(type, 'published', null)) {
    if (entry.documentId !== documentId && readStoredField(entry, name) === value) return true;
  }
  return false;
}

test('who holds a unique value is carried over edits, publishing, unpublishing, creations and deletions, answering as a scan of every document does', () => {
  const project = createTempProject('blog');
  try {
    const runtime = ProjectRuntime.open(loadConfig(project.dir, { watch: false }), QUIET);
    const next = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
    const slugs = ['one', 'two', 'three', 'four'];
    const names = ['News', 'Guides', 'Other', 'News2'];
    const folder = (plural: string): string => path.join(project.dir, 'content', plural);
    const ids = (plural: string): string[] =>
      fs
        .readdirSync(folder(plural))
        .filter((name) => name.endsWith('.json') && !name.includes('.draft'))
        .map((name) => name.slice(0, -'.json'.length));
    const ask = (round: number): void => {
      const index = runtime.current.index as ContentIndex;
      const cases: [string, string, string, readonly string[]][] = [
        ['api::article.article', 'articles', 'slug', slugs],
        ['api::category.category', 'categories', 'name', names],
      ];
      for (const [uid, plural, name, values] of cases) {
        const type = index.registry.contentTypes.get(uid)!;
        for (const value of values) {
          for (const documentId of [undefined, ...ids(plural)]) {
            assert.is(
              isHeldByOther(index, type, name, null, value, documentId),
              scanned(index, uid, name, value, documentId),
              `round ${round}: ${name} ${value} ${documentId}`,
            );
          }
        }
        assert.is(isHeldByOther(index, type, name, null, { value: 'one' }, undefined), false, 'an object is never held');
      }
    };
    ask(0);
    for (let round = 1; round <= 40; round++) {
      const plural = pick(['articles', 'categories']);
      const name = plural === 'articles' ? 'slug' : 'name';
      const present = ids(plural);
      const roll = next();
      let documentId: string;
      if (roll < 0.15 && present.length > 1) {
        documentId = pick(present);
        project.remove(`content/${plural}/${documentId}.json`);
      } else {
        documentId = roll < 0.35 ? `made${round}` : pick(present);
        const file = `content/${plural}/${documentId}.json`;
        const data = fs.existsSync(path.join(project.dir, file)) ? JSON.parse(project.read(file)) : { title: `Made ${round}`, name: `Made ${round}` };
        data[name] = pick(plural === 'articles' ? slugs : names);
        if (plural === 'articles') data.publishedAt = next() < 0.3 ? null : '2025-01-01T00:00:00.000Z';
        project.write(file, data);
      }
      runtime.apply([{ area: 'content', path: `content/${plural}/${documentId}.json` }]);
      // Asked every few rounds: the holders are then carried over several changes at once.
      if (round % 3 === 0) ask(round);
    }
    ask(41);
    void runtime.close();
  } finally {
    project.cleanup();
  }
});

/** Every answer of the check for the article slugs and category names the blog holds, and some it does not. */
function answers(index: ContentIndex): boolean[] {
  const out: boolean[] = [];
  for (const [uid, name] of [
    ['api::article.article', 'slug'],
    ['api::category.category', 'name'],
  ] as const) {
    const type = index.registry.contentTypes.get(uid)!;
    const entries = index.entries(type, 'published', null);
    const values = [...entries.map((entry) => readStoredField(entry, name)), 'nobody-holds-this'];
    for (const value of values)
      for (const documentId of [undefined, ...entries.map((entry) => entry.documentId)]) out.push(isHeldByOther(index, type, name, null, value, documentId));
  }
  return out;
}

test('the holders made between requests answer the first checks; those of a type changed meanwhile are not kept', () => {
  const project = createTempProject('blog');
  try {
    const runtime = ProjectRuntime.open(loadConfig(project.dir, { watch: false }), QUIET);
    const index = runtime.current.index as ContentIndex;
    const expected = answers(index);
    // Fresh, as a start leaves it: the steps make the holders one published document at a time.
    const fresh = ProjectRuntime.open(loadConfig(project.dir, { watch: false }), QUIET);
    const freshIndex = fresh.current.index as ContentIndex;
    let steps = 0;
    for (const _ of uniqueHolderSteps(freshIndex, 1)) steps++;
    assert.ok(steps > 4, `${steps} steps`);
    let collected = 0;
    const memo = freshIndex.memo.bind(freshIndex);
    freshIndex.memo = ((type, key, compute, carry) =>
      memo(type, key, () => (key.startsWith('unique') ? (collected++, compute()) : compute()), carry)) as typeof freshIndex.memo;
    assert.equal(answers(freshIndex), expected);
    assert.is(collected, 0, 'no holders made by a check');

    // A change of the articles between two steps: their holders are not kept, and a check makes them anew.
    const other = ProjectRuntime.open(loadConfig(project.dir, { watch: false }), QUIET);
    const otherIndex = other.current.index as ContentIndex;
    const walk = uniqueHolderSteps(otherIndex, 1);
    walk.next();
    const article = otherIndex.entries(otherIndex.registry.contentTypes.get('api::article.article')!, 'published', null)[0]!;
    const file = `content/articles/${article.documentId}.json`;
    project.write(file, { ...JSON.parse(project.read(file)), slug: 'changed-between-steps' });
    other.apply([{ area: 'content', path: file }]);
    for (const _ of walk);
    const otherMemo = otherIndex.memo.bind(otherIndex);
    let made = 0;
    otherIndex.memo = ((type, key, compute, carry) =>
      otherMemo(type, key, () => (key.startsWith('unique') ? (made++, compute()) : compute()), carry)) as typeof otherIndex.memo;
    const type = otherIndex.registry.contentTypes.get('api::article.article')!;
    assert.ok(isHeldByOther(otherIndex, type, 'slug', null, 'changed-between-steps', undefined), 'the changed slug is held');
    assert.not.ok(isHeldByOther(otherIndex, type, 'slug', null, readStoredField(article, 'slug'), undefined), 'its old one no longer');
    assert.is(made, 1, 'made by the check');
    for (const held of [runtime, fresh, other]) void held.close();
  } finally {
    project.cleanup();
  }
});

test('the holders are made for every locale: a first check in another locale makes none', () => {
  const project = createTempProject('i18n');
  try {
    const schema = JSON.parse(project.read('schemas/article.json'));
    schema.attributes.slug = { type: 'uid', targetField: 'title' };
    project.write('schemas/article.json', schema);
    const slugs: Record<string, string> = {
      'alpha.json': 'alpha',
      'alpha.fr.json': 'alpha',
      'beta.json': 'beta',
      'gamma.fr.json': 'gamma',
      'delta.de.json': 'delta',
    };
    for (const [file, slug] of Object.entries(slugs)) {
      const rel = `content/articles/${file}`;
      project.write(rel, { ...JSON.parse(project.read(rel)), slug });
    }
    const runtime = ProjectRuntime.open(loadConfig(project.dir, { watch: false }), QUIET);
    const index = runtime.current.index as ContentIndex;
    const type = index.registry.contentTypes.get('api::article.article')!;
    for (const _ of uniqueHolderSteps(index, 1));
    let made = 0;
    const memo = index.memo.bind(index);
    index.memo = ((t, key, compute, carry) => memo(t, key, () => (key.startsWith('unique') ? (made++, compute()) : compute()), carry)) as typeof index.memo;
    assert.ok(isHeldByOther(index, type, 'slug', 'fr', 'gamma', undefined), 'gamma is held in French');
    assert.not.ok(isHeldByOther(index, type, 'slug', 'fr', 'gamma', 'gamma'), 'by gamma itself');
    assert.not.ok(isHeldByOther(index, type, 'slug', 'fr', 'beta', undefined), 'beta is English only');
    assert.ok(isHeldByOther(index, type, 'slug', 'en', 'beta', undefined));
    assert.is(made, 0, 'no holders made by a check, in either locale');
    // German is not a configured locale of this fixture: its check makes its holders.
    assert.not.ok(isHeldByOther(index, type, 'slug', 'de', 'delta', undefined));
    void runtime.close();
  } finally {
    project.cleanup();
  }
});

test.run();
