import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareRead } from '../../server/documents/answer-read.js';
import { selectEntries } from '../../server/engine/select-entries.js';
import type { ContentType } from '../../server/schema/content-type.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { syncContent } from '../../server/runtime/sync-content.js';
import { loadConfig } from '../../server/store/load-config.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { createTempProject } from '../helpers/temp-project.js';
import { seededRandom } from '../helpers/blog-article-entries.js';

// A type's views, sort orders, tables of values and filters' matches are carried over its edits
// (content-index/type-changes.ts, engine/kept-sort.ts, kept-matches.ts, equal-candidates.ts)
// instead of being made again: after every edit, each list must be the one a fresh load of the
// files gives.

const WORDS = ['apple', 'xｆｕｌｌ', 'x😀', 'Apple', 'banana', 'cherry', 'apple pie', '10', '9', '', 'zebra', 'ärger', 'émile'];
const TEXT_TYPES = new Set(['string', 'text', 'uid', 'email']);
const NUMBER_TYPES = new Set(['integer', 'float']);
const BOOLEAN_TYPES = new Set(['boolean']);

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

/** Each query's page and total, as documentId|locale. */
function answers(state: ProjectState, dir: string, type: ContentType, queries: readonly string[]): string[] {
  const config = loadConfig(dir, { watch: false });
  const options = { config, warn: () => undefined };
  return queries.map((querystring) => {
    let prepared;
    try {
      prepared = prepareRead(state, { type, action: 'find', querystring }, options);
    } catch (error) {
      return `${querystring}: refused ${(error as Error).message}`;
    }
    const { page, total } = selectEntries(prepared.context, type, prepared.query);
    return `${querystring}: ${total} ${page.map((entry) => `${entry.documentId}|${entry.locale}`).join(' ')}`;
  });
}

function editOnce(dir: string, folder: string, type: ContentType, next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const files = fs.readdirSync(path.join(dir, folder)).filter((name) => name.endsWith('.json'));
  const name = pick(files);
  const file = path.join(dir, folder, name);
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const others = files.map((other) => JSON.parse(fs.readFileSync(path.join(dir, folder, other), 'utf8')) as Record<string, unknown>);
  const scalars = [...type.attributes].filter(
    ([, a]) => a.kind === 'scalar' && (TEXT_TYPES.has(a.type) || NUMBER_TYPES.has(a.type) || BOOLEAN_TYPES.has(a.type)),
  );
  // A folder down to a few files gets copies, never emptied.
  const move = files.length < 4 ? 0.15 : next();
  if (move < 0.1) {
    fs.rmSync(file);
    return `${folder}/${name}`;
  }
  if (move < 0.2) {
    const documentId = Array.from({ length: 24 }, () => pick([...'abcdefghijklmnopqrstuvwxyz0123456789'])).join('');
    const copy = path.join(dir, folder, name.replace(/^[^.]+/, documentId));
    fs.writeFileSync(copy, JSON.stringify(data, null, 2));
    return path.relative(dir, copy).split(path.sep).join('/');
  }
  if (move < 0.3) data.createdAt = pick(others).createdAt ?? data.createdAt;
  else if (move < 0.35) data.createdAt = new Date(Date.UTC(2020, 0, 1) + Math.floor(next() * 1e10)).toISOString();
  else if (move < 0.45 && type.draftAndPublish && !name.includes('.draft.')) data.publishedAt = data.publishedAt === null ? data.createdAt : null;
  else if (move < 0.5) data.updatedAt = new Date(Date.UTC(2024, 0, 1) + Math.floor(next() * 1e9)).toISOString();
  else if (scalars.length > 0) {
    const [attribute, definition] = pick(scalars);
    if (definition.kind === 'scalar' && NUMBER_TYPES.has(definition.type)) data[attribute] = pick([null, 0, 1, 3, 5, 7, 1000, -2]);
    else if (definition.kind === 'scalar' && BOOLEAN_TYPES.has(definition.type)) data[attribute] = pick([null, true, false]);
    else if (move < 0.6) data[attribute] = pick(others)[attribute] ?? null;
    else if (move < 0.63) data[attribute] = pick(['x😀', 'xｆｕｌｌ']);
    else data[attribute] = pick([...WORDS, null]);
  }
  fs.writeFileSync(file, JSON.stringify(data, null, 2));
  return `${folder}/${name}`;
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
