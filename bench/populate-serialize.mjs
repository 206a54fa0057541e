#!/usr/bin/env node
// The read path of a populated page in-process (parse the query string, select the page, serialize
// it), for two builds side by side in one process: a baseline (BASE_DIST) and the build under test
// (CMS_DIST, default dist/). No HTTP and no answer cache, so a change to populate shows even on a
// busy machine: batches of the two builds alternate, and the median batch of each is reported.
//
//   npm run build && node bench/generate.mjs --count 10000
//   npx tsc -p <older checkout> --outDir bench/data/dist-base
//   BASE_DIST=bench/data/dist-base node bench/populate-serialize.mjs [--count 10000] [--batches 15] [--per-batch 20]
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { defaultProjectDir } from './generate.mjs';
import { DIST, ROOT } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { fixed, median, positiveNumber, printTable } from './lib/stats.mjs';

const CASES = [
  ['populate=*, no options', 'populate=*&pagination[pageSize]=100'],
  ['components, no options', 'populate[seo]=true&populate[links]=true&pagination[pageSize]=100'],
  ['relations with fields', 'populate[author][fields][0]=name&populate[categories][fields][0]=name&pagination[pageSize]=100'],
  [
    'a filter in populate (new only applies it)',
    'populate[links][filters][label][$containsi]=a&populate[seo][filters][metaTitle][$notNull]=true&pagination[pageSize]=100',
  ],
];

async function loadBuild(dist, dir) {
  const load = async (rel) => import(pathToFileURL(path.join(dist, rel)).href);
  const { loadConfig } = await load('server/store/load-config.js');
  const { loadProject } = await load('server/runtime/load-project.js');
  const { parseQueryString } = await load('server/query/parse-query-string.js');
  const { parseDocumentQuery } = await load('server/query/parse-document-query.js');
  const { findDocuments } = await load('server/documents/read-documents.js');
  const config = loadConfig(dir, { watch: false });
  const state = loadProject(config);
  const type = state.registry.byRouteName.get('articles');
  const answer = (query) => {
    const parsed = parseDocumentQuery(parseQueryString(query, config.limits), { type, registry: state.registry, config, action: 'find' });
    const context = {
      index: state.index,
      status: parsed.status,
      locale: parsed.locale,
      defaultLocale: config.i18n.defaultLocale,
      warn: () => {},
      compiled: new Map(),
    };
    return JSON.stringify(findDocuments(context, type, parsed));
  };
  return { answer };
}

function timeBatch(build, query, perBatch) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < perBatch; i++) build.answer(query);
  return Number(process.hrtime.bigint() - started) / 1e6 / perBatch;
}

async function main() {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '10000' }, batches: { type: 'string', default: '15' }, 'per-batch': { type: 'string', default: '20' } },
  });
  const baseDist = process.env['BASE_DIST'];
  if (!baseDist) throw new Error('BASE_DIST=<folder of the baseline build> is required');
  const dir = defaultProjectDir(positiveNumber('count', values.count));
  const batches = positiveNumber('batches', values.batches);
  const perBatch = positiveNumber('per-batch', values['per-batch']);
  console.log(machineNote());
  const builds = { base: await loadBuild(path.resolve(ROOT, baseDist), dir), new: await loadBuild(DIST, dir) };
  const rows = [];
  for (const [name, query] of CASES) {
    for (const build of Object.values(builds)) for (let i = 0; i < 3; i++) build.answer(query);
    const times = { base: [], new: [] };
    for (let b = 0; b < batches; b++) {
      for (const key of b % 2 === 0 ? ['base', 'new'] : ['new', 'base']) times[key].push(timeBatch(builds[key], query, perBatch));
    }
    const base = median(times.base);
    const now = median(times.new);
    rows.push([name, fixed(base, 2), fixed(now, 2), `${fixed((100 * (now - base)) / base, 1)} %`]);
  }
  console.log(`${values.count} articles, one page of 100, ms per answer (median of ${batches} batches of ${perBatch})`);
  printTable(['case', 'base ms', 'new ms', 'change'], rows);
  console.log(`after the run: ${machineNote()}`);
}

await main();
