// Runs the compiled uvu suites (dist/test/**/*.test.js), one process per file, two at a time,
// and ends with the plain summary line CI reads: `N passed, N failed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDir = path.join(root, 'dist', 'test');
const filter = process.argv[2];
const files = [];
(function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (entry.name.endsWith('.test.js') && (!filter || full.includes(filter))) files.push(full);
  }
})(testDir);
files.sort();
// Two at a time, the longest first (browser and spawned-server files), so neither worker is left
// alone with a long file at the end.
const slow = (file) => (/browser|[/\\]cli[/\\]|serve|git/.test(file) ? 0 : 1);
files.sort((a, b) => slow(a) - slow(b) || (a < b ? -1 : 1));

let passed = 0;
let failed = 0;
const queue = [...files];
const workers = Array.from({ length: Math.min(2, queue.length) }, async () => {
  while (queue.length > 0) {
    const file = queue.shift();
    const result = await runFile(file);
    passed += result.passed;
    failed += result.failed;
  }
});
await Promise.all(workers);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || files.length === 0 ? 1 : 0;

function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [file], { cwd: root, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const ok = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const skipped = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
      let bad = total - ok - skipped;
      // A file that crashed before uvu printed its summary counts as one failure.
      if (code !== 0 && bad === 0) bad = 1;
      const name = path.relative(testDir, file);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${bad > 0 ? 'FAIL' : 'ok  '} ${name} (${ok} passed${bad ? `, ${bad} failed` : ''}, ${seconds} s)\n`);
      if (bad > 0) process.stdout.write(output.replace(/^/gm, '    ') + '\n');
      resolve({ passed: ok, failed: bad });
    });
  });
}
