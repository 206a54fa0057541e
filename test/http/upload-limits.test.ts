import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;
const SIZE_LIMIT = 64 * 1024;

test.before(async () => {
  server = await startTestServer('blog', {
    prepare(project) {
      const config = JSON.parse(project.read('cms.config.json'));
      project.write('cms.config.json', {
        ...config,
        upload: {
          sizeLimit: SIZE_LIMIT,
          allowedTypes: ['image/*', 'text/plain'],
          deniedTypes: ['image/gif'],
          responsiveDimensions: false,
          sizeOptimization: false,
        },
      });
    },
  });
});
test.after(async () => {
  await server.close();
});

function uploadsListing(): string[] {
  return fs.readdirSync(path.join(server.project.dir, 'uploads')).sort();
}

async function post(files: readonly { name: string; bytes: Uint8Array; type?: string }[]): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type ?? '' }), file.name);
  const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

test('a file over upload.sizeLimit is 413 FileTooBig, and nothing of it stays', async () => {
  const before = uploadsListing();
  const response = await post([{ name: 'big.txt', bytes: Buffer.alloc(SIZE_LIMIT + 1, 0x61), type: 'text/plain' }]);
  assert.is(response.status, 413);
  assert.equal(response.body, { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'FileTooBig', details: {} } });
  assert.equal(uploadsListing(), before);
});

test('files that are together over the limit are refused too', async () => {
  const half = Buffer.alloc(SIZE_LIMIT / 2 + 10, 0x62);
  const response = await post([
    { name: 'a.txt', bytes: half, type: 'text/plain' },
    { name: 'b.txt', bytes: half, type: 'text/plain' },
  ]);
  assert.is(response.status, 413);
});

test('a file exactly at the limit is accepted', async () => {
  const response = await post([{ name: 'fits.txt', bytes: Buffer.alloc(SIZE_LIMIT, 0x63), type: 'text/plain' }]);
  assert.is(response.status, 201);
  assert.is(response.body[0].size, Math.round(SIZE_LIMIT / 10) / 100);
});

const TYPE_CASES = [
  {
    name: 'allowed image',
    file: 'ok.png',
    make: () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    status: 201,
    mime: 'image/png',
  },
  { name: 'allowed text', file: 'ok.txt', make: async () => Buffer.from('words'), status: 201, mime: 'text/plain' },
  {
    name: 'denied even though image/* allows it',
    file: 'no.gif',
    make: () =>
      sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .gif()
        .toBuffer(),
    status: 400,
    mime: 'image/gif',
  },
  { name: 'not allowed', file: 'no.pdf', make: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), status: 400, mime: 'application/pdf' },
  { name: 'a pdf named like an image', file: 'sneaky.png', make: async () => Buffer.from('%PDF-1.4\n%%EOF\n'), status: 400, mime: 'application/pdf' },
] as const;

for (const c of TYPE_CASES) {
  test(`upload.allowedTypes and deniedTypes: ${c.name}`, async () => {
    const before = uploadsListing();
    const response = await post([{ name: c.file, bytes: await c.make() }]);
    assert.is(response.status, c.status);
    if (c.status === 201) {
      assert.is(response.body[0].mime, c.mime);
      return;
    }
    assert.is(response.body.error.name, 'ValidationError');
    assert.is(response.body.error.message, `File type '${c.mime}' is not allowed`);
    assert.is(response.body.error.details.finalType, c.mime);
    assert.equal(uploadsListing(), before);
  });
}

test('with responsiveDimensions off only the thumbnail is made, and sizeOptimization off keeps the bytes', async () => {
  const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#08f' } })
    .jpeg({ quality: 95 })
    .toBuffer();
  const response = await post([{ name: 'large.jpg', bytes }]);
  assert.is(response.status, 201);
  assert.equal(Object.keys(response.body[0].formats), ['thumbnail']);
  const stored = fs.readFileSync(path.join(server.project.dir, 'uploads', `${response.body[0].hash}.jpg`));
  assert.equal(stored, bytes);
});

test.run();
