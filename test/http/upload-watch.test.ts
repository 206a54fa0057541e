import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, eventually, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

test.before(async () => {
  server = await startTestServer('blog', { watch: true });
});
test.after(async () => {
  await server.close();
});

async function untilFile(accept: (files: any[]) => boolean): Promise<any[]> {
  const files = await eventually(async () => (await server.get('/api/upload/files')).body as any[], accept);
  assert.ok(accept(files), `the library never matched; last: ${JSON.stringify(files.map((f) => f.url))}`);
  return files;
}

test('a file dropped into uploads/ by hand becomes a media file, measured, and is served', async () => {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#123456' } })
    .jpeg()
    .toBuffer();
  fs.mkdirSync(path.join(server.project.dir, 'uploads', 'dropped'), { recursive: true });
  fs.writeFileSync(path.join(server.project.dir, 'uploads', 'dropped', 'by hand.jpg'), bytes);
  const files = await untilFile((list) => list.some((f) => f.url === '/uploads/dropped/by hand.jpg'));
  const file = files.find((f) => f.url === '/uploads/dropped/by hand.jpg');
  assert.equal([file.name, file.mime, file.width, file.height, file.hash, file.ext], ['by hand.jpg', 'image/jpeg', 320, 200, 'by hand', '.jpg']);
  const served = await fetch(`${server.url}/uploads/dropped/by%20hand.jpg`);
  assert.is(served.status, 200);
  assert.is(Buffer.from(await served.arrayBuffer()).length, bytes.length);
});

test('a sidecar edited by hand changes the record and keeps its id', async () => {
  const before = (await server.get('/api/upload/files')).body.find((f: any) => f.url === '/uploads/dropped/by hand.jpg');
  server.project.write('uploads/dropped/by hand.jpg.meta.json', { alternativeText: 'Written by hand', caption: 'On disk' });
  const files = await untilFile((list) => list.some((f) => f.alternativeText === 'Written by hand'));
  const after = files.find((f) => f.url === '/uploads/dropped/by hand.jpg');
  assert.equal([after.id, after.documentId, after.caption], [before.id, before.documentId, 'On disk']);
});

test('an upload through the API is answered at once and the watcher echo changes nothing', async () => {
  const form = new FormData();
  form.append(
    'files',
    new Blob([
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    ]),
    'api.png',
  );
  let batches = 0;
  const stop = server.server.project.onChange(() => batches++);
  const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
  const [file] = (await response.json()) as any[];
  assert.is((await server.get(`/api/upload/files/${file.id}`)).status, 200, 'readable right after the response');
  // The upload applies its files once itself; once the watcher has reported them too, the record
  // must be the same and alone.
  await eventually(
    async () => batches,
    (count) => count >= 2,
  );
  stop();
  assert.ok(batches >= 2, 'the watcher reported the upload');
  const files = (await server.get('/api/upload/files')).body as any[];
  assert.equal(
    files.find((f) => f.id === file.id),
    file,
  );
  assert.not.ok(
    files.some((f) => f.url === file.formats.thumbnail.url),
    'the thumbnail is not a file of its own',
  );
});

test('removing a file by hand removes it from the library', async () => {
  fs.rmSync(path.join(server.project.dir, 'uploads', 'dropped', 'by hand.jpg'));
  await untilFile((list) => !list.some((f) => f.url === '/uploads/dropped/by hand.jpg'));
  assert.is((await fetch(`${server.url}/uploads/dropped/by%20hand.jpg`)).status, 404);
});

test.run();
