import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

// `cms serve` gets SIGTERM while files change under it (hand edits, new and removed files and
// folders, API writes in flight), many times: the process always ends within 5 s, and every write
// it acknowledged is on disk and readable. Some rounds delete the whole project folder meanwhile,
// which once left the process running.

const ROUNDS = 12;
/** The bound the process must stop within; a process still running then is killed and the round fails. */
const STOP_LIMIT_MS = 5_000;
const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');

interface Server {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output: string;
}

function startServe(dir: string): Server {
  const child = spawn(process.execPath, [CLI, 'serve', '--dir', dir, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const server: Server = { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))), output: '' };
  child.stdout!.on('data', (chunk) => (server.output += chunk));
  child.stderr!.on('data', (chunk) => (server.output += chunk));
  return server;
}

async function waitForUrl(server: Server): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(server.output)?.[0];
    if (url !== undefined) return url;
    if (Date.now() > deadline || server.child.exitCode !== null) throw new Error(`the server did not start: ${server.output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Hand edits as fast as the disk takes them: files written, rewritten and removed, a folder made and dropped. */
async function churnFiles(dir: string, round: number, until: () => boolean): Promise<void> {
  for (let n = 0; !until(); n++) {
    const file = path.join(dir, 'content', 'articles', `burst-${round}-${n % 7}.json`);
    try {
      if (n % 3 === 2) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, `${JSON.stringify({ title: `burst ${round} ${n}`, views: n }, null, 2)}\n`);
      if (n % 10 === 0) fs.mkdirSync(path.join(dir, 'content', `scratch-${n % 3}`), { recursive: true });
      if (n % 10 === 5) fs.rmSync(path.join(dir, 'content', `scratch-${(n + 1) % 3}`), { recursive: true, force: true });
    } catch {
      // The folder may be gone (the rounds that delete the project).
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test(`SIGTERM during bursts of file changes: ${ROUNDS} stops, each within ${STOP_LIMIT_MS / 1000} s, no acknowledged write lost`, async () => {
  const problems: string[] = [];
  let acknowledgedTotal = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const project = createTempProject('blog');
    const deleteProject = round % 3 === 0;
    const server = startServe(project.dir);
    let stopping = false;
    const work: Promise<void>[] = [];
    try {
      const url = await waitForUrl(server);
      const acknowledged = new Map<string, string>();
      const writer = async (client: number): Promise<void> => {
        for (let n = 0; !stopping; n++) {
          const title = `round ${round} client ${client} write ${n}`;
          try {
            const response = await fetch(`${url}/api/articles`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ data: { title } }),
            });
            if (response.status === 201) acknowledged.set(((await response.json()) as { data: { documentId: string } }).data.documentId, title);
          } catch {
            // Cut by the stop: not acknowledged.
          }
        }
      };
      work.push(
        churnFiles(project.dir, round, () => stopping),
        writer(0),
        writer(1),
      );
      // Let the burst run a little, then stop the server in the middle of it.
      await new Promise((resolve) => setTimeout(resolve, 150 + ((round * 37) % 200)));
      // The folder vanishes at once (a rename), then goes: writers keep adding files to it meanwhile.
      if (deleteProject) fs.renameSync(path.join(project.dir, 'content'), path.join(project.dir, '.deleted-content'));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      const code = await Promise.race([server.exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_LIMIT_MS))]);
      stopping = true;
      await Promise.all(work);
      if (code === 'late') problems.push(`round ${round}: still running ${STOP_LIMIT_MS} ms after SIGTERM: ${server.output}`);
      else if (code !== 0) problems.push(`round ${round}: exited with ${code} after ${Date.now() - signalled} ms: ${server.output}`);
      if (!deleteProject) {
        for (const [documentId, title] of acknowledged) {
          const file = path.join(project.dir, 'content', 'articles', `${documentId}.json`);
          try {
            const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { title?: unknown };
            if (stored.title !== title)
              problems.push(`round ${round}: ${documentId} holds ${JSON.stringify(stored.title)}, acknowledged ${JSON.stringify(title)}`);
          } catch (error) {
            problems.push(`round ${round}: acknowledged ${documentId} is not readable on disk: ${(error as Error).message}`);
          }
        }
        acknowledgedTotal += acknowledged.size;
      }
    } finally {
      stopping = true;
      await Promise.all(work);
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
      project.cleanup();
    }
  }
  assert.equal(problems, []);
  assert.ok(acknowledgedTotal > 0, 'the servers acknowledged writes before they were stopped');
});

test.run();
