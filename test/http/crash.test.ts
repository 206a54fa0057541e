import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

// A server process running the CLI's serve command takes concurrent writes and is killed with
// SIGKILL at seeded random moments, 20 times over the same folder. After each kill: every content
// file still parses, no temp file passes for content, and every write answered 2xx is on disk (or
// superseded by the one write of its client still in flight). Each next server starts on what the
// crash left, and must load every file.

const ROUNDS = 20;
const SEED = Number(process.env['CRASH_SEED'] ?? 20261122);
const WRITERS = 3;
/** Articles the draft client cycles through: draft edit, then publish. */
const DRAFT_TARGETS = ['z041qrnkdex5f4439ngy6wuh', 'opniw21e4afikr4ltb3j5uzy'];

/** mulberry32: a small seeded generator, so a failing run can be replayed with CRASH_SEED. */
function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The child imports the CLI's serve command first and starts it when told where: the next server
// warms up while the current round runs, so a round costs the index load, not Node's module loading.
// Port 0: the server picks a free port and prints its URL.
const CHILD = `
// Never outlive the test: a warm child whose parent died sees its stdin end; a running one polls.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && process.exit(1), 250).unref();
process.stdin.once('end', () => process.exit(1));
const { runServe } = await import(process.argv[1]);
process.stdin.once('data', async (line) => {
  process.stdin.destroy();
  process.exit(await runServe({ dir: String(line).trim(), port: 0, host: '127.0.0.1', watch: true }));
});
process.stdout.write('warm\\n');
`;

const WAIT_MS = 30_000;

interface Child {
  readonly process: ChildProcess;
  readonly exited: Promise<void>;
  stdout: string;
  stderr: string;
}

function spawnChild(): Child {
  const serve = pathToFileURL(path.join(REPO_ROOT, 'dist', 'cli', 'serve-command.js')).href;
  const child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, serve], { stdio: ['pipe', 'pipe', 'pipe'] });
  const result: Child = { process: child, exited: new Promise((resolve) => child.once('exit', () => resolve())), stdout: '', stderr: '' };
  child.stdout!.on('data', (chunk) => (result.stdout += chunk));
  child.stderr!.on('data', (chunk) => (result.stderr += chunk));
  return result;
}

