// `cms serve` in a child process, for measures that must survive a server that dies while loading
// (out of memory at a million documents): resolves either way, never hangs.
import { spawn, spawnSync } from 'node:child_process';
import { distFile } from './dist-path.mjs';
import { HOST, findFreePort, probeHealth } from './server-process.mjs';

/** Whether `cms serve --help` lists `flag` (e.g. `--no-cache`, which not every build has). */
export function serveAccepts(flag) {
  const help = spawnSync(process.execPath, [distFile('cli/main.js'), 'serve', '--help'], { encoding: 'utf8' });
  return help.stdout.includes(flag);
}

/**
 * Spawns `node dist/cli/main.js serve --no-watch` on `dir` (plus `args`; `watch` leaves out `--no-watch`) and resolves once /_health
 * answers 204: `{ ok: true, readyMs, url, pid, output(), waitFor(pattern), stop() }`; or, when the process ends first
 * or is not ready within `timeoutMs` (then killed): `{ ok: false, code, signal, ms, output() }`.
 * `cli` runs another build's cli/main.js (an A/B run).
 */
export async function serveUntilReady(
  dir,
  { args = [], nodeArgs = [], env = process.env, timeoutMs = 30 * 60_000, cli = distFile('cli/main.js'), watch = false } = {},
) {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...nodeArgs, cli, 'serve', '--dir', dir, '--port', String(port), '--host', HOST, ...(watch ? [] : ['--no-watch']), ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let ended;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      ended = { code, signal, ms: performance.now() - started };
      resolve(ended);
    }),
  );
  for (;;) {
    if (ended) return { ok: false, ...ended, output: () => output };
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      await exit;
      return { ok: false, code: null, signal: 'timeout', ms: timeoutMs, output: () => output };
    }
    if ((await probeHealth(port)) === 204) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const readyMs = performance.now() - started;
  return {
    ok: true,
    readyMs,
    pid: child.pid,
    url: `http://${HOST}:${port}`,
    output: () => output,
    /** Waits until the output matches `pattern` (true), the server ends or `timeoutMs` passes (false). */
    async waitFor(pattern, timeoutMs = 5 * 60_000) {
      const until = performance.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (ended || performance.now() > until) return false;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return true;
    },
    /** SIGTERM, then SIGKILL after `killAfterMs`; resolves to the ms the process took to end. */
    async stop(killAfterMs = 10_000) {
      const asked = performance.now();
      if (!ended) child.kill('SIGTERM');
      const timer = setTimeout(() => ended || child.kill('SIGKILL'), killAfterMs);
      await exit;
      clearTimeout(timer);
      return performance.now() - asked;
    },
  };
}

/** The server's heap figures: `heap N MB, M MB per 10,000 documents` (printed after the ready line) and the limit, when printed. */
export function readHeapLine(output) {
  const match = /heap (\d+) MB(?:, ([\d.]+) MB per 10,000 documents)?/.exec(output);
  if (!match) return undefined;
  const limit = /heap limit (\d+) MB/.exec(output);
  return { heapMb: Number(match[1]), per10k: match[2] === undefined ? undefined : Number(match[2]), limitMb: limit ? Number(limit[1]) : undefined };
}

/**
 * How a server that died out of memory ended: V8's fatal line and the last garbage collection it
 * printed, e.g. `Mark-Compact 4042.1 (4130.5) -> 4030.2 (4131.0) MB`; undefined when neither is there.
 */
export function readLastGc(output) {
  const collections = [...output.matchAll(/(?:Mark-Compact(?: \(reduce\))?|Scavenge|Mark-Sweep) [\d.]+ \([\d.]+\) -> [\d.]+ \([\d.]+\) MB/g)];
  const fatal = /FATAL ERROR: [^\n]*/.exec(output)?.[0];
  const last = collections.at(-1)?.[0];
  if (fatal === undefined && last === undefined) return undefined;
  return [last && `last collection ${last}`, fatal].filter(Boolean).join('; ');
}
