// The bare read-and-parse loop every start-up figure is compared with, run in a child process of its
// own, and the helper that runs such a child to its end.
import { spawn } from 'node:child_process';

/**
 * A child that reads and JSON.parses every file of <dir>/content/<folder>/, as plain CommonJS source
 * so that it loads nothing else. Prints `{files, loopMs, cpuMs}` (with `keep`: also the heap holding them).
 */
export const BASELINE_SOURCE = `
const fs = require('node:fs');
const path = require('node:path');
const root = path.join(process.argv[1], 'content');
const keep = process.argv[2] === 'keep' ? [] : undefined;
const started = performance.now();
let files = 0;
for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  const dir = path.join(root, entry.name);
  for (const name of fs.readdirSync(dir)) {
    const value = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    if (keep) keep.push(value);
    files++;
  }
}
const loopMs = performance.now() - started;
const used = process.cpuUsage();
const cpuMs = (used.user + used.system) / 1000;
if (keep) {
  globalThis.gc(); globalThis.gc();
  console.log(JSON.stringify({ files, loopMs, heapUsed: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss, kept: keep.length }));
} else {
  console.log(JSON.stringify({ files, loopMs, cpuMs }));
}
`;

/** Runs a child node process to its end; resolves to its parsed last stdout line and wall time. */
export function runChild(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`child exited with ${code}:\n${stderr}`));
      const last = stdout.trim().split('\n').at(-1) ?? '{}';
      resolve({ wallMs, result: JSON.parse(last) });
    });
  });
}

/** The baseline loop over `dir`, timed from spawn to exit: `{ wallMs, result: { files, loopMs } }`. */
export function runBaselineLoop(dir) {
  return runChild(['-e', BASELINE_SOURCE, dir]);
}