/** Polls until `value` gives something, failing when the child exits or the time is up. */
async function waitFor<T>(child: Child, what: string, value: () => T | undefined | Promise<T | undefined>): Promise<T> {
  let exited = false;
  void child.exited.then(() => (exited = true));
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = await value();
    if (found !== undefined) return found;
    if (exited || Date.now() > deadline) throw new Error(`the server child ${exited ? 'exited' : 'timed out'} before ${what}: ${child.stdout} ${child.stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Starts a warmed child on the folder; resolves to its URL once /_health answers. */
async function startChild(child: Child, dir: string): Promise<string> {
  await waitFor(child, 'warming up', () => (child.stdout.startsWith('warm') ? true : undefined));
  child.process.stdin!.end(`${dir}\n`);
  const url = await waitFor(child, 'listening', () => /http:\/\/127\.0\.0\.1:\d+/.exec(child.stdout)?.[0]);
  await waitFor(child, 'answering /_health', async () => {
    try {
      return (await fetch(`${url}/_health`)).status === 204 ? true : undefined;
    } catch {
      return undefined;
    }
  });
  return url;
}

/** What the test knows of one article a writer created: its acknowledged title, and one in flight. */
interface Known {
  acked: string;
  inFlight: string | undefined;
}

interface Figures {
  acknowledged: number;
  sent: number;
  kills: number;
  filesChecked: number;
  /** Temp files of writes cut before their rename (they stay, hidden, across rounds). */
  staleTempFiles: Set<string>;
  problems: string[];
}

test(`${ROUNDS} SIGKILLs during concurrent writes lose no acknowledged write and break no file`, async () => {
  const project = createTempProject('blog');
  const random = createRandom(SEED);
  const figures: Figures = { acknowledged: 0, sent: 0, kills: 0, filesChecked: 0, staleTempFiles: new Set(), problems: [] };
  const known = new Map<string, Known>();
  /** Titles of creates sent but never answered: their files may or may not exist. */
  const unansweredCreates = new Set<string>();
  /** Draft client: per article, whether the last answered write was a publish, and whether one is in flight. */
  const drafts = new Map<string, { publishedLast: boolean; inFlight: boolean }>();
  // Warm children waiting their turn: spawning (Node loading the modules) overlaps the rounds.
  const pool = [spawnChild(), spawnChild(), spawnChild()];
  let child: Child | undefined;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      child = pool.shift()!;
      if (round + pool.length < ROUNDS) pool.push(spawnChild());
      const url = await startChild(child, project.dir);
      await checkServerSeesEveryFile(url, project.dir, figures, round);
      if (/warning/i.test(child.stderr)) figures.problems.push(`round ${round}: the server started with warnings: ${child.stderr}`);

      let killed = false;
      const acknowledgedBefore = figures.acknowledged;
      const send = async (method: string, route: string, data: Record<string, unknown>): Promise<any> => {
        figures.sent++;
        const response = await fetch(url + route, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });
        const body = await response.json();
        if (response.status >= 300) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(body)}`);
        figures.acknowledged++;
        return body;
      };
      const writer = async (client: number): Promise<void> => {
        for (let n = 0; !killed; n++) {
          const title = `r${round}-c${client}-${n}`;
          const own = [...known.entries()].filter(([, k]) => k.acked.includes(`-c${client}-`) || k.inFlight?.includes(`-c${client}-`));
          if (own.length < 2 || random() < 0.4) {
            unansweredCreates.add(title);
            const body = await send('POST', '/api/articles', { title, views: n });
            unansweredCreates.delete(title);
            known.set(body.data.documentId, { acked: title, inFlight: undefined });
          } else {
            const [documentId, state] = own[Math.floor(random() * own.length)]!;
            state.inFlight = title;
            await send('PUT', `/api/articles/${documentId}`, { title, views: n });
            state.acked = title;
            state.inFlight = undefined;
          }
        }
      };
      const drafter = async (): Promise<void> => {
        for (let n = 0; !killed; n++) {
          const documentId = DRAFT_TARGETS[n % DRAFT_TARGETS.length]!;
          const state = drafts.get(documentId) ?? { publishedLast: false, inFlight: false };
          drafts.set(documentId, state);
          const publish = random() < 0.5;
          state.inFlight = true;
          await send('PUT', `/api/articles/${documentId}${publish ? '' : '?status=draft'}`, { summary: `r${round}-d${n}` });
          state.inFlight = false;
          state.publishedLast = publish;
        }
      };
      const clients = [...Array.from({ length: WRITERS }, (_, i) => writer(i)), drafter()].map((client) =>
        client.catch((error: Error) => {
          // A request cut by the kill fails; any other failure is a finding.
          if (!killed) figures.problems.push(`round ${round}: ${error.message}`);
        }),
      );
      // The kill comes at a random moment after the round's first acknowledged write, so a slow
      // machine (a first write that loads the body parser) still has writes to lose.
      await waitFor(child, 'acknowledging a write', () => (figures.acknowledged > acknowledgedBefore ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 200)));
      killed = true;
      child.process.kill('SIGKILL');
      figures.kills++;
      await child.exited;
      await Promise.all(clients);
      checkFiles(project.dir, known, unansweredCreates, drafts, figures, round);
    }
  } finally {
    const left = child ? [child, ...pool] : pool;
    for (const { process } of left) process.kill('SIGKILL');
    await Promise.all(left.map(({ exited }) => exited));
    project.cleanup();
  }
  console.log(
    `crash test (seed ${SEED}): ${figures.kills} kills, ${figures.sent} writes sent, ${figures.acknowledged} acknowledged, ` +
      `${figures.filesChecked} files checked, ${figures.staleTempFiles.size} stale temp files, ${figures.problems.length} problems`,
  );
  assert.equal(figures.problems, []);
  assert.is(figures.kills, ROUNDS);
  assert.ok(figures.acknowledged > 0, 'no write was acknowledged: the test exercised nothing');
});

