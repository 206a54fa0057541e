import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject } from '../../server/check/check-project.js';
import { createTempProject } from '../helpers/temp-project.js';

/** The problems `cms check` finds in the blog fixture with this config/api.ts, about that file. */
async function apiProblems(text: string) {
  const project = createTempProject('blog');
  try {
    project.write('config/api.ts', text);
    const report = await checkProject(project.dir);
    return report.problems.filter((problem) => problem.file.startsWith('config/'));
  } finally {
    project.cleanup();
  }
}

test('a bad rest value in config/api.ts is a config problem at the line of its key', async () => {
  const problems = await apiProblems(
    ['export default ({ env }) => ({', '  rest: {', '    defaultLimit: 10,', "    maxLimit: 'lots',", '    withCount: true,', '  },', '});', ''].join('\n'),
  );
  assert.is(problems.length, 1, JSON.stringify(problems));
  assert.equal({ ...problems[0], message: undefined }, { file: 'config/api.ts', line: 4, column: 1, rule: 'config', message: undefined });
  assert.match(problems[0]!.message, /^rest\.maxLimit: expected an integer >= 1, got/);
});

test('config/api.ts that throws is a config problem naming the file and line; a good one is no problem', async () => {
  const thrown = await apiProblems(
    ['const limit = 5;', "throw new Error('no config today');", 'export default { rest: { defaultLimit: limit } };', ''].join('\n'),
  );
  assert.is(thrown.length, 1, JSON.stringify(thrown));
  assert.is(thrown[0]!.file, 'config/api.ts');
  assert.is(thrown[0]!.rule, 'config');
  assert.is(thrown[0]!.line, 2);
  assert.match(thrown[0]!.message, 'no config today');
  assert.equal(await apiProblems("export default ({ env }) => ({ rest: { defaultLimit: env.int('CMS_TEST_UNSET', 10), strictParams: true } });\n"), []);
});

test.run();
