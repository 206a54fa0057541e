import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckProblem } from '../../server/check/check-problem.js';
import { formatReport, githubAnnotation } from '../../server/check/format-problems.js';

const located: CheckProblem = { file: 'content/articles/a.json', line: 2, column: 3, rule: 'validation', message: 'title must be at least 3 characters' };
const fileOnly: CheckProblem = { file: 'content/articles/notes.txt', line: undefined, column: undefined, rule: 'file-name', message: 'not a content file' };

const ANNOTATIONS: [name: string, problem: CheckProblem, file: string, expected: string][] = [
  [
    'a located problem',
    located,
    'site/content/articles/a.json',
    '::error file=site/content/articles/a.json,line=2,col=3,title=cms check (validation)::title must be at least 3 characters',
  ],
  [
    'a problem of a whole file',
    fileOnly,
    'content/articles/notes.txt',
    '::error file=content/articles/notes.txt,title=cms check (file-name)::not a content file',
  ],
  [
    'escaped newlines, percents, and commas and colons in properties',
    { ...located, message: '100% wrong\nsee: here' },
    'a,b:c.json',
    '::error file=a%2Cb%3Ac.json,line=2,col=3,title=cms check (validation)::100%25 wrong%0Asee: here',
  ],
];

for (const [name, problem, file, expected] of ANNOTATIONS) {
  test(`githubAnnotation of ${name}`, () => {
    assert.is(githubAnnotation(problem, file), expected);
  });
}

const report = { problems: [located, fileOnly], warnings: [], schemas: 4, documents: 10, media: 1 };

test('the text format prints path:line:column: message, then a summary', () => {
  assert.is(
    formatReport(report, 'text', (file) => `site/${file}`),
    'site/content/articles/a.json:2:3: title must be at least 3 characters\n' +
      'site/content/articles/notes.txt: not a content file\n' +
      '2 problems in 2 files (10 content files, 4 schemas, 1 media files checked)\n',
  );
  assert.is(
    formatReport({ problems: [], warnings: [], schemas: 1, documents: 1, media: 0 }, 'text', (file) => file),
    'no problems (1 content file, 1 schemas, 0 media files checked)\n',
  );
});

test('the json format lists every problem with null for an unknown position', () => {
  const parsed = JSON.parse(formatReport(report, 'json', (file) => `ignored/${file}`));
  assert.equal(parsed, {
    ok: false,
    checked: { schemas: 4, documents: 10, media: 1 },
    problems: [
      { file: 'content/articles/a.json', line: 2, column: 3, rule: 'validation', message: 'title must be at least 3 characters' },
      { file: 'content/articles/notes.txt', line: null, column: null, rule: 'file-name', message: 'not a content file' },
    ],
    warnings: [],
  });
});

const warning = {
  file: 'schemas/page.json',
  line: 7,
  column: 17,
  rule: 'unsupported-attribute',
  message: 'attribute "x": unknown type "y", left out',
} as const;

test('warnings print before the problems, marked as such, in every format, and count in the summary', () => {
  const clean = { problems: [], warnings: [warning], schemas: 2, documents: 3, media: 0 };
  assert.is(
    formatReport(clean, 'text', (file) => file),
    'schemas/page.json:7:17: warning: attribute "x": unknown type "y", left out\n' +
      'no problems (3 content files, 2 schemas, 0 media files checked, 1 warning)\n',
  );
  assert.ok(formatReport(clean, 'github', (file) => file).startsWith('::warning file=schemas/page.json,line=7,col=17,'));
  const parsed = JSON.parse(formatReport(clean, 'json', (file) => file));
  assert.is(parsed.ok, true);
  assert.equal(parsed.warnings, [warning]);
});

test.run();
