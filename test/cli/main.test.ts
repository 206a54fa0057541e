import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

const MAIN = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');

interface Run {
  readonly child: ChildProcess;
  stdout: string;
  stderr: string;
  /** Resolves with the exit code (the process is killed by pid if it outlives `timeoutMs`). */
  readonly exited: Promise<number | null>;
}

function runCli(args: string[], timeoutMs = 10_000): Run {
  const env = { ...process.env };
  delete env['PORT'];
  delete env['HOST'];
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = {
    child,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    }),
  };
  child.stdout!.on('data', (chunk) => (run.stdout += chunk));
  child.stderr!.on('data', (chunk) => (run.stderr += chunk));
  return run;
}

/** Waits until the process has written something matching `pattern` to stdout, or has exited. */
async function waitForOutput(run: Run, pattern: RegExp): Promise<RegExpExecArray | null> {
  for (;;) {
    const match = pattern.exec(run.stdout);
    if (match || run.child.exitCode !== null) return match;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('--help lists the serve command', async () => {
  const run = runCli(['--help']);
  assert.is(await run.exited, 0);
  assert.match(run.stdout, /Usage: cms/);
  assert.match(run.stdout, /serve/);
});

test('serve --help lists its options', async () => {
  const run = runCli(['serve', '--help']);
  assert.is(await run.exited, 0);
  for (const option of ['--dir', '--port', '--host', '--no-watch']) assert.match(run.stdout, new RegExp(option));
});

test('serve with a missing folder exits 1 naming the folder', async () => {
  const project = createTempProject();
  project.cleanup();
  const run = runCli(['serve', '--dir', project.dir, '--port', '0']);
  assert.is(await run.exited, 1);
  assert.is(run.stderr.trim(), `error: cannot start: project folder not found: ${project.dir}`);
});

test('serve with a bad --port exits 1 saying what a port is', async () => {
  const run = runCli(['serve', '--port', 'abc']);
  assert.is(await run.exited, 1);
  assert.match(run.stderr, /--port <port>' argument 'abc' is invalid\. expected an integer from 0 to 65535/);
});

test('serve with a broken schema exits 1 naming the file and line', async () => {
  const project = createTempProject('kitchen-sink');
  project.write('schemas/settings.json', '{\n  "kind": "singleType",\n  "info": ,\n}\n');
  try {
    const run = runCli(['serve', '--dir', project.dir, '--port', '0', '--host', '127.0.0.1']);
    assert.is(await run.exited, 1);
    assert.match(run.stderr.trim(), /^error: cannot start: schemas\/settings\.json:3:11: invalid JSON: Unexpected token ','$/);
  } finally {
    project.cleanup();
  }
});

test('serve on a port in use exits 1 with a clear message', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as net.AddressInfo).port;
  const project = createTempProject('kitchen-sink');
  try {
    const run = runCli(['serve', '--dir', project.dir, '--port', String(port), '--host', '127.0.0.1', '--no-watch']);
    assert.is(await run.exited, 1);
    assert.is(run.stderr.trim(), `error: cannot start: port ${port} is already in use on 127.0.0.1: stop the other server or pass --port`);
  } finally {
    blocker.close();
    project.cleanup();
  }
});

test('serve starts, answers, reports bad files, and exits 0 on SIGTERM', async () => {
  const project = createTempProject('kitchen-sink');
  project.write('content/things/broken.json', '{ "title": ');
  const run = runCli(['serve', '--dir', project.dir, '--port', '0', '--host', '127.0.0.1']);
  try {
    const ready = await waitForOutput(run, /at (http:\/\/127\.0\.0\.1:\d+)\/api \(ready in \d+ ms, heap limit \d+ MB, 1 file with problems above\)/);
    assert.ok(ready, `not started: ${run.stdout} ${run.stderr}`);
    // The heap is measured after the ready line, once the start's work after listening is done.
    assert.ok(await waitForOutput(run, /\nheap \d+ MB after a full collection\n/), `no heap line: ${run.stdout}`);
    assert.match(run.stdout, /cms serving 4 documents of 2 content types and 1 media files/);
    assert.match(run.stderr, /warning: content\/things\/broken\.json:1:\d+: invalid JSON: .* \(skipped\)/);
    const health = await fetch(`${ready[1]}/_health`);
    assert.is(health.status, 204);
    const list = await fetch(`${ready[1]}/api/things`);
    assert.is(list.status, 200);
    assert.is(((await list.json()) as { data: unknown[] }).data.length, 3);
    run.child.kill('SIGTERM');
    assert.is(await run.exited, 0);
  } finally {
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
    await run.exited;
    project.cleanup();
  }
});

test.run();
