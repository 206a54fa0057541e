// Every shell example of the README, run as typed against a copy of the sample site, with
// `npx cms` resolving to this build. Where one cannot run here, SKIPPED says why; a skip that no
// longer matches a README line fails, so the list stays true.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

/** README lines not run, and why. */
const SKIPPED: Readonly<Record<string, string>> = {
  'npm install && npm start     # serves the sample site on http://localhost:1337/api':
    'installs packages and starts a server that runs until stopped: this test starts the same server on a free port for the curl examples',
  'npm install && npm test      # builds and runs the test suite (ends with "N passed, N failed")': 'runs the suite this test is part of',
  'npx cms serve --dir my-site           # http://localhost:1337/api': 'runs until stopped; the line before checks the same project',
  'npm run build && node bench/generate.mjs --count 100000 && node bench/generate.mjs --count 10000': 'benchmarks: minutes of work and gigabytes of data',
  'node bench/cold-start.mjs && node bench/watch.mjs && node bench/query.mjs && node bench/populate.mjs': 'benchmarks, as above',
  'node bench/export.mjs && node bench/writes.mjs && node bench/after-edit.mjs': 'benchmarks, as above',
  'curl -H "Authorization: Bearer $STRAPI_TOKEN" \\': 'reads from a running Strapi server',
  "  'http://localhost:1337/api/articles?pagination[pageSize]=100&status=published' -g > articles.json": 'the second line of the Strapi example above',
  'npx cms openapi --out openapi.json && npx openapi-typescript openapi.json -o api.d.ts':
    'needs openapi-typescript installed beside the project; test/openapi generates and type-checks a client the same way',
  'npx cms admin create --email you@example.com            # Super Admin': 'asks for a password at a terminal; test/admin runs cms admin create',
  'npx cms admin create --email writer@example.com --role author': 'as above',
};

/** A block that builds or runs a benchmark (it names bench/): minutes of work, and it rebuilds dist/ under the running tests. */
function isBenchmarkBlock(example: Example): boolean {
  return example.lines.some((line) => line.includes('bench/'));
}

interface Example {
  readonly line: number;
  readonly lines: string[];
}

/** The ```bash and ```sh blocks of the README. */
function readExamples(): Example[] {
  const lines = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8').split('\n');
  const examples: Example[] = [];
  let current: Example | undefined;
  lines.forEach((text, i) => {
    if (current === undefined && /^\s*```(bash|sh)\s*$/.test(text)) current = { line: i + 1, lines: [] };
    else if (current !== undefined && /^\s*```\s*$/.test(text)) {
      examples.push(current);
      current = undefined;
    } else current?.lines.push(text);
  });
  return examples;
}

const examples = readExamples();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-readme-'));
let server: TestServer;

test.before(async () => {
  server = await startTestServer('blog', {
    prepare: (project) => {
      // The sample site itself, not the test fixture, is what the README's examples read.
      for (const name of fs.readdirSync(project.dir)) project.remove(name);
      for (const name of ['schemas', 'content', 'uploads', 'cms.config.json']) {
        fs.cpSync(path.join(REPO_ROOT, name), path.join(project.dir, name), { recursive: true });
      }
      // `npx cms` in the project finds this build, as it finds an installed cms.
      fs.mkdirSync(path.join(project.dir, 'node_modules', '.bin'), { recursive: true });
      fs.symlinkSync(REPO_ROOT, path.join(project.dir, 'node_modules', 'cms'));
      fs.symlinkSync('../cms/dist/cli/main.js', path.join(project.dir, 'node_modules', '.bin', 'cms'));
    },
  });
});
test.after(async () => {
  await server.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test('every skipped line is still in the README', () => {
  const all = new Set(examples.flatMap((example) => example.lines));
  for (const line of Object.keys(SKIPPED)) assert.ok(all.has(line), `SKIPPED lists a line the README no longer has: ${line}`);
});

for (const example of examples) {
  if (isBenchmarkBlock(example)) continue;
  const run = example.lines.filter((line) => SKIPPED[line] === undefined);
  if (run.every((line) => line.trim() === '' || line.trim().startsWith('#'))) continue;
  test(`README line ${example.line}: ${run[0]!.trim().slice(0, 70)}`, async () => {
    const { port } = new URL(server.url);
    const script = ['set -euo pipefail', ...run].join('\n').replaceAll('localhost:1337', `127.0.0.1:${port}`);
    const env: NodeJS.ProcessEnv = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false', CI: 'true' };
    delete env['API_TOKEN_SALT'];
    delete env['CMS_API_TOKENS'];
    // Asynchronous: the server answering the curl examples runs in this process.
    const result = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile('bash', ['-c', script], { cwd: server.project.dir, env, encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) =>
        resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr }),
      );
    });
    assert.is(result.status, 0, `README line ${example.line} failed:\n${script}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
    for (const line of run) {
      if (line.startsWith('curl ')) assert.match(result.stdout, /"data":/, `${line} answered data`);
    }
  });
}

test.run();
