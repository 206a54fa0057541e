import fs from 'node:fs';
import path from 'node:path';
import { prepareRead } from '../../server/documents/answer-read.js';
import { selectEntries } from '../../server/engine/select-entries.js';
import type { ContentType } from '../../server/schema/content-type.js';
import type { ProjectState } from '../../server/runtime/project-state.js';
import { loadConfig } from '../../server/store/load-config.js';

// Random edits of a project's files and the lists a state answers, for the tests of lists carried
// over edits (engine/kept-lists.test.ts, engine/sorted-matches.test.ts).

export const WORDS = ['apple', 'xｆｕｌｌ', 'x😀', 'Apple', 'banana', 'cherry', 'apple pie', '10', '9', '', 'zebra', 'ärger', 'émile'];
export const TEXT_TYPES = new Set(['string', 'text', 'uid', 'email']);
export const NUMBER_TYPES = new Set(['integer', 'float']);
export const BOOLEAN_TYPES = new Set(['boolean']);

/** Each query's page and total, as documentId|locale. */
export function answers(state: ProjectState, dir: string, type: ContentType, queries: readonly string[]): string[] {
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

export function editOnce(dir: string, folder: string, type: ContentType, next: () => number): string {
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
