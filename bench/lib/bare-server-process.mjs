// Starts bench/lib/bare-koa-server.mjs as a child serving `body`; stop() ends it by its pid.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST } from './server-process.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-koa-server.mjs');

/** `busyMicros`: busy work per request before it answers (bench/ceiling-cost.mjs). */
export async function startBareServer(body, busyMicros = 0) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-bench-bare-'));
  const bodyFile = path.join(dir, 'body.json');
  fs.writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [SCRIPT, bodyFile, HOST, String(busyMicros)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://${HOST}:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
