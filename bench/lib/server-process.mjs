// Runs `cms serve` as a child process, the way a user does, and waits for /_health.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { distFile } from './dist-path.mjs';

export const HOST = '127.0.0.1';

/** A free TCP port on the loopback interface (bound then released). */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One GET to /_health; resolves to the status, or 0 when nothing listens yet. */
export function probeHealth(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: HOST, port, path: '/_health', agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => resolve(0));
  });
}

const noCacheFlag = new Map();

/** Whether a build's `cms serve` has `--no-cache`. */
function acceptsNoCache(main) {
  let accepts = noCacheFlag.get(main);
  if (accepts === undefined) {
    accepts = spawnSync(process.execPath, [main, 'serve', '--help'], { encoding: 'utf8' }).stdout.includes('--no-cache');
    noCacheFlag.set(main, accepts);
  }
  return accepts;
}

/**
 * Spawns `node dist/cli/main.js serve` on `dir` and resolves once /_health answers 204, with the
 * milliseconds from spawn to that answer. `stop()` ends the child by its pid. `cache: false` passes
 * `--no-cache` (every file read, no index cache written while a load test runs).
 */
export async function startServerProcess(dir, { watch = false, cache = true, nodeArgs = [], timeoutMs = 120_000, main = distFile('cli/main.js') } = {}) {
  const port = await findFreePort();
  const args = [...nodeArgs, main, 'serve', '--dir', dir, '--port', String(port), '--host', HOST];
  if (!watch) args.push('--no-watch');
  // Builds from before the index cache read every file anyway, and do not know the flag.
  if (!cache && acceptsNoCache(main)) args.push('--no-cache');
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  for (;;) {
    if (exited) throw new Error(`cms serve exited before it was ready:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`cms serve not ready after ${timeoutMs} ms:\n${output}`);
    }
    const status = await probeHealth(port);
    if (status === 204) break;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const readyMs = performance.now() - started;
  return {
    port,
    pid: child.pid,
    url: `http://${HOST}:${port}`,
    readyMs,
    output: () => output,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      const timer = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, 5_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
