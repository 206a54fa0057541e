// cms export on a generated project: time, files per second and peak memory, and a second run
// (nothing changed: it must write nothing).
// Usage: node bench/export.mjs [--dir <tmpdir>/cms-bench/articles-100000]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { distFile } from './lib/dist-path.mjs';
import { machineNote } from './lib/machine-note.mjs';

const { values } = parseArgs({ options: { dir: { type: 'string', default: path.join(os.tmpdir(), 'cms-bench', 'articles-100000') } } });
if (!fs.existsSync(values.dir)) throw new Error(`${values.dir} not found: run node bench/generate.mjs first`);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-export-'));
console.log(machineNote());

// The child reports its own peak RSS (resourceUsage().maxRSS is in kB) after the export.
const wrapper = `
  const { runExport } = await import(${JSON.stringify(distFile('cli/export-command.js'))});
  const code = await runExport({ dir: ${JSON.stringify(values.dir)}, out: ${JSON.stringify(out)}, status: 'published', clean: false, all: false });
  console.log('peak-rss-kb ' + process.resourceUsage().maxRSS);
  process.exitCode = code;
`;

function run(label) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`export failed:\n${result.stdout}\n${result.stderr}`);
  const files = Number(/exported (\d+) files/.exec(result.stdout)?.[1] ?? 0);
  const written = /(\d+) written/.exec(result.stdout)?.[1];
  const rss = Number(/peak-rss-kb (\d+)/.exec(result.stdout)?.[1] ?? 0) / 1024;
  console.log(`${label}: ${seconds.toFixed(1)} s, ${files} files (${written} written), ${Math.round(files / seconds)} files/s, peak RSS ${rss.toFixed(0)} MB`);
}

try {
  run('first export (empty output)');
  run('second export (nothing changed)');
} finally {
  fs.rmSync(out, { recursive: true, force: true });
}
