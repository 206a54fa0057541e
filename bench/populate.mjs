#!/usr/bin/env node
// `GET /api/articles?populate=*` (author, categories, seo, links, cover, gallery of 25 articles)
// against the real server (`cms serve --no-watch` in a child) with autocannon, 10 connections,
// beside a bare Koa route answering the same body. Strapi 5 on SQLite answers about 70 req/s for
// populate=* on 10 articles; the target is 20x that: ≥ 1400 req/s on 10,000 articles.
//
//   npm run build && node bench/generate.mjs --count 10000
//   node bench/populate.mjs [--counts 10000] [--duration 10] [--warmup 2] [--connections 10]
import { defaultProjectDir } from './generate.mjs';
import { startBareServer } from './lib/bare-server-process.mjs';
import { loadTest, timedGet } from './lib/load-test.mjs';
import { readLoadOptions } from './lib/load-options.mjs';
import { machineNote } from './lib/machine-note.mjs';
import { startServerProcess } from './lib/server-process.mjs';
import { fixed, printTable, verdict } from './lib/stats.mjs';

const ROUTE = '/api/articles?populate=*';
const STRAPI_RPS = 70;
const TARGET_RPS = 20 * STRAPI_RPS;

async function benchProject(dir, options) {
  const server = await startServerProcess(dir, { watch: false });
  let bare;
  try {
    const first = await timedGet(`${server.url}${ROUTE}`);
    if (first.status !== 200) throw new Error(`${ROUTE} answered ${first.status}: ${first.body.slice(0, 300)}`);
    const sample = JSON.parse(first.body).data[0];
    for (const key of ['author', 'categories', 'seo']) {
      if (!(key in sample)) throw new Error(`${ROUTE} did not populate ${key}`);
    }
    const populated = await loadTest(`${server.url}${ROUTE}`, options);
    bare = await startBareServer(first.body);
    const ceiling = await loadTest(bare.url, options);
    return { first, populated, ceiling };
  } finally {
    await bare?.stop();
    await server.stop();
  }
}

async function main() {
  const { options, counts } = readLoadOptions('10000');
  for (const count of counts) {
    const { first, populated, ceiling } = await benchProject(defaultProjectDir(count), options);
    console.log();
    console.log(`${count} articles, GET ${ROUTE} (first answer: ${fixed(first.ms, 1)} ms)`);
    printTable(
      ['case', 'req/s', 'p50 ms', 'p99 ms', 'KiB/resp', 'x Strapi'],
      [
        [
          'populate=*',
          fixed(populated.rps, 0),
          fixed(populated.p50, 1),
          fixed(populated.p99, 1),
          fixed(populated.bytesPerRequest / 1024, 1),
          fixed(populated.rps / STRAPI_RPS, 1),
        ],
        [
          'bare Koa, same body',
          fixed(ceiling.rps, 0),
          fixed(ceiling.p50, 1),
          fixed(ceiling.p99, 1),
          fixed(ceiling.bytesPerRequest / 1024, 1),
          fixed(ceiling.rps / STRAPI_RPS, 1),
        ],
      ],
    );
    console.log(
      `target ≥ ${TARGET_RPS} req/s (20x Strapi's ${STRAPI_RPS}): ${verdict(populated.rps >= TARGET_RPS)}; ${fixed((100 * populated.rps) / ceiling.rps, 0)}% of bare`,
    );
    console.log(`after the run: ${machineNote()}`);
  }
}

await main();
