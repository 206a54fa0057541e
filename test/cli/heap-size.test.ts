import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

// The CLI sizes V8's heap from the project's size before loading it. CMS_HEAP_MB_PER_10K raises
// the heap the estimate gives each document, so that the small blog fixture "needs" more than
// V8's default limit, or more than the machine has; the real `cms` processes then show the
// relaunch, the flag, and the message.

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');
const ENV = 'CMS_HEAP_MB_PER_10K';
/** The same constants as cli/heap-size.ts: the heap of an empty server, the room asked above the estimate, the machine's share. */
const BASE_MB = 64;
const HEADROOM = 1.5;
const MACHINE_SHARE = 0.75;

/** The environment of the spawned commands: no heap flag of this test runner's. */
function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _ignored, [ENV]: _estimate, ...rest } = process.env;
  return { ...rest, FORCE_COLOR: '0', ...extra };
}

/** V8's default heap limit (MiB) of a node started like the commands. */
function defaultLimitMb(): number {
  const result = spawnSync(process.execPath, ['-p', 'require("v8").getHeapStatistics().heap_size_limit'], { encoding: 'utf8', env: env({}) });
  return Math.floor(Number(result.stdout) / 2 ** 20);
}

function countContent(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(path.join(dir, 'content'), { withFileTypes: true })) {
    count += entry.isDirectory() ? fs.readdirSync(path.join(dir, 'content', entry.name)).filter((name) => !name.startsWith('.')).length : 1;
  }
  return count;
}

/** The MB per 10,000 documents that make `files` content files need `needMb` of heap. */
function perTenThousandFor(needMb: number, files: number): string {
  return String(((needMb - BASE_MB) * 10_000) / files);
}

interface Serve {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output: string;
}

function startServe(dir: string, extraEnv: Record<string, string>): Serve {
  const child = spawn(process.execPath, [CLI, 'serve', '--dir', dir, '--port', '0', '--host', '127.0.0.1', '--no-watch'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: env(extraEnv),
  });
  const serve: Serve = { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))), output: '' };
  child.stdout!.on('data', (chunk) => (serve.output += chunk));
  child.stderr!.on('data', (chunk) => (serve.output += chunk));
  return serve;
}

async function waitForReady(serve: Serve): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = /at (http:\/\/127\.0\.0\.1:\d+)\/api/.exec(serve.output)?.[1];
    if (url !== undefined) return url;
    if (Date.now() > deadline || serve.child.exitCode !== null) throw new Error(`the server did not start: ${serve.output}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('a project that needs more heap than V8 gives by default: serve starts again with --max-old-space-size, answers, and stops on SIGTERM', async () => {
  const project = createTempProject('blog');
  try {
    const limitMb = defaultLimitMb();
    const allowedMb = Math.floor((os.totalmem() / 2 ** 20) * MACHINE_SHARE);
    const needMb = Math.ceil(limitMb / HEADROOM) + 100;
    assert.ok(needMb <= allowedMb, `this machine (${allowedMb} MB for heaps) is too small for the test's ${needMb} MB`);
    const serve = startServe(project.dir, { [ENV]: perTenThousandFor(needMb, countContent(project.dir)) });
    const url = await waitForReady(serve);
    const flag = /starting again with --max-old-space-size=(\d+)/.exec(serve.output);
    assert.ok(flag, serve.output);
    assert.is(serve.output.split('starting again').length, 2, 'the relaunched server counted and relaunched again');
    const asked = Number(flag[1]);
    assert.ok(asked > limitMb, `asked ${asked} MB, no more than the default ${limitMb} MB`);
    assert.match(serve.output, `more than V8's default limit of ${limitMb} MB here`);
    const ready = /heap limit (\d+) MB/.exec(serve.output);
    assert.ok(ready, serve.output);
    assert.ok(Number(ready[1]) >= asked, `the server runs with ${ready[1]} MB, not the ${asked} MB asked`);
    const health = await fetch(`${url}/_health`);
    assert.is(health.status, 204);
    const list = await fetch(`${url}/api/articles`);
    assert.is(list.status, 200);
    serve.child.kill('SIGTERM');
    assert.is(await serve.exited, 0, serve.output);
  } finally {
    project.cleanup();
  }
});

test('a project larger than the machine can hold: serve, check and export stop before loading, saying what to set', () => {
  const project = createTempProject('blog');
  try {
    const machineMb = Math.floor(os.totalmem() / 2 ** 20);
    const extra = { [ENV]: perTenThousandFor(machineMb * 2, countContent(project.dir)) };
    for (const args of [['serve', '--port', '0', '--host', '127.0.0.1', '--no-watch'], ['check'], ['export', '--out', path.join(project.dir, 'out')]]) {
      const result = spawnSync(process.execPath, [CLI, ...args, '--dir', project.dir], { encoding: 'utf8', env: env(extra), timeout: 60_000 });
      assert.is(result.status, 1, `${args[0]}: ${result.stdout}${result.stderr}`);
      assert.match(result.stderr, /content files need about [\d,]+ MB of heap/);
      assert.match(result.stderr, `more than this machine can give`);
      assert.match(result.stderr, /set NODE_OPTIONS=--max-old-space-size=\d+ \(what it needs, with room for answers\) to try anyway/);
      assert.not.match(result.stdout, 'cms serving');
      assert.not.ok(fs.existsSync(path.join(project.dir, 'out')), 'export wrote files');
    }
  } finally {
    project.cleanup();
  }
});

test('a heap limit the user set is kept: a warning names it when the estimate is above it, and serve starts without a relaunch', async () => {
  const project = createTempProject('blog');
  try {
    const serve = startServe(project.dir, { NODE_OPTIONS: '--max-old-space-size=200', [ENV]: perTenThousandFor(600, countContent(project.dir)) });
    await waitForReady(serve);
    assert.match(
      serve.output,
      /warning: \d+ content files need about 600 MB of heap .*, more than this process's heap limit of \d+ MB \(from the --max-old-space-size set\)/,
    );
    assert.not.match(serve.output, 'starting again');
    const limit = Number(/heap limit (\d+) MB/.exec(serve.output)?.[1]);
    assert.ok(limit < 600, `the server runs with ${limit} MB, not the 200 MB set`);
    serve.child.kill('SIGTERM');
    assert.is(await serve.exited, 0, serve.output);
  } finally {
    project.cleanup();
  }
});

test('a bad CMS_HEAP_MB_PER_10K is a usage error naming it', () => {
  const project = createTempProject('blog');
  try {
    const result = spawnSync(process.execPath, [CLI, 'check', '--dir', project.dir], { encoding: 'utf8', env: env({ [ENV]: 'lots' }) });
    assert.is(result.status, 2, result.stderr);
    assert.match(result.stderr, 'CMS_HEAP_MB_PER_10K: expected a positive number of MB, got lots');
  } finally {
    project.cleanup();
  }
});

test.run();
