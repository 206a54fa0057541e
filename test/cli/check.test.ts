import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

const CLI = path.join(REPO_ROOT, 'dist', 'cli', 'main.js');

function runCli(args: string[], cwd = REPO_ROOT): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Expected {
  readonly name: string;
  readonly file: string;
  readonly line: number | null;
  readonly column: number | null;
  readonly rule: string;
  /** A RegExp where the wording comes from V8 (JSON.parse messages). */
  readonly message: string | RegExp;
}

/** One file of test/fixtures/check-mistakes per kind of mistake, and what `cms check` says about it. */
const MISTAKES: Expected[] = [
  {
    name: 'a file name that is not a valid documentId',
    file: 'content/articles/Bad_Name.json',
    line: null,
    column: null,
    rule: 'file-name',
    message: 'invalid documentId "Bad_Name": use 1-64 characters a-z, 0-9, "-" or "_", starting with a letter or digit',
  },
  {
    name: 'an email that is not valid (publish rule)',
    file: 'content/articles/bad-email.json',
    line: 3,
    column: 3,
    rule: 'validation',
    message: 'contact must be a valid email',
  },
  {
    name: 'a value outside an enumeration',
    file: 'content/articles/bad-enum.json',
    line: 3,
    column: 3,
    rule: 'shape',
    message: 'format: expected one of essay, news, got "poem"',
  },
  {
    name: 'a .md and a .json for the same document',
    file: 'content/articles/both.md',
    line: null,
    column: null,
    rule: 'duplicate-file',
    message: 'content/articles/both.json holds the same document version: keep one of the two',
  },
  {
    name: 'a min rule in Markdown front matter',
    file: 'content/articles/both.md',
    line: 3,
    column: 1,
    rule: 'validation',
    message: 'views must be greater than or equal to 0',
  },
  { name: 'a JSON syntax error', file: 'content/articles/broken-json.json', line: 3, column: 14, rule: 'syntax', message: /^invalid JSON: / },
  {
    name: 'a leftover merge conflict',
    file: 'content/articles/conflict.json',
    line: 3,
    column: 1,
    rule: 'merge-conflict',
    message: 'unresolved git merge conflict',
  },
  {
    name: 'a relation to a document that does not exist',
    file: 'content/articles/dangling.json',
    line: 3,
    column: 3,
    rule: 'dangling-relation',
    message: 'author: relation to authors/nobody, which does not exist',
  },
  {
    name: 'a dangling relation inside a dynamic zone',
    file: 'content/articles/dangling.json',
    line: 8,
    column: 7,
    rule: 'dangling-relation',
    message: 'blocks.0.author: relation to authors/ghost, which does not exist',
  },
  {
    name: 'a uid used twice',
    file: 'content/articles/dup-slug-b.json',
    line: 3,
    column: 3,
    rule: 'unique',
    message: 'slug: This attribute must be unique ("same" is also used by content/articles/dup-slug-a.json)',
  },
  {
    name: 'the default locale as a suffix',
    file: 'content/articles/english.en.json',
    line: null,
    column: null,
    rule: 'locale',
    message: '"en" is the default locale, whose files have no locale suffix: rename it to english.json',
  },
  {
    name: 'a locale that is not configured',
    file: 'content/articles/german.de.json',
    line: null,
    column: null,
    rule: 'locale',
    message: 'locale "de" is not configured: add it to i18n.locales in cms.config.json (the file is not read)',
  },
  {
    name: 'a draft file without its main file',
    file: 'content/articles/lone.draft.json',
    line: null,
    column: null,
    rule: 'draft',
    message:
      'a .draft file holds the unpublished changes of a published document, but lone.json does not exist: rename it to lone.json (with publishedAt null) to keep a draft-only document',
  },
  {
    name: 'a media path leaving uploads/',
    file: 'content/articles/media-outside.json',
    line: 3,
    column: 3,
    rule: 'missing-media',
    message: 'cover: "../secret.png" is not a path inside uploads/',
  },
  {
    name: 'a media file that does not exist',
    file: 'content/articles/missing-media.json',
    line: 3,
    column: 3,
    rule: 'missing-media',
    message: 'cover: media file uploads/missing.png not found',
  },
  {
    name: 'a required attribute missing from a published document',
    file: 'content/articles/missing-title.json',
    line: null,
    column: null,
    rule: 'validation',
    message: 'title must be a `string` type, but the final value was: `null`.',
  },
  {
    name: 'a required attribute of a component in a dynamic zone',
    file: 'content/articles/nested-required.json',
    line: 13,
    column: 7,
    rule: 'validation',
    message: 'blocks[1].text must be defined.',
  },
  {
    name: 'a file that is not a content file',
    file: 'content/articles/notes.txt',
    line: null,
    column: null,
    rule: 'file-name',
    message: 'not a content file, so it is not read: content files end in .json or .md',
  },
  {
    name: 'a draft file with publishedAt set',
    file: 'content/articles/pubdraft.draft.json',
    line: 5,
    column: 3,
    rule: 'draft',
    message: 'publishedAt: a .draft file holds unpublished changes, so its publishedAt must be null',
  },
  {
    name: 'two documents deriving the same id',
    file: 'content/articles/same-ms-a.json',
    line: 3,
    column: 3,
    rule: 'duplicate-id',
    message:
      'derives the same id (1768726800000071) as content/articles/same-ms-553.json, created in the same millisecond: which of the two gets it would depend on load order; change createdAt by a millisecond',
  },
  { name: 'a minLength rule', file: 'content/articles/too-short.json', line: 2, column: 3, rule: 'validation', message: 'title must be at least 3 characters' },
  {
    name: 'an attribute the schema does not have',
    file: 'content/articles/unknown-key.json',
    line: 3,
    column: 3,
    rule: 'unknown-attribute',
    message: 'subtitle: unknown attribute "subtitle"',
  },
  {
    name: 'a draft file beside an unpublished main file',
    file: 'content/articles/unpublished.draft.json',
    line: null,
    column: null,
    rule: 'draft',
    message:
      'content/articles/unpublished.json is not published (publishedAt is null), so it is the draft already: keep one draft, in content/articles/unpublished.json, and delete this file',
  },
  {
    name: 'a localized relation to a document missing in that locale',
    file: 'content/articles/wrong-locale-link.fr.json',
    line: 4,
    column: 5,
    rule: 'dangling-relation',
    message: 'related.0: relation to articles/also-good, which has no "fr" version',
  },
  {
    name: 'a value of the wrong kind',
    file: 'content/articles/wrong-shape.json',
    line: 3,
    column: 3,
    rule: 'shape',
    message: 'views: expected an integer, got "many"',
  },
  {
    name: 'a draft file of a type without Draft & Publish',
    file: 'content/authors/ada.draft.json',
    line: null,
    column: null,
    rule: 'draft',
    message: 'author has no Draft & Publish (options.draftAndPublish), so it keeps no .draft files: merge it into ada.json',
  },
  {
    name: 'a locale suffix on a type that is not localized',
    file: 'content/authors/ada.fr.json',
    line: null,
    column: null,
    rule: 'locale',
    message: 'author is not localized (pluginOptions.i18n.localized), so a locale suffix is not allowed: the file is not read',
  },
  {
    name: 'a unique email used twice',
    file: 'content/authors/same-email.json',
    line: 3,
    column: 3,
    rule: 'unique',
    message: 'email: This attribute must be unique ("ada@example.com" is also used by content/authors/ada.json)',
  },
  {
    name: 'a relation stored on its derived side',
    file: 'content/authors/stores-derived.json',
    line: 3,
    column: 3,
    rule: 'derived-relation',
    message: 'articles: "articles" is the derived side of api::article.article.author: store the relation there',
  },
  {
    name: 'a folder that is no content type',
    file: 'content/widgets/w1.json',
    line: null,
    column: null,
    rule: 'file-name',
    message: 'no collection type with pluralName "widgets" in schemas/',
  },
  { name: 'a sidecar that is not valid JSON', file: 'uploads/broken.png.meta.json', line: 3, column: 1, rule: 'syntax', message: /^invalid JSON: / },
  {
    name: 'a sidecar without its media file',
    file: 'uploads/orphan.png.meta.json',
    line: null,
    column: null,
    rule: 'sidecar',
    message: 'no media file uploads/orphan.png beside this sidecar: rename or delete it',
  },
];

