#!/usr/bin/env node
// Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by file, and the
// total (inclusive) time of the project's own functions.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/cli/main.js serve --dir D --no-watch   (Ctrl-C once ready)
//   node bench/profile-summary.mjs /tmp/prof/*.cpuprofile [--top 25] [--skip <ms>] [--until <ms>]
// --skip leaves out the profile's first milliseconds (a server's load, to see its requests alone),
// --until what comes after that time.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { fixed, printTable } from './lib/stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function shortUrl(url) {
  if (url === '') return '(native)';
  if (url.startsWith('node:')) return url;
  const clean = url.startsWith('file://') ? fileURLToPath(url) : url;
  const marker = clean.lastIndexOf('/node_modules/');
  if (marker >= 0) return clean.slice(marker + 1);
  const relative = path.relative(ROOT, clean);
  return relative.startsWith('..') ? clean : relative;
}

/** The project's own code: compiled files under the repository, not its dependencies. */
function isProjectFile(file) {
  return file !== '(native)' && !file.startsWith('node:') && !file.startsWith('node_modules/') && !path.isAbsolute(file);
}

/** Self and inclusive microseconds per node id, from the sample timeline. */
function summarise(profile, skipMicros, untilMicros) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < skipMicros || at > untilMicros) continue;
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0));
  }
  const label = (node) => {
    const frame = node.callFrame;
    return `${frame.functionName || '(anonymous)'} ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  };
  const selfByFunction = new Map();
  const selfByFile = new Map();
  const inclusive = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of self) {
    const node = byId.get(id);
    // Shares are of the busy time: an idle server waiting for Ctrl-C would drown everything else.
    if (node.callFrame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    total += micros;
    const name = label(node);
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + micros);
    const file = shortUrl(node.callFrame.url);
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + micros);
    // Inclusive time: count each function once per sample even when it recurses.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      if (!isProjectFile(shortUrl(byId.get(at).callFrame.url))) continue;
      const ancestor = label(byId.get(at));
      if (seen.has(ancestor)) continue;
      seen.add(ancestor);
      inclusive.set(ancestor, (inclusive.get(ancestor) ?? 0) + micros);
    }
  }
  return { total, idle, selfByFunction, selfByFile, inclusive };
}

function top(map, count, total) {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => [name, fixed(micros / 1000, 0), `${fixed((100 * micros) / total, 1)}%`]);
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: 'string', default: '25' }, skip: { type: 'string', default: '0' }, until: { type: 'string', default: 'Infinity' } },
  });
  const count = Number(values.top);
  for (const file of positionals) {
    const { total, idle, selfByFunction, selfByFile, inclusive } = summarise(
      JSON.parse(fs.readFileSync(file, 'utf8')),
      Number(values.skip) * 1000,
      Number(values.until) * 1000,
    );
    console.log(`${file}: ${fixed(total / 1000, 0)} ms busy (${fixed(idle / 1000, 0)} ms idle left out); shares are of the busy time`);
    console.log();
    printTable(['self time by function', 'ms', 'share'], top(selfByFunction, count, total));
    console.log();
    printTable(['self time by file', 'ms', 'share'], top(selfByFile, Math.min(count, 15), total));
    console.log();
    printTable(['total time of project functions', 'ms', 'share'], top(inclusive, count, total));
    console.log();
  }
}

main();
