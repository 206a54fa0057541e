#!/usr/bin/env node
// `cms mv` of an author referenced by 10,000 articles (a relation at the top level and one in a
// component), side by side with loading the same project (what any command pays first).
//
//   npm run build && node bench/git-mv.mjs [--referencing 10000] [--baseline <dist folder>]
//
// With --baseline, this build and the other take turns (there, back, there, back).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { distFile } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';

const { values } = parseArgs({
  options: { referencing: { type: 'string', default: '10000' }, baseline: { type: 'string' }, 'same-time': { type: 'boolean', default: false } },
});
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
// Articles created a minute apart, as an editor makes them. --same-time gives them all one
// creation time (an import): the index then probes past thousands of taken ids per document.
for (let i = 0; i < count; i++) {
  const at = values['same-time'] ? time : new Date(Date.parse(time) + (i + 1) * 60_000).toISOString();
  write(`content/articles/a${i}.json`, {
    title: `Article ${i}`,
    author: 'ada',
    byline: { author: 'ada' },
    createdAt: at,
    updatedAt: at,
    publishedAt: at,
  });
}
const cli = distFile('cli/main.js');
const builds = [{ name: 'this build', cli }];
if (values.baseline !== undefined) builds.push({ name: 'baseline', cli: path.join(path.resolve(values.baseline), 'cli/main.js') });
let start = performance.now();
const check = spawnSync(process.execPath, [cli, 'types', '--dir', dir], { encoding: 'utf8' });
const loadMs = performance.now() - start;
if (check.status !== 0) throw new Error(check.stderr);
let rewritten = 0;
/** One `cms mv` by a build, timed, with the CPU it and its children used (bash `times`). */
function mv(build, from, to) {
  start = performance.now();
  const moved = spawnSync(
    'bash',
    [
      '-c',
      `"${process.execPath}" ${process.env.CMS_BENCH_NODE_FLAGS ?? ''} "${build.cli}" mv authors/${from} ${to} --dir "${dir}"; status=$?; times; exit $status`,
    ],
    { encoding: 'utf8' },
  );
  const ms = performance.now() - start;
  if (moved.status !== 0) throw new Error(moved.stderr);
  rewritten = moved.stdout.split('\n').filter((line) => line.includes('rewrote')).length;
  return { ms, cpu: cpuOf(moved.stdout) };
}
// Each build renames there and back; the builds take turns, so both meet the same machine.
const order = builds.length === 1 ? builds : [builds[0], builds[1], builds[1], builds[0]];
const results = new Map(builds.map((build) => [build, []]));
let name = 'ada';
for (const build of order) {
  const next = name === 'ada' ? 'ada-lovelace' : 'ada';
  results.get(build).push(mv(build, name, next));
  name = next;
}
console.log(`cms mv of an author referenced by ${count} articles (${rewritten} files rewritten through the journal, made durable)`);
for (const [build, list] of results)
  console.log(
    `  cms mv, ${build.name.padEnd(10)} ${list.map((r) => `${r.ms.toFixed(0)} ms (CPU ${r.cpu.toFixed(0)} ms)`).join(', ')}  (whole processes: load the project, rewrite, write)`,
  );
console.log(`  cms types         ${loadMs.toFixed(0)} ms (a whole process that only loads schemas: the start-up floor)`);
fs.rmSync(dir, { recursive: true, force: true });

/** bash `times`: its second line is the children's user and system time. */
function cpuOf(text) {
  const line = text.trim().split('\n').at(-1) ?? '';
  const seconds = line.split(/\s+/).map((part) => {
    const match = /(\d+)m([\d.]+)s/.exec(part);
    return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
  });
  return (seconds[0] + seconds[1]) * 1000;
}
