// The command line shared by the autocannon benchmarks: which generated projects, and how long.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { defaultProjectDir } from '../generate.mjs';
import { machineNote } from './machine-note.mjs';
import { positiveNumber } from './stats.mjs';

/** Parses `--counts --duration --warmup --connections`, checks the projects exist, prints the header. */
export function readLoadOptions(defaultCounts) {
  const { values } = parseArgs({
    options: {
      counts: { type: 'string', default: defaultCounts },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
    },
  });
  const options = {
    duration: positiveNumber('duration', values.duration),
    warmup: Number(values.warmup),
    connections: positiveNumber('connections', values.connections),
  };
  const counts = values.counts.split(',').map((count) => positiveNumber('counts', count));
  for (const count of counts) {
    const dir = defaultProjectDir(count);
    if (!fs.existsSync(path.join(dir, 'content'))) throw new Error(`${dir} is missing: run node bench/generate.mjs --count ${count}`);
  }
  console.log(`autocannon: ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s per case`);
  console.log(machineNote());
  return { options, counts };
}
