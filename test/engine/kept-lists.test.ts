import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ContentType } from '../../server/schema/content-type.js';
import { syncContent } from '../../server/runtime/sync-content.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { createTempProject } from '../helpers/temp-project.js';
import { seededRandom } from '../helpers/blog-article-entries.js';
import { BOOLEAN_TYPES, NUMBER_TYPES, TEXT_TYPES, answers, editOnce } from '../helpers/random-edits.js';

// A type's views, sort orders, tables of values and filters' matches are carried over its edits
// (content-index/type-changes.ts, engine/kept-sort.ts, reads-entry-alone.ts, equal-candidates.ts)
// instead of being made again: after every edit, each list must be the one a fresh load of the
// files gives.

/** The views a round asks of a type (one per round: a type keeps 64 memos, and all views' would be more). */
function viewsOf(type: ContentType): string[] {
  const views: string[] = [];
  for (const status of ['', '&status=draft']) for (const locale of type.localized ? ['', '&locale=*', '&locale=fr'] : ['']) views.push(`${status}${locale}`);
  return views;
}

function queriesOf(type: ContentType, rows: readonly Record<string, unknown>[], view: string): string[] {
  const texts = [...type.attributes].filter(([, a]) => a.kind === 'scalar' && TEXT_TYPES.has(a.type) && !a.private).map(([n]) => n);
  const numbers = [...type.attributes].filter(([, a]) => a.kind === 'scalar' && NUMBER_TYPES.has(a.type) && !a.private).map(([n]) => n);
  const booleans = [...type.attributes].filter(([, a]) => a.kind === 'scalar' && BOOLEAN_TYPES.has(a.type) && !a.private).map(([n]) => n);
  const sorts = [...texts, ...numbers, ...booleans, 'createdAt', 'updatedAt', 'publishedAt', 'id', 'documentId'];
  const out: string[] = [view.slice(1)];
  out.push(`pagination[pageSize]=3&pagination[page]=2${view}`);
  for (const sort of sorts) {
    for (const order of ['asc', 'desc']) out.push(`sort=${sort}:${order}&pagination[pageSize]=100${view}`);
  }
  for (const name of texts) {
    const value = rows.map((row) => row[name]).find((v) => typeof v === 'string' && v !== '') ?? 'apple';
    out.push(`filters[${name}][$eq]=${encodeURIComponent(String(value))}${view}`);
    out.push(`filters[${name}][$eq]=apple&pagination[pageSize]=100${view}`);
    out.push(`filters[${name}][$containsi]=a&sort=${name}:desc&pagination[pageSize]=100${view}`);
    out.push(`filters[$or][0][${name}][$null]=true&filters[$or][1][${name}][$startsWith]=b&pagination[pageSize]=100${view}`);
  }
  for (const name of numbers) {
    out.push(`filters[${name}][$gt]=5&sort=${name}:asc&pagination[pageSize]=100${view}`);
    out.push(`filters[$not][${name}][$lt]=3&sort=createdAt:desc&pagination[pageSize]=100${view}`);
  }
  out.push(`_q=a&pagination[pageSize]=100${view}`);
  // Sorts by two keys, and a filter in such an order.
  const first = [...booleans, ...numbers][0] ?? 'createdAt';
  const second = texts[0] ?? 'documentId';
  out.push(`sort[0]=${first}:desc&sort[1]=${second}:asc&pagination[pageSize]=100${view}`);
  out.push(`sort[0]=${second}:asc&sort[1]=createdAt:desc&pagination[pageSize]=100${view}`);
  out.push(`filters[${second}][$containsi]=e&sort[0]=${first}:asc&sort[1]=id:desc&pagination[pageSize]=100${view}`);
  return out;
}

for (const fixture of ['blog', 'i18n']) {
  test(`after each edit, every list of ${fixture} is what a fresh load gives, and most were carried over`, () => {
    const project = createTempProject(fixture);
    try {
      const state = loadTestProject(project.dir);
      let carried = 0;
      let made = 0;
      const memo = state.index.memo.bind(state.index);
      state.index.memo = ((type, key, compute, carry) =>
        memo(
          type,
          key,
          () => {
            made++;
            return compute();
          },
          carry &&
            ((value, changes) => {
              const out = carry(value, changes);
              if (out !== undefined) carried++;
              return out;
            }),
        )) as typeof state.index.memo;
      const next = seededRandom(fixture.length * 7919);
      const types = [...state.registry.contentTypes.values()].filter((type) => type.kind === 'collectionType');
      for (let round = 0; round < 40; round++) {
        for (const type of types) {
          const folder = `content/${type.pluralName}`;
          if (!fs.existsSync(path.join(project.dir, folder))) continue;
          const rows = fs
            .readdirSync(path.join(project.dir, folder))
            .map((name) => JSON.parse(fs.readFileSync(path.join(project.dir, folder, name), 'utf8')) as Record<string, unknown>);
          const views = viewsOf(type);
          const queries = queriesOf(type, rows, views[round % views.length]!);
          // The lists are made (or carried) before the edit, then carried over it.
          answers(state, project.dir, type, queries);
          // Mostly a few edits; every fifth round many (a pull): the lists are carried in one pass.
          const edits = round % 5 === 4 ? 12 + Math.floor(next() * 20) : 1 + Math.floor(next() * 3);
          for (let i = 0; i < edits; i++) syncContent(state, editOnce(project.dir, folder, type, next));
          const fresh = loadTestProject(project.dir);
          assert.equal(answers(state, project.dir, type, queries), answers(fresh, project.dir, type, queries), `${fixture} round ${round} ${type.uid}`);
        }
      }
      assert.ok(carried > 500, `${carried} lists carried over edits (${made} made)`);
    } finally {
      project.cleanup();
    }
  });
}

test.run();
