import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

const RED = 'red_pixel_3285557a91.png';
const NOT_FOUND = { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } };

test.before(async () => {
  server = await startTestServer('blog', {
    prepare(project) {
      const red = fs.readFileSync(path.join(project.dir, 'uploads', RED));
      project.write('uploads/photos/blue pixel.png', red.toString('latin1'));
      fs.writeFileSync(path.join(project.dir, 'uploads/photos/blue pixel.png'), red);
      project.write('uploads/notes.txt', 'hello uploads\n');
      project.write('uploads/.secret.txt', 'hidden\n');
      project.write('uploads/.hidden/inside.png', 'hidden\n');
      project.write('uploads/page.html', '<script>alert(1)</script>\n');
      project.write('uploads/raw-bytes', 'GIF89a');
      project.write('uploads/raw-bytes.meta.json', { name: 'raw.gif', mime: 'image/gif' });
      project.write('secret.txt', 'outside uploads\n');
      fs.symlinkSync(path.join(project.dir, 'secret.txt'), path.join(project.dir, 'uploads', 'link.txt'));
      fs.symlinkSync(path.join(project.dir, 'content'), path.join(project.dir, 'uploads', 'linked-folder'));
    },
  });
});
test.after(async () => {
  await server.close();
});

/** A request with the path exactly as given (fetch would normalize `..` away). */
function raw(
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, method, path: rawPath, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

const REFUSED = [
  { name: 'missing file', path: '/uploads/does-not-exist.png' },
  { name: 'dot-dot', path: '/uploads/../cms.config.json' },
  { name: 'encoded dot-dot', path: '/uploads/%2e%2e/cms.config.json' },
  { name: 'encoded slash', path: '/uploads/..%2fcms.config.json' },
  { name: 'fully encoded', path: '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd' },
  { name: 'nested escape', path: '/uploads/photos/..%2f..%2fsecret.txt' },
  { name: 'backslash', path: '/uploads/..%5csecret.txt' },
  { name: 'NUL byte', path: `/uploads/${RED}%00.txt` },
  { name: 'bad encoding', path: '/uploads/%E0%A4%A' },
  { name: 'sidecar', path: `/uploads/${RED}.meta.json` },
  { name: 'hidden file', path: '/uploads/.secret.txt' },
  { name: 'hidden folder', path: '/uploads/.hidden/inside.png' },
  { name: 'symlink to a file outside', path: '/uploads/link.txt' },
  { name: 'symlink to a folder outside', path: '/uploads/linked-folder/articles/n0rkkhkmxloujb87i7huf7if.json' },
  { name: 'folder', path: '/uploads/photos' },
  { name: 'the uploads folder itself', path: '/uploads/' },
  { name: 'double slash', path: '/uploads//etc/passwd' },
];

for (const c of REFUSED) {
  test(`refused with Strapi's 404: ${c.name}`, async () => {
    const response = await raw('GET', c.path);
    assert.is(response.status, 404);
    assert.is(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(JSON.parse(response.body.toString()), NOT_FOUND);
  });
}

const SERVED = [
  { name: 'a media file', path: `/uploads/${RED}`, type: 'image/png', file: `uploads/${RED}` },
  { name: 'a file in a folder, name encoded', path: '/uploads/photos/blue%20pixel.png', type: 'image/png', file: 'uploads/photos/blue pixel.png' },
  { name: 'text gets a charset', path: '/uploads/notes.txt', type: 'text/plain; charset=utf-8', file: 'uploads/notes.txt' },
  { name: "the sidecar's type wins", path: '/uploads/raw-bytes', type: 'image/gif', file: 'uploads/raw-bytes' },
  { name: 'html is served sandboxed', path: '/uploads/page.html', type: 'text/html; charset=utf-8', file: 'uploads/page.html' },
];

for (const c of SERVED) {
  test(`served: ${c.name}`, async () => {
    const response = await raw('GET', c.path);
    assert.is(response.status, 200);
    assert.is(response.headers['content-type'], c.type);
    assert.equal(response.body, fs.readFileSync(path.join(server.project.dir, c.file)));
    assert.is(response.headers['x-content-type-options'], 'nosniff');
    assert.is(response.headers['cache-control'], 'public, max-age=60');
    assert.ok(response.headers['etag'], 'an ETag');
    assert.ok(response.headers['last-modified'], 'a Last-Modified date');
    assert.is(response.headers['accept-ranges'], 'bytes');
    assert.is(/sandbox/.test(String(response.headers['content-security-policy'] ?? '')), c.path.endsWith('.html'));
  });
}

test('a conditional GET with the ETag answers 304 without a body', async () => {
  const first = await raw('GET', `/uploads/${RED}`);
  const second = await raw('GET', `/uploads/${RED}`, { 'If-None-Match': String(first.headers['etag']) });
  assert.is(second.status, 304);
  assert.is(second.body.length, 0);
});

test('Range requests get 206 with the asked bytes, or 416 when out of range', async () => {
  const whole = fs.readFileSync(path.join(server.project.dir, 'uploads', RED));
  const part = await raw('GET', `/uploads/${RED}`, { Range: 'bytes=0-7' });
  assert.is(part.status, 206);
  assert.is(part.headers['content-range'], `bytes 0-7/${whole.length}`);
  assert.equal(part.body, whole.subarray(0, 8));
  const tail = await raw('GET', `/uploads/${RED}`, { Range: 'bytes=-4' });
  assert.equal(tail.body, whole.subarray(whole.length - 4));
  const beyond = await raw('GET', `/uploads/${RED}`, { Range: `bytes=${whole.length + 10}-` });
  assert.is(beyond.status, 416);
  assert.is(beyond.headers['content-range'], `bytes */${whole.length}`);
  assert.is(JSON.parse(beyond.body.toString()).error.status, 416);
});

test('HEAD answers the headers of GET without a body', async () => {
  const response = await raw('HEAD', `/uploads/${RED}`);
  assert.is(response.status, 200);
  assert.is(response.headers['content-length'], String(fs.statSync(path.join(server.project.dir, 'uploads', RED)).size));
  assert.is(response.body.length, 0);
});

test('CORS headers come with files and with 404s', async () => {
  const served = await raw('GET', `/uploads/${RED}`, { Origin: 'http://front.example' });
  assert.is(served.headers['access-control-allow-origin'], 'http://front.example');
  const missing = await raw('GET', '/uploads/nope.png', { Origin: 'http://front.example' });
  assert.is(missing.headers['access-control-allow-origin'], 'http://front.example');
});

test.run();
