import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkProject } from '../../server/check/check-project.js';
import { startTestServer } from '../helpers/test-server.js';
import { createTempProject } from '../helpers/temp-project.js';

// Strapi 5 skips every rule of an attribute whose `conditions.visible` JSON Logic rule is false
// (entity-validator: a hidden field is `notRequired`, nothing else checked), at any depth.

test('a required attribute hidden by its condition is not required on create', async () => {
  const server = await startTestServer('conditions');
  try {
    const created = await server.request('POST', '/api/menus', {
      body: { data: { title: 'Footer', kind: 'simple', links: [{ label: 'About', type: 'page', page: 'about' }] } },
    });
    assert.is(created.status, 201, created.text);
  } finally {
    await server.close();
  }
});

test('the same attribute is required, with its rules, when its condition shows it', async () => {
  const server = await startTestServer('conditions');
  try {
    const missing = await server.request('POST', '/api/menus', {
      body: { data: { title: 'Footer', kind: 'simple', links: [{ label: 'Docs', type: 'external' }] } },
    });
    assert.is(missing.status, 400);
    assert.is(missing.body.error.message, 'links[0].href must be defined.');
    const badUrl = await server.request('POST', '/api/menus', { body: { data: { title: 'Ext', kind: 'external', url: 'http://plain' } } });
    assert.is(badUrl.status, 400);
    assert.match(badUrl.body.error.message, /url must match the following/);
    const hiddenBadUrl = await server.request('POST', '/api/menus', { body: { data: { title: 'Simple', kind: 'simple', url: 'http://plain' } } });
    assert.is(hiddenBadUrl.status, 201, 'a hidden attribute is not checked at all');
  } finally {
    await server.close();
  }
});

test('an update that hides an attribute lifts its rules', async () => {
  const server = await startTestServer('conditions');
  try {
    const updated = await server.request('PUT', '/api/menus/broken', { body: { data: { kind: 'simple', links: [] } } });
    assert.is(updated.status, 200, updated.text);
  } finally {
    await server.close();
  }
});

test('cms check applies the same conditions to files', async () => {
  const project = createTempProject('conditions');
  try {
    const report = await checkProject(project.dir);
    assert.equal(
      report.problems.map((problem) => `${problem.file}: ${problem.message}`),
      ['content/menus/broken.json: url must be a `string` type, but the final value was: `null`.', 'content/menus/broken.json: links[0].href must be defined.'],
    );
  } finally {
    project.cleanup();
  }
});

test('a condition that is not an object stops the schema with a message naming the attribute', async () => {
  const project = createTempProject('conditions');
  try {
    const schema = JSON.parse(project.read('schemas/menu.json'));
    schema.attributes.url.conditions = { visible: 'kind == external' };
    project.write('schemas/menu.json', schema);
    const report = await checkProject(project.dir);
    assert.match(report.problems[0]?.message ?? '', /attribute "url": conditions\.visible must be a JSON Logic rule \(an object\)/);
  } finally {
    project.cleanup();
  }
});

test.run();
