import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readStoredField } from '../../server/content-index/compact-entry.js';
import type { ContentIndex } from '../../server/content-index/content-index.js';
import { isHeldByOther } from '../../server/documents/unique-holders.js';
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

test.run();