/** After a kill: every content file parses; every acknowledged write is there. */
function checkFiles(
  dir: string,
  known: Map<string, Known>,
  unansweredCreates: Set<string>,
  drafts: Map<string, { publishedLast: boolean; inFlight: boolean }>,
  figures: Figures,
  round: number,
): void {
  const problem = (message: string): void => {
    figures.problems.push(`round ${round}: ${message}`);
  };
  const articles = path.join(dir, 'content', 'articles');
  const titles = new Map<string, string>();
  for (const folder of ['content', 'content/articles', 'content/authors', 'content/categories']) {
    for (const name of fs.readdirSync(path.join(dir, folder))) {
      const file = path.join(dir, folder, name);
      if (fs.statSync(file).isDirectory()) continue;
      if (name.startsWith('.')) {
        // A write cut before its rename: hidden, so the scanner and watcher skip it.
        if (name.endsWith('.tmp')) figures.staleTempFiles.add(`${folder}/${name}`);
        else problem(`unexpected hidden file ${folder}/${name}`);
        continue;
      }
      if (!name.endsWith('.json')) {
        problem(`unexpected file ${folder}/${name}`);
        continue;
      }
      figures.filesChecked++;
      let data: unknown;
      try {
        data = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (error) {
        problem(`${folder}/${name} does not parse: ${(error as Error).message}`);
        continue;
      }
      if (data === null || typeof data !== 'object' || Array.isArray(data)) problem(`${folder}/${name} is not an object`);
      else if (folder === 'content/articles' && !name.includes('.draft.'))
        titles.set(name.slice(0, -'.json'.length), String((data as { title: unknown }).title));
    }
  }
  for (const [documentId, state] of known) {
    const title = titles.get(documentId);
    if (title === undefined) problem(`acknowledged create ${state.acked} (${documentId}) is not on disk`);
    else if (title !== state.acked && title !== state.inFlight) {
      problem(`${documentId} holds "${title}", expected the acknowledged "${state.acked}"${state.inFlight ? ` or the in-flight "${state.inFlight}"` : ''}`);
    }
    // The next round starts from what the disk holds.
    if (title !== undefined) state.acked = title;
    state.inFlight = undefined;
  }
  for (const [documentId, title] of titles) {
    if (known.has(documentId) || !/^r\d+-c\d+-\d+$/.test(title)) continue;
    // A create cut before its answer may have reached the disk: adopt it.
    if (unansweredCreates.has(title)) {
      unansweredCreates.delete(title);
      known.set(documentId, { acked: title, inFlight: undefined });
    } else {
      problem(`${documentId} holds "${title}", which no create sent`);
    }
  }
  unansweredCreates.clear();
  for (const [documentId, state] of drafts) {
    if (state.publishedLast && !state.inFlight && fs.existsSync(path.join(articles, `${documentId}.draft.json`))) {
      problem(`${documentId} was published last, yet its .draft.json is still there`);
    }
    // A write cut by the kill may or may not have landed: learn the state again from the next answer.
    if (state.inFlight) drafts.delete(documentId);
  }
}

/** A restarted server loads every article file the crash left: none is rejected. */
async function checkServerSeesEveryFile(url: string, dir: string, figures: Figures, round: number): Promise<void> {
  const names = fs.readdirSync(path.join(dir, 'content', 'articles')).filter((name) => !name.startsWith('.') && !name.includes('.draft.'));
  const response = await fetch(`${url}/api/articles?status=draft&pagination[pageSize]=1&fields[0]=title`);
  const total = ((await response.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
  if (total !== names.length) figures.problems.push(`round ${round}: the restarted server sees ${total} articles, the folder holds ${names.length}`);
}

test.run();
