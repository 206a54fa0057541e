import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { prepareRead } from '../../server/documents/answer-read.js';
import type { Entry } from '../../server/content-index/entry.js';
import { compileFilter } from '../../server/engine/compile-filter.js';
import { compileSearch } from '../../server/engine/compile-search.js';
import { equalCandidates } from '../../server/engine/equal-candidates.js';
import { readEntryField } from '../../server/engine/field-value.js';
import { localeFor } from '../../server/engine/read-context.js';
import { selectEntries } from '../../server/engine/select-entries.js';
import { loadConfig } from '../../server/store/load-config.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

// A list filtered by a text attribute's value is answered from a table of the list by that value
// (engine/equal-candidates.ts): the page and total must be those of testing every entry.

const TEXT_TYPES = new Set(['string', 'uid', 'email', 'enumeration']);

test('a page filtered by a text attribute’s value is the page every entry tested gives, for every fixture', () => {
  let used = 0;
  let compared = 0;
  for (const name of fs.readdirSync(FIXTURES_DIR)) {
    const dir = path.join(FIXTURES_DIR, name);
    if (!fs.existsSync(path.join(dir, 'schemas')) || !fs.existsSync(path.join(dir, 'content'))) continue;
    const config = loadConfig(dir, { watch: false });
    const state = loadTestProject(dir);
    const options = { config, warn: () => undefined };
    for (const type of state.registry.contentTypes.values()) {
      if (type.kind !== 'collectionType') continue;
      for (const [attribute, definition] of type.attributes) {
        if (definition.kind !== 'scalar' || !TEXT_TYPES.has(definition.type) || definition.private) continue;
        const values = new Set<string>(['no-such-value']);
        for (const status of ['published', 'draft'] as const) {
          for (const entry of state.index.entries(type, status, '*')) {
            const value = readEntryField(entry, attribute);
            if (typeof value === 'string') values.add(value).add(value.toUpperCase());
          }
        }
        for (const value of values) {
          const v = encodeURIComponent(value);
          for (const querystring of [
            `filters[${attribute}][$eq]=${v}`,
            `filters[${attribute}][$eq]=${v}&status=draft&locale=*`,
            `filters[$and][0][${attribute}][$eq]=${v}&filters[$and][1][documentId][$ne]=nothing&pagination[pageSize]=1&pagination[page]=2`,
            `filters[${attribute}][$eq]=${v}&_q=a`,
          ]) {
            let prepared;
            try {
              prepared = prepareRead(state, { type, action: 'find', querystring }, options);
            } catch {
              continue; // a value Strapi refuses for this attribute (an enumeration's other case)
            }
            const { context, query } = prepared;
            const locale = query.locale === '*' && type.localized ? '*' : localeFor(context, type);
            const base = state.index.entries(type, query.status, locale);
            const tests: ((entry: Entry) => boolean)[] = [compileFilter(context, type, query.filters!)];
            if (query.search !== undefined) tests.push(compileSearch(type, query.search));
            const every = base.filter((entry) => tests.every((t) => t(entry)));
            const { start, limit } = query.pagination;
            const selection = selectEntries(context, type, query);
            const where = `${name} ${type.pluralName}?${querystring}`;
            assert.equal(
              selection.page.map((entry) => `${entry.documentId}|${entry.locale}`),
              every.slice(start, start + limit).map((entry) => `${entry.documentId}|${entry.locale}`),
              where,
            );
            assert.is(selection.total, every.length, where);
            if (equalCandidates(context, type, base, { status: query.status, locale }, query.filters) !== undefined) used++;
            compared++;
          }
        }
      }
    }
  }
  assert.ok(compared > 200, `${compared} compared`);
  assert.ok(used > 200, `the table answered ${used}`);
});

test.run();
