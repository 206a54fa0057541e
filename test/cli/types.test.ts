import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');
const TSC = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsc');

function run(command: string, args: string[], cwd = REPO_ROOT): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A front end typed with the generated file; the @ts-expect-error lines fail the compile if the types get looser. */
const CLIENT = `import type { Article, Author, CollectionTypes, Homepage, StrapiErrorResponse, StrapiListResponse, StrapiResponse } from './cms-types';

export async function articleTitles(base: string): Promise<string[]> {
  const response = await fetch(\`\${base}/api/articles?populate=author,cover,blocks\`);
  if (!response.ok) {
    const failure = (await response.json()) as StrapiErrorResponse;
    throw new Error(\`\${failure.error.name}: \${failure.error.message}\`);
  }
  const body = (await response.json()) as StrapiListResponse<Article>;
  const { page, pageCount, total } = body.meta.pagination;
  return body.data.map((article) => {
    const author: string = article.author?.name ?? 'anonymous';
    const cover: string | undefined = article.cover?.url;
    const quotes: string[] = [];
    for (const block of article.blocks ?? []) {
      if (block.__component === 'shared.quote') quotes.push(block.text);
      else if (block.__component === 'shared.slider') quotes.push(String(block.files?.length ?? 0));
    }
    return \`\${page}/\${pageCount} of \${total}: \${article.title} (\${article.format ?? 'essay'}) by \${author} \${cover ?? ''} \${quotes.join()}\`;
  });
}

export async function homepage(base: string): Promise<Homepage> {
  const body = (await (await fetch(\`\${base}/api/homepage?populate=*\`)).json()) as StrapiResponse<Homepage>;
  return body.data;
}

export async function findOne<K extends keyof CollectionTypes>(base: string, name: K, documentId: string): Promise<CollectionTypes[K]> {
  const body = (await (await fetch(\`\${base}/api/\${name}/\${documentId}\`)).json()) as StrapiResponse<CollectionTypes[K]>;
  return body.data;
}

declare const article: Article;
declare const author: Author;
// @ts-expect-error an enumeration is a union of its values
export const format: Article['format'] = 'poem';
// @ts-expect-error ids are numbers
export const id: Article['id'] = 'one';
// @ts-expect-error relations are only there when populated
export const authorName: string = article.author.name;
// @ts-expect-error password and private attributes are never in answers
export const secret = author.apiSecret;
// @ts-expect-error a required attribute is never null in a published answer
export const noTitle: Article = { ...article, title: null };
`;

let project: TempProject;

test.before(() => {
  project = createTempProject();
  for (const name of ['schemas', 'cms.config.json']) fs.cpSync(path.join(REPO_ROOT, name), path.join(project.dir, name), { recursive: true });
});
test.after(() => project.cleanup());

test('the types of the sample site compile with tsc --strict against a typed client', () => {
  const out = path.join(project.dir, 'client', 'cms-types.ts');
  const generated = run(process.execPath, [CLI, 'types', '--dir', project.dir, '--out', out]);
  assert.is(generated.status, 0, generated.stderr);
  assert.is(generated.stdout, `wrote ${out}\n`);
  project.write('client/client.ts', CLIENT);
  // No @types from anywhere: the client sees the DOM's fetch and the generated file only. skipLibCheck
  // skips checking lib.dom.d.ts itself (a second of the test), not the generated .ts file.
  const options = {
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom'],
    types: [],
    skipLibCheck: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
  };
  project.write('client/tsconfig.json', { compilerOptions: options, files: ['client.ts'] });
  const compiled = run(TSC, ['--noEmit', '--strict', '-p', path.join(project.dir, 'client')]);
  assert.is(compiled.status, 0, compiled.stdout + compiled.stderr);
});

test('without --out the types go to stdout, the same every time', () => {
  const first = run(process.execPath, [CLI, 'types', '--dir', project.dir]);
  assert.is(first.status, 0);
  assert.is(first.stdout, project.read('client/cms-types.ts'));
});

test('--json-schema writes one schema per content type and prints the VS Code settings for them', () => {
  const result = run(process.execPath, [CLI, 'types', '--json-schema'], project.dir);
  assert.is(result.status, 0, result.stderr);
  assert.equal(fs.readdirSync(path.join(project.dir, 'json-schema')).sort(), [
    'article.schema.json',
    'author.schema.json',
    'category.schema.json',
    'global.schema.json',
    'homepage.schema.json',
    'tag.schema.json',
  ]);
  const settings = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as { 'json.schemas': { fileMatch: string[]; url: string }[] };
  assert.equal(settings['json.schemas'][0], { fileMatch: ['content/articles/*.json'], url: './json-schema/article.schema.json' });
  assert.equal(JSON.parse(project.read('json-schema/homepage.schema.json'))['title'], 'Homepage (api::homepage.homepage)');
});

test('broken schemas: the error with its file, and exit code 1', () => {
  project.write('schemas/tag.json', '{ "kind": "collectionType", ');
  const result = run(process.execPath, [CLI, 'types', '--dir', project.dir]);
  assert.is(result.status, 1);
  assert.match(result.stderr, /^error: schemas\/tag\.json:1:\d+: invalid JSON/);
});

test.run();
