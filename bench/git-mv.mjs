#!/usr/bin/env node
// `cms mv` of an author referenced by 10,000 articles (a relation at the top level and one in a
// component), side by side with loading the same project (what any command pays first).
//
//   npm run build && node bench/git-mv.mjs [--referencing 10000]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { distFile } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';

const { values } = parseArgs({ options: { referencing: { type: 'string', default: '10000' } } });
const count = Number(values.referencing);
console.log(machineNote());
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-mv-'));
const write = (rel, data) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), `${JSON.stringify(data, null, 2)}\n`);
};
write('schemas/components/shared/byline.json', {
  info: { displayName: 'Byline' },
  attributes: { author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' } },
});
write('schemas/author.json', {
  kind: 'collectionType',
  info: { singularName: 'author', pluralName: 'authors', displayName: 'Author' },
  options: {},
  attributes: { name: { type: 'string' } },
});
write('schemas/article.json', {
  kind: 'collectionType',
  info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
  options: { draftAndPublish: true },
  attributes: {
    title: { type: 'string' },
    author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
    byline: { type: 'component', repeatable: false, component: 'shared.byline' },
  },
});
const time = '2026-01-01T00:00:00.000Z';
write('content/authors/ada.json', { name: 'Ada', createdAt: time, updatedAt: time });
for (let i = 0; i < count; i++) {
  write(`content/articles/a${i}.json`, {
    title: `Article ${i}`,
    author: 'ada',
    byline: { author: 'ada' },
    createdAt: time,
    updatedAt: time,
    publishedAt: time,
  });
}
const cli = distFile('cli/main.js');
let start = performance.now();
const check = spawnSync(process.execPath, [cli, 'types', '--dir', dir], { encoding: 'utf8' });
const loadMs = performance.now() - start;
start = performance.now();
const moved = spawnSync(process.execPath, [cli, 'mv', 'authors/ada', 'ada-lovelace', '--dir', dir], { encoding: 'utf8' });
const mvMs = performance.now() - start;
if (moved.status !== 0) throw new Error(moved.stderr);
const rewritten = moved.stdout.split('\n').filter((line) => line.includes('rewrote')).length;
start = performance.now();
const back = spawnSync(process.execPath, [cli, 'mv', 'authors/ada-lovelace', 'ada', '--dir', dir], { encoding: 'utf8' });
const backMs = performance.now() - start;
if (back.status !== 0 || check.status !== 0) throw new Error(back.stderr || check.stderr);
console.log(`cms mv of an author referenced by ${count} articles (${rewritten} files rewritten, each through the journal, fsynced)`);
console.log(`  cms mv            ${mvMs.toFixed(0)} ms, and back ${backMs.toFixed(0)} ms (whole processes: load the project, rewrite, write)`);
console.log(`  cms types         ${loadMs.toFixed(0)} ms (a whole process that only loads schemas: the start-up floor)`);
fs.rmSync(dir, { recursive: true, force: true });
