import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;
let png: Buffer;

test.before(async () => {
  server = await startTestServer('blog');
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
});
test.after(async () => {
  await server.close();
});

/** Every path under the project, so that a test can see that nothing was written outside uploads/. */
function listProject(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${prefix}${entry.name}`;
    return entry.isDirectory() ? [rel, ...listProject(path.join(dir, entry.name), `${rel}/`)] : [rel];
  });
}

// Client file names are never trusted: the stored name is `<slug>_<10 hex><ext>` right in uploads/.
const CASES = [
  { name: 'parent folder', file: '../x.png', hash: /^x_[0-9a-f]{10}$/, ext: '.png', stored: '../x.png' },
  { name: 'deep parent folders', file: '../../../../tmp/evil.png', hash: /^evil_[0-9a-f]{10}$/, ext: '.png', stored: '../../../../tmp/evil.png' },
  { name: 'absolute path', file: '/etc/passwd', hash: /^passwd_[0-9a-f]{10}$/, ext: '.png', stored: '/etc/passwd' },
  // Like browsers, the multipart parser keeps what follows the last backslash.
  { name: 'windows path', file: '..\\..\\win\\evil.png', hash: /^evil_[0-9a-f]{10}$/, ext: '.png', stored: 'evil.png' },
  { name: 'NUL byte', file: 'a\u0000b.png', hash: /^ab_[0-9a-f]{10}$/, ext: '.png', stored: 'ab.png' },
  {
    name: 'control characters in fileInfo.name',
    file: 'x.png',
    info: 'line\r\nbreak\u0000.png',
    hash: /^linebreak_[0-9a-f]{10}$/,
    ext: '.png',
    stored: 'linebreak.png',
  },
  { name: 'parent folder in fileInfo.name', file: 'x.png', info: '../../up.png', hash: /^up_[0-9a-f]{10}$/, ext: '.png', stored: '../../up.png' },
  { name: 'dot file', file: '.htaccess', hash: /^htaccess_[0-9a-f]{10}$/, ext: '.png', stored: '.htaccess' },
  { name: 'hidden image', file: '.hidden.png', hash: /^hidden_[0-9a-f]{10}$/, ext: '.png', stored: '.hidden.png' },
  { name: 'accents and ampersand', file: 'Crème Brûlée & Co.PNG', hash: /^Creme_Brulee_and_Co_[0-9a-f]{10}$/, ext: '.PNG', stored: 'Crème Brûlée & Co.PNG' },
  { name: 'camel case', file: 'myHolidayPhoto.png', hash: /^my_Holiday_Photo_[0-9a-f]{10}$/, ext: '.png', stored: 'myHolidayPhoto.png' },
  { name: 'no latin letters', file: '写真.png', hash: /^_[0-9a-f]{10}$/, ext: '.png', stored: '写真.png' },
  { name: 'weird extension', file: 'x.p<n>g', hash: /^x_[0-9a-f]{10}$/, ext: '.png', stored: 'x.p<n>g' },
  { name: 'huge name', file: `${'a'.repeat(5000)}.png`, hash: /^a{120}_[0-9a-f]{10}$/, ext: '.png', stored: `${'a'.repeat(255)}` },
] as const;

for (const c of CASES) {
  test(`hostile file name: ${c.name}`, async () => {
    const before = listProject(server.project.dir).filter((rel) => !rel.startsWith('uploads/'));
    const form = new FormData();
    form.append('files', new Blob([png], { type: 'image/png' }), c.file);
    if ('info' in c) form.append('fileInfo', JSON.stringify({ name: c.info }));
    const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
    assert.is(response.status, 201);
    const [file] = (await response.json()) as any[];
    assert.match(file.hash, c.hash);
    assert.is(file.ext, c.ext);
    assert.is(file.name, c.stored);
    assert.is(file.url, `/uploads/${file.hash}${file.ext}`);
    const stored = path.join(server.project.dir, 'uploads', `${file.hash}${file.ext}`);
    assert.ok(fs.existsSync(stored), 'stored right in uploads/');
    assert.equal(
      listProject(server.project.dir).filter((rel) => !rel.startsWith('uploads/')),
      before,
      'nothing written outside uploads/',
    );
    assert.is((await fetch(server.url + file.url)).status, 200);
  });
}

test('a file whose content contradicts its name is stored with the type of its content', async () => {
  const form = new FormData();
  form.append('files', new Blob([png], { type: 'text/html' }), 'page.html');
  const [file] = (await (await fetch(`${server.url}/api/upload`, { method: 'POST', body: form })).json()) as any[];
  assert.is(file.ext, '.html');
  assert.is(file.mime, 'image/png');
  const served = await fetch(server.url + file.url);
  assert.is(served.headers.get('content-type'), 'image/png');
  const sidecar = JSON.parse(server.project.read(`uploads/${file.hash}.html.meta.json`));
  assert.is(sidecar.mime, 'image/png', 'the sidecar keeps what the extension cannot tell');
});

test("a type neither the content nor the extension tells comes from the part's Content-Type", async () => {
  const form = new FormData();
  form.append('files', new Blob(['plain words'], { type: 'text/x-notes' }), 'notes');
  const response = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form });
  const [file] = (await response.json()) as any[];
  assert.is(file.mime, 'text/x-notes');
  assert.is(file.ext, '');
  const served = await fetch(server.url + file.url);
  assert.is(served.headers.get('content-type'), 'text/x-notes; charset=utf-8');
});

test.run();
