// The command line shared by the autocannon benchmarks: which generated projects, and how long.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultProjectDir } from '../generate.mjs';
import { machineNote } from './machine-note.mjs';
import { distFile } from './dist-path.mjs';
import { positiveNumber } from './stats.mjs';

/** parseArgs options for a load test's length and connections (`--duration --warmup --connections`). */
export function loadArgs(duration = '10', warmup = '2') {
  return {
    duration: { type: 'string', default: duration },
    warmup: { type: 'string', default: warmup },
    connections: { type: 'string', default: '10' },
  };
}

/** The load those options give, checked. */
export function loadOf(values) {
  return {
    duration: positiveNumber('duration', values.duration),
    warmup: Number(values.warmup),
    connections: positiveNumber('connections', values.connections),
  };
}

/** The builds an A/B bench runs: `--baseline <dist folder>` first when given, then this one, as [label, cli/main.js]. */
export function buildsToMeasure(baseline) {
  const builds = [['this build', distFile('cli/main.js')]];
  if (baseline) builds.unshift(['baseline', path.join(path.resolve(baseline), 'cli/main.js')]);
  return builds;
}

/** Parses `--counts --duration --warmup --connections`, checks the projects exist, prints the header. */
export function readLoadOptions(defaultCounts) {
  const { values } = parseArgs({ options: { counts: { type: 'string', default: defaultCounts }, ...loadArgs() } });
  const options = loadOf(values);
  const counts = values.counts.split(',').map((count) => positiveNumber('counts', count));
  for (const count of counts) {
    const dir = defaultProjectDir(count);
    if (!fs.existsSync(path.join(dir, 'content'))) throw new Error(`${dir} is missing: run node bench/generate.mjs --count ${count}`);
  }
  console.log(`autocannon: ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s per case`);
  console.log(machineNote());
  return { options, counts };
}
