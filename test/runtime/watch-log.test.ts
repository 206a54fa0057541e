import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, startTestServer } from '../helpers/test-server.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the first upload of a project without uploads/ does not reload the schemas', async () => {
  const server = await startTestServer('blog', { watch: true, prepare: (project) => project.remove('uploads') });
  try {
    const form = new FormData();
    form.append('files', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
    assert.is(response.status, 201);
    // The watcher's events for uploads/ and the file arrive after the answer; a later edit of a
    // content file is seen after them, so once it shows, every earlier event has been applied.
    server.project.write('content/categories/zz-marker.json', { name: 'Marker' });
    const seen = await eventually(
      () => server.get('/api/categories/zz-marker'),
      (r) => r.status === 200,
    );
    assert.is(seen.status, 200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(
      server.infos.filter((line) => line.includes('schemas reloaded')),
      [],
    );
    assert.is((await server.get('/api/upload/files')).body.length, 1);
  } finally {
    await server.close();
  }
});

test('a broken file deleted is logged as removed, a broken file repaired as fixed', async () => {
  const server = await startTestServer('blog', { watch: true });
  try {
    server.project.write('content/categories/broken.json', '{ "name": ');
    await eventually(
      async () => server.logs.join('\n'),
      (logs) => logs.includes('content/categories/broken.json'),
    );
    server.project.remove('content/categories/broken.json');
    await eventually(
      async () => server.infos.join('\n'),
      (infos) => infos.includes('content/categories/broken.json: '),
    );
    assert.ok(server.infos.includes('content/categories/broken.json: removed'), JSON.stringify(server.infos));
    assert.not.ok(server.infos.some((line) => line.endsWith(': fixed')));

    server.project.write('content/categories/other.json', '{ "name": ');
    await eventually(
      async () => server.logs.join('\n'),
      (logs) => logs.includes('content/categories/other.json'),
    );
    server.project.write('content/categories/other.json', { name: 'Other' });
    await eventually(
      async () => server.infos.join('\n'),
      (infos) => infos.includes('content/categories/other.json: fixed'),
    );
    assert.ok(server.infos.includes('content/categories/other.json: fixed'), server.infos.join('\n'));
  } finally {
    await server.close();
  }
});

test.run();