interface JsonProblem {
  file: string;
  line: number | null;
  column: number | null;
  rule: string;
  message: string;
}

let project: TempProject;
let json: { status: number | null; report: { ok: boolean; checked: Record<string, number>; problems: JsonProblem[] } };

test.before(() => {
  project = createTempProject('check-mistakes');
  const result = runCli(['check', '--dir', project.dir, '--format', 'json']);
  json = { status: result.status, report: JSON.parse(result.stdout) };
});
test.after(() => project.cleanup());

const matches = (problem: JsonProblem, expected: Expected): boolean =>
  problem.file === expected.file &&
  problem.rule === expected.rule &&
  (typeof expected.message === 'string' ? problem.message === expected.message : expected.message.test(problem.message));

test('a project with mistakes exits with 1 and lists exactly the expected problems, in file order', () => {
  assert.is(json.status, 1);
  assert.is(json.report.ok, false);
  assert.equal(json.report.checked, { schemas: 4, documents: 32, media: 2 });
  const unexpected = json.report.problems.filter((problem) => !MISTAKES.some((expected) => matches(problem, expected)));
  assert.equal(unexpected, [], 'no problem beyond the expected ones');
  assert.is(json.report.problems.length, MISTAKES.length);
  assert.equal(
    json.report.problems.map((p) => p.file),
    MISTAKES.map((m) => m.file),
  );
});

