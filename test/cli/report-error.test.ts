import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reportError } from '../../cli/report-error.js';
import { FileError } from '../../server/errors/file-error.js';
import { UserError } from '../../server/errors/user-error.js';

const CASES: [name: string, error: unknown, failure: string | undefined, line: string, code: number][] = [
  [
    'a FileError shows where, exit code 1',
    new FileError('schemas/tag.json', 'invalid JSON', { line: 3, column: 11 }),
    undefined,
    'error: schemas/tag.json:3:11: invalid JSON',
    1,
  ],
  ['a UserError shows its message, exit code 1', new UserError('--name: expected a non-empty name'), undefined, 'error: --name: expected a non-empty name', 1],
  ['a usage UserError keeps its exit code 2', new UserError('project folder not found: /x', 2), undefined, 'error: project folder not found: /x', 2],
  [
    'a failure names what failed before the message',
    new UserError('port 80 is already in use'),
    'cannot start',
    'error: cannot start: port 80 is already in use',
    1,
  ],
  [
    'a failure names what failed before the file',
    new FileError('cms.config.json', 'not valid JSON'),
    'cannot start',
    'error: cannot start: cms.config.json: not valid JSON',
    1,
  ],
];

for (const [name, error, failure, line, code] of CASES) {
  test(name, () => {
    const lines: string[] = [];
    assert.is(
      reportError(error, failure, (l) => lines.push(l)),
      code,
    );
    assert.equal(lines, [line]);
  });
}

test('any other error is a bug: rethrown, nothing printed', () => {
  const lines: string[] = [];
  const bug = new TypeError('x is undefined');
  assert.throws(
    () => reportError(bug, undefined, (l) => lines.push(l)),
    (error: unknown) => error === bug,
  );
  assert.equal(lines, []);
});

test('with a failure, any other error is reported with its stack, exit code 1', () => {
  const lines: string[] = [];
  const bug = new TypeError('x is undefined');
  assert.is(
    reportError(bug, 'cannot start', (l) => lines.push(l)),
    1,
  );
  assert.equal(lines, [`error: cannot start: ${bug.stack}`]);
});

test.run();
