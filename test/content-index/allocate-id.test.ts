import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { deriveId } from '../../server/content-index/derive-id.js';
import { allocateId, createTypeState, holdId, releaseId } from '../../server/content-index/type-state.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const article = registry.byRouteName.get('articles')!;
const SAME_MS = Date.parse('2025-03-04T05:06:07.089Z');

/** The id a plain probe gives: the first id from the derived one up that no other record holds. */
function probedId(owners: Map<number, string>, key: string, createdMs: number): number {
  let id = deriveId(createdMs, key);
  while (owners.has(id) && owners.get(id) !== key) id++;
  return id;
}

/** A small deterministic pseudo-random sequence (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('ids of documents sharing a createdAt are those a plain probe gives, through adds, removals and re-adds', () => {
  for (const seed of [1, 2, 3]) {
    const state = createTypeState(article);
    const reference = new Map<number, string>();
    const held = new Map<string, number>();
    const random = randomFrom(seed);
    for (let step = 0; step < 6000; step++) {
      const key = `doc${Math.floor(random() * 3000)}\u0000`;
      const createdMs = random() < 0.9 ? SAME_MS : SAME_MS + 1;
      const old = held.get(key);
      if (old !== undefined) {
        releaseId(state, old, key);
        reference.delete(old);
        held.delete(key);
        if (random() < 0.5) continue; // removed; else updated (re-added at once)
      }
      const expected = probedId(reference, key, createdMs);
      const id = allocateId(state, { key, seed: key }, createdMs);
      assert.is(id, expected, `seed ${seed}, step ${step}: ${key}`);
      holdId(state, id, key);
      reference.set(id, key);
      held.set(key, id);
    }
    assert.is(state.idOwners.size, reference.size);
  }
});

test('three thousand documents with one createdAt get distinct ids, each the plain probe one', () => {
  const state = createTypeState(article);
  const reference = new Map<number, string>();
  for (let i = 0; i < 3000; i++) {
    const key = `import${i}\u0000`;
    const id = allocateId(state, { key, seed: key }, SAME_MS);
    assert.is(id, probedId(reference, key, SAME_MS));
    holdId(state, id, key);
    reference.set(id, key);
  }
  assert.is(new Set(reference.keys()).size, 3000);
});

test.run();