for (const expected of MISTAKES) {
  test(`reports ${expected.name} with its file, line and column`, () => {
    const problem = json.report.problems.find((p) => matches(p, expected));
    assert.ok(problem, `${expected.file}: ${String(expected.message)}`);
    assert.is(problem.line, expected.line);
    assert.is(problem.column, expected.column);
  });
}

test('documents without mistakes have no problems: drafts are held to the draft rules only', () => {
  const files = new Set(json.report.problems.map((p) => p.file));
  for (const clean of [
    'content/articles/good.json',
    'content/articles/good.fr.json',
    'content/articles/also-good.json',
    'content/articles/draft-rules.json',
    'content/authors/ada.json',
  ]) {
    assert.not.ok(files.has(clean), clean);
  }
});

test('--dir from another folder prints paths relative to the project, as the project names its files', () => {
  const result = runCli(['check', '--dir', project.dir], os.tmpdir());
  assert.is(result.status, 1);
  assert.match(result.stdout, /^content\/articles\/too-short\.json:2:3: title must be at least 3 characters$/m);
  assert.not.match(result.stdout, new RegExp(project.dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
});

test('--format github prints an annotation per problem, paths relative to the folder it runs in', () => {
  const result = runCli(['check', '--format', 'github'], project.dir);
  assert.is(result.status, 1);
  const lines = result.stdout.trimEnd().split('\n');
  assert.is(lines.filter((line) => line.startsWith('::error ')).length, MISTAKES.length);
  assert.ok(
    lines.includes('::error file=content/articles/too-short.json,line=2,col=3,title=cms check (validation)::title must be at least 3 characters'),
    result.stdout,
  );
  assert.ok(
    lines.includes(
      '::error file=content/articles/notes.txt,title=cms check (file-name)::not a content file, so it is not read: content files end in .json or .md',
    ),
  );
});

test('the sample site of the repository is clean: exit code 0', () => {
  const sample = createTempProject();
  try {
    for (const name of ['schemas', 'content', 'uploads', 'cms.config.json'])
      fs.cpSync(path.join(REPO_ROOT, name), path.join(sample.dir, name), { recursive: true });
    const result = runCli(['check', '--dir', sample.dir]);
    assert.match(result.stdout, /^no problems \(\d+ content files, \d+ schemas, \d+ media files checked\)\n$/);
    assert.is(result.status, 0);
  } finally {
    sample.cleanup();
  }
});

test('broken schema files are all reported with their lines, and content is not checked then', () => {
  const broken = createTempProject('check-mistakes');
  try {
    broken.write('schemas/components/shared/seo.json', '{\n  "attributes": {\n    "metaTitle": { "type": "string" }\n  }\n  "info": {}\n}\n');
    broken.write(
      'schemas/author.json',
      '{\n  "kind": "collectionType",\n  "info": { "singularName": "author", "pluralName": "authors" },\n<<<<<<< HEAD\n  "attributes": {}\n=======\n  "attributes": { "name": { "type": "string" } }\n>>>>>>> theirs\n}\n',
    );
    const result = runCli(['check', '--dir', broken.dir, '--format', 'json']);
    assert.is(result.status, 1);
    const { problems } = JSON.parse(result.stdout) as { problems: JsonProblem[] };
    assert.equal(
      problems.filter((p) => p.file.startsWith('schemas/')).map((p) => [p.file, p.line, p.column, p.rule]),
      [
        ['schemas/author.json', 4, 1, 'merge-conflict'],
        ['schemas/components/shared/seo.json', 5, 3, 'syntax'],
      ],
    );
    assert.not.ok(
      problems.some((p) => p.file.startsWith('content/')),
      'content is not checked without schemas',
    );
  } finally {
    broken.cleanup();
  }
});

test('usage errors exit with 2', () => {
  const badFormat = runCli(['check', '--format', 'xml']);
  assert.is(badFormat.status, 2, badFormat.stderr);
  assert.match(badFormat.stderr, "argument 'xml' is invalid");
  const noFolder = runCli(['check', '--dir', path.join(os.tmpdir(), 'cms-no-such-project-folder')]);
  assert.is(noFolder.status, 2, noFolder.stderr);
});

test.run();
