import path from 'node:path';
import { type CompactEntry, compactEntry } from '../../server/content-index/compact-entry.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from './paths.js';

/** The blog fixture's schemas, and its article type. */
export const blogRegistry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
export const blogArticle = blogRegistry.byRouteName.get('articles')!;

let serial = 0;

/** A compact entry of a blog article holding `data`, with an id and documentId of its own (starting with `prefix`). */
export function articleEntry(data: Record<string, unknown>, prefix = 'doc'): CompactEntry {
  serial++;
  const documentId = `${prefix}${String(serial).padStart(24 - prefix.length, '0')}`;
  const head = {
    id: serial,
    documentId,
    locale: null,
    createdAt: '2025-01-02T03:04:05.006Z',
    updatedAt: '2025-01-02T03:04:05.006Z',
    publishedAt: null,
    path: `content/articles/${documentId}.json`,
  };
  return compactEntry(blogArticle, head, data, new Map());
}

/** A deterministic generator, so a failure can be reproduced. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
}

/** `words` words drawn from `vocabulary`, joined by spaces or run together. */
export function randomText(next: () => number, words: number, vocabulary: readonly string[]): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(vocabulary[Math.floor(next() * vocabulary.length)]!);
  return out.join(next() < 0.5 ? ' ' : '');
}
