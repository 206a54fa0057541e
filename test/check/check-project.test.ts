import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject } from '../../server/check/check-project.js';
import { createTempProject } from '../helpers/temp-project.js';

test('spreading the files over worker threads gives the same report as one thread', async () => {
  const project = createTempProject('check-mistakes');
  try {
    const inline = await checkProject(project.dir, { workers: 1 });
    const threaded = await checkProject(project.dir, { workers: 2 });
    assert.ok(inline.problems.length > 20);
    assert.equal(threaded, inline);
  } finally {
    project.cleanup();
  }
});

test('a schema that does not load is reported at the attribute it names', async () => {
  const project = createTempProject('check-mistakes');
  try {
    project.write('schemas/author.json', {
      kind: 'collectionType',
      info: { singularName: 'author', pluralName: 'authors' },
      attributes: { name: { type: 'string' }, age: { type: 'integer', min: 'none' } },
    });
    const report = await checkProject(project.dir);
    assert.equal(
      report.problems.filter((p) => p.file.startsWith('schemas/')),
      [{ file: 'schemas/author.json', line: 11, column: 5, rule: 'schema', message: 'attribute "age": "min" must be a number, got "none"' }],
    );
    assert.is(report.documents, 0);
  } finally {
    project.cleanup();
  }
});

test('an attribute of a kind cms does not know is a warning at its line; content is checked without it', async () => {
  const project = createTempProject('check-mistakes');
  try {
    const schema = JSON.parse(project.read('schemas/author.json'));
    schema.attributes.age = { type: 'number' };
    project.write('schemas/author.json', schema);
    project.write('content/authors/aged.json', { name: 'Aged', age: 40 });
    const report = await checkProject(project.dir);
    assert.equal(report.warnings, [
      {
        file: 'schemas/author.json',
        line: report.warnings[0]!.line,
        column: 7,
        rule: 'unsupported-attribute',
        message: 'attribute "age": unknown type "number", left out',
      },
    ]);
    assert.ok(report.documents > 0);
    assert.not.ok(report.problems.some((p) => p.file.startsWith('schemas/') || p.file === 'content/authors/aged.json'));
  } finally {
    project.cleanup();
  }
});

test('a bad cms.config.json is reported at the option it names, and content is not checked then', async () => {
  const project = createTempProject('check-mistakes');
  try {
    project.write('cms.config.json', { i18n: { defaultLocale: 'de', locales: ['en', 'fr'] } });
    const report = await checkProject(project.dir);
    assert.equal(
      report.problems.filter((p) => p.file === 'cms.config.json'),
      [{ file: 'cms.config.json', line: 3, column: 5, rule: 'config', message: 'i18n.defaultLocale: expected one of en, fr, got "de"' }],
    );
    assert.not.ok(report.problems.some((p) => p.file.startsWith('content/')));
  } finally {
    project.cleanup();
  }
});

test('a relation stored on a shared (non-localized) attribute may point at a document missing in that locale', async () => {
  const project = createTempProject('check-mistakes');
  try {
    // author is shared across locales: writes copy its value into every locale, whether or not the target exists there.
    project.write('content/articles/only-fr.fr.json', { title: 'Seulement en français', author: 'ada', related: ['good'], publishedAt: null });
    const report = await checkProject(project.dir);
    assert.equal(
      report.problems.filter((p) => p.file === 'content/articles/only-fr.fr.json'),
      [],
    );
  } finally {
    project.cleanup();
  }
});

test('a project without schemas/ is one problem', async () => {
  const project = createTempProject();
  try {
    const report = await checkProject(project.dir);
    assert.equal(
      report.problems.map((p) => [p.file, p.rule]),
      [['schemas', 'schema']],
    );
  } finally {
    project.cleanup();
  }
});

test('morph links are checked: their shape, the type and the document they name, and a stored morphMany', async () => {
  const project = createTempProject('morph');
  try {
    project.write('content/comments/c4.json', { text: 'Lost', subject: { __type: 'api::post.post', documentId: 'gone' } });
    project.write('content/comments/c5.json', { text: 'Odd', subject: { __type: 'api::nope.nope', documentId: 'x' } });
    project.write('content/comments/c6.json', { text: 'Bad', subject: 'hello' });
    project.write('content/posts/third.json', { headline: 'Third', comments: [] });
    const report = await checkProject(project.dir);
    assert.equal(
      report.problems.map((p) => [p.file, p.rule]),
      [
        ['content/comments/c4.json', 'dangling-relation'],
        ['content/comments/c5.json', 'dangling-relation'],
        ['content/comments/c6.json', 'shape'],
        ['content/posts/third.json', 'shape'],
      ],
    );
    assert.equal(report.warnings.length, 1);
  } finally {
    project.cleanup();
  }
});

test.run();
