import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

test.before(async () => {
  server = await startTestServer('blog');
});
test.after(async () => {
  await server.close();
});

const RED = 'red_pixel_3285557a91.png';
const ARTICLE = 'content/articles/n0rkkhkmxloujb87i7huf7if.json';
const FILE_KEYS = [
  'id',
  'documentId',
  'name',
  'alternativeText',
  'caption',
  'focalPoint',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'url',
  'previewUrl',
  'provider',
  'provider_metadata',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'isUrlSigned',
];

type Part = { file: string; bytes: Buffer; type?: string } | { field: string; value: string };

async function image(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const picture = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg().toBuffer();
}

/** A multipart POST to /api/upload, as a browser's FormData sends it. */
async function upload(parts: readonly Part[], query = ''): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part) form.append('files', new Blob([part.bytes], { type: part.type ?? '' }), part.file);
    else form.append(part.field, part.value);
  }
  const response = await fetch(`${server.url}/api/upload${query}`, { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(server.url + url);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

function uploadsPath(url: string): string {
  return path.join(server.project.dir, decodeURIComponent(url).replace(/^\//, ''));
}

function readJson(rel: string): any {
  return JSON.parse(server.project.read(rel));
}

test('an uploaded png answers 201 with Strapi file records, stored under a fresh name with a sidecar', async () => {
  const bytes = await image('png', 40, 30);
  const response = await upload([{ file: 'Green Square.png', bytes, type: 'image/png' }]);
  assert.is(response.status, 201);
  assert.is(response.body.length, 1);
  const file = response.body[0];
  assert.equal(Object.keys(file).sort(), [...FILE_KEYS].sort());
  assert.match(file.hash, /^Green_Square_[0-9a-f]{10}$/);
  assert.equal(
    {
      name: file.name,
      ext: file.ext,
      mime: file.mime,
      width: file.width,
      height: file.height,
      formats: file.formats,
      url: file.url,
      isUrlSigned: file.isUrlSigned,
    },
    { name: 'Green Square.png', ext: '.png', mime: 'image/png', width: 40, height: 30, formats: null, url: `/uploads/${file.hash}.png`, isUrlSigned: false },
  );
  assert.match(file.documentId, /^[a-z][a-z0-9]{23}$/);
  const stored = fs.statSync(uploadsPath(file.url)).size;
  assert.is(file.size, Math.round(stored / 10) / 100);
  const sidecar = readJson(`uploads/${file.hash}.png.meta.json`);
  assert.equal(Object.keys(sidecar), ['name', 'alternativeText', 'caption', 'documentId', 'width', 'height', 'createdAt', 'updatedAt', 'publishedAt']);
  assert.is(sidecar.documentId, file.documentId);
  const again = await server.get(`/api/upload/files/${file.id}`);
  assert.equal(again.body, file);
  const served = await download(file.url);
  assert.is(served.status, 200);
  assert.is(served.type, 'image/png');
  assert.is(served.bytes.length, stored);
});

// Strapi: a thumbnail when the image exceeds 245×156, then large/medium/small past 1000/750/500 px, each fitted inside.
const FORMAT_CASES = [
  { name: 'tiny png: no formats', format: 'png', width: 120, height: 90, formats: null },
  { name: 'png past the thumbnail box', format: 'png', width: 300, height: 200, formats: { thumbnail: [234, 156] } },
  { name: 'jpeg past small', format: 'jpeg', width: 600, height: 400, formats: { thumbnail: [234, 156], small: [500, 333] } },
  {
    name: 'jpeg past large',
    format: 'jpeg',
    width: 1200,
    height: 800,
    formats: { thumbnail: [234, 156], large: [1000, 667], medium: [750, 500], small: [500, 333] },
  },
  { name: 'tall png', format: 'png', width: 200, height: 1100, formats: { thumbnail: [28, 156], large: [182, 1000], medium: [136, 750], small: [91, 500] } },
] as const;

for (const c of FORMAT_CASES) {
  test(`image formats: ${c.name}`, async () => {
    const ext = c.format === 'png' ? '.png' : '.jpg';
    const mime = c.format === 'png' ? 'image/png' : 'image/jpeg';
    const response = await upload([{ file: `photo${ext}`, bytes: await image(c.format, c.width, c.height) }]);
    assert.is(response.status, 201);
    const file = response.body[0];
    assert.is(file.mime, mime);
    assert.equal([file.width, file.height], [c.width, c.height]);
    if (c.formats === null) {
      assert.is(file.formats, null);
      return;
    }
    assert.equal(Object.keys(file.formats), Object.keys(c.formats));
    for (const [key, [width, height]] of Object.entries(c.formats)) {
      const format = file.formats[key];
      const served = await download(format.url);
      assert.equal(format, {
        name: `${key}_photo${ext}`,
        hash: `${key}_${file.hash}`,
        ext,
        mime,
        path: null,
        width,
        height,
        size: Math.round(served.bytes.length / 10) / 100,
        sizeInBytes: served.bytes.length,
        url: `/uploads/${key}_${file.hash}${ext}`,
      });
      assert.is(served.type, mime);
      const measured = await sharp(served.bytes).metadata();
      assert.equal([measured.width, measured.height], [width, height]);
    }
    const listed = (await server.get('/api/upload/files')).body.map((f: { url: string }) => f.url);
    assert.ok(listed.includes(file.url));
    for (const format of Object.values<{ url: string }>(file.formats))
      assert.not.ok(listed.includes(format.url), `${format.url} is listed as a file of its own`);
  });
}

test('several files take their fileInfo from the array in the same order', async () => {
  const response = await upload([
    { file: 'one.png', bytes: await image('png', 10, 10) },
    { file: 'two.jpg', bytes: await image('jpeg', 10, 10) },
    { field: 'fileInfo', value: JSON.stringify({ name: 'First', alternativeText: 'alt one' }) },
    { field: 'fileInfo', value: JSON.stringify({ caption: 'cap two' }) },
  ]);
  assert.is(response.status, 201);
  assert.equal(
    response.body.map((f: any) => [f.name, f.alternativeText, f.caption, f.mime]),
    [
      ['First', 'alt one', null, 'image/png'],
      ['two.jpg', null, 'cap two', 'image/jpeg'],
    ],
  );
  assert.match(response.body[0].hash, /^First_[0-9a-f]{10}$/);
});

test('?id with only fileInfo updates the texts, rewrites the sidecar and keeps the id', async () => {
  const before = (await server.get('/api/upload/files')).body.find((f: any) => f.hash === 'red_pixel_3285557a91');
  const form = new FormData();
  form.append('fileInfo', JSON.stringify({ alternativeText: 'New alt', caption: null }));
  const response = await fetch(`${server.url}/api/upload?id=${before.id}`, { method: 'POST', body: form });
  const body = (await response.json()) as Record<string, unknown>;
  assert.is(response.status, 200);
  assert.equal({ ...body, updatedAt: before.updatedAt }, { ...before, alternativeText: 'New alt' });
  assert.is.not(body.updatedAt, before.updatedAt);
  const sidecar = readJson(`uploads/${RED}.meta.json`);
  assert.equal([sidecar.alternativeText, sidecar.caption, sidecar.documentId, sidecar.createdAt], ['New alt', 'Red 4x3', before.documentId, before.createdAt]);
  const json = await server.request('POST', `/api/upload?id=${before.id}`, { body: { fileInfo: { name: 'renamed.png' } } });
  assert.is(json.status, 200);
  assert.is(json.body.name, 'renamed.png');
  assert.is(json.body.id, before.id);
});

test('?id with one file replaces the content in place: same url, hash, id and documentId; new size and formats', async () => {
  const first = (await upload([{ file: 'swap.png', bytes: await image('png', 1100, 700) }])).body[0];
  const oldFormats = Object.values<{ url: string }>(first.formats).map((f) => f.url);
  assert.is(oldFormats.length, 4);
  const response = await upload([{ file: 'other.jpg', bytes: await image('jpeg', 400, 300) }], `?id=${first.id}`);
  assert.is(response.status, 200);
  const replaced = response.body;
  assert.equal(
    [replaced.id, replaced.documentId, replaced.hash, replaced.ext, replaced.url, replaced.createdAt],
    [first.id, first.documentId, first.hash, '.png', first.url, first.createdAt],
  );
  assert.equal([replaced.name, replaced.mime, replaced.width, replaced.height], ['other.jpg', 'image/jpeg', 400, 300]);
  assert.equal(Object.keys(replaced.formats), ['thumbnail']);
  assert.is(fs.existsSync(uploadsPath(oldFormats.find((url) => url.includes('/large_'))!)), false);
  const served = await download(first.url);
  assert.is(served.type, 'image/jpeg', 'served with the type of the new content, not of the kept extension');
  assert.is((await sharp(served.bytes).metadata()).width, 400);
  assert.is((await download(replaced.formats.thumbnail.url)).type, 'image/jpeg', 'its thumbnail too');
  assert.equal((await server.get(`/api/upload/files/${first.id}`)).body, replaced);
});

test('request errors answer as Strapi does', async () => {
  const png = await image('png', 8, 8);
  const noise = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .png()
    .toBuffer();
  const cases = [
    { name: 'no files', parts: [{ field: 'fileInfo', value: '{}' }], query: '', status: 400, message: 'Files are empty' },
    {
      name: 'several files to replace one',
      parts: [
        { file: 'a.png', bytes: png },
        { file: 'b.png', bytes: png },
      ],
      query: '?id=1',
      status: 400,
      message: 'Cannot replace a file with multiple ones',
    },
    {
      name: 'id given twice',
      parts: [{ field: 'fileInfo', value: '{}' }],
      query: '?id=1&id=2',
      status: 400,
      message: 'File id is required and must be a single value',
    },
    { name: 'unknown id to update', parts: [{ field: 'fileInfo', value: '{}' }], query: '?id=999', status: 404, message: 'Entity not found' },
    { name: 'unknown id to replace', parts: [{ file: 'a.png', bytes: png }], query: '?id=999', status: 404, message: 'Entity not found' },
    {
      name: 'unknown fileInfo key',
      parts: [
        { file: 'a.png', bytes: png },
        { field: 'fileInfo', value: '{"name":"x","folder":3}' },
      ],
      query: '',
      status: 400,
      message: 'fileInfo field has unspecified keys: folder',
    },
    {
      name: 'fileInfo that is not JSON',
      parts: [
        { file: 'a.png', bytes: png },
        { field: 'fileInfo', value: '{oops' },
      ],
      query: '',
      status: 400,
      message: 'fileInfo must be a `object` type, but the final value was: `null` (cast from the value `"{oops"`).',
    },
    {
      name: 'png cut in half',
      parts: [{ file: 'broken.png', bytes: noise.subarray(0, noise.length / 2) }],
      query: '',
      status: 400,
      message: 'File is not a valid image',
    },
  ] as const;
  const before = fs.readdirSync(path.join(server.project.dir, 'uploads')).sort();
  for (const c of cases) {
    const response = await upload(c.parts, c.query);
    assert.is(response.status, c.status, c.name);
    assert.is(response.body.error.message, c.message, c.name);
    assert.is(response.body.data, null, c.name);
  }
  assert.equal(fs.readdirSync(path.join(server.project.dir, 'uploads')).sort(), before, 'a refused upload left files behind');
});

test('a file attached to documents is removed from them when it is deleted', async () => {
  const file = (await upload([{ file: 'attached.png', bytes: await image('png', 20, 20) }])).body[0];
  const created = await server.request('POST', '/api/articles', {
    body: { data: { title: 'With media', slug: 'with-media', cover: file.id, gallery: [file.id], seo: { metaTitle: 'T', shareImage: file.id } } },
  });
  assert.is(created.status, 201);
  const documentId = created.body.data.documentId;
  const populated = await server.get(`/api/articles/${documentId}?populate[cover]=true&populate[gallery]=true&populate[seo][populate]=shareImage`);
  assert.is(populated.body.data.cover.url, file.url);
  assert.is(populated.body.data.cover.isUrlSigned, undefined, 'isUrlSigned is for upload API answers only');
  assert.is(populated.body.data.gallery[0].id, file.id);
  assert.is(populated.body.data.seo.shareImage.id, file.id);

  const deleted = await server.request('DELETE', `/api/upload/files/${file.id}`);
  assert.is(deleted.status, 200);
  assert.equal(deleted.body, file);
  const after = await server.get(`/api/articles/${documentId}?populate[cover]=true&populate[gallery]=true&populate[seo][populate]=shareImage`);
  assert.equal([after.body.data.cover, after.body.data.gallery, after.body.data.seo.shareImage], [null, [], null]);
  const stored = readJson(`content/articles/${documentId}.json`);
  assert.equal([stored.cover, stored.gallery, stored.seo.shareImage], [null, [], null]);
  assert.is(fs.existsSync(uploadsPath(file.url)), false);
  assert.is(fs.existsSync(`${uploadsPath(file.url)}.meta.json`), false);
  const again = await server.request('DELETE', `/api/upload/files/${file.id}`);
  assert.equal(again.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'file.notFound', details: {} } });
  assert.is((await server.get(`/api/upload/files/${file.id}`)).status, 404);
});

test('deleting a fixture file unlinks it from the fixture article and drops its formats', async () => {
  const red = (await server.get('/api/upload/files')).body.find((f: any) => f.hash === 'red_pixel_3285557a91');
  const uses = JSON.stringify(readJson(ARTICLE)).split(RED).length - 1;
  assert.ok(uses > 0, 'the fixture article uses the red pixel');
  assert.is((await server.request('DELETE', `/api/upload/files/${red.id}`)).status, 200);
  assert.not.ok(server.project.read(ARTICLE).includes(RED));
  assert.is(fs.existsSync(path.join(server.project.dir, 'uploads', RED)), false);
});

test('the library list filters, sorts and selects fields with Strapi query params', async () => {
  await upload([
    { file: 'zeta.jpg', bytes: await image('jpeg', 30, 10) },
    { file: 'alpha.jpg', bytes: await image('jpeg', 50, 10) },
  ]);
  const jpegs = await server.get('/api/upload/files?filters[mime][$eq]=image/jpeg&filters[width][$lte]=50&sort=name:asc&fields[0]=name&fields[1]=width');
  assert.is(jpegs.status, 200);
  const names = jpegs.body.map((f: any) => f.name);
  assert.equal(names, [...names].sort());
  assert.ok(names.includes('alpha.jpg') && names.includes('zeta.jpg'));
  assert.equal(Object.keys(jpegs.body[0]), ['id', 'documentId', 'name', 'width', 'isUrlSigned']);
  const negated = await server.get('/api/upload/files?filters[$not][name][$startsWith]=zeta&sort[0]=id:desc&limit=1');
  assert.is(negated.body.length, 1);
  assert.is.not(negated.body[0].name, 'zeta.jpg');
  const bad = await server.get('/api/upload/files?filters[nope]=1');
  assert.is(bad.status, 400);
  assert.is(bad.body.error.message, 'Invalid key nope');
});

test('the paginated library answers {data, meta.pagination} with the REST pagination rules', async () => {
  const all = (await server.get('/api/upload/files?sort=id:asc')).body as { id: number; name: string }[];
  assert.ok(all.length >= 3);
  const first = await server.get('/api/upload/files/page?sort=id:asc&pagination[page]=1&pagination[pageSize]=2&fields[0]=name');
  assert.is(first.status, 200);
  assert.equal(first.body.meta, { pagination: { page: 1, pageSize: 2, pageCount: Math.ceil(all.length / 2), total: all.length } });
  assert.equal(
    first.body.data.map((file: any) => file.id),
    all.slice(0, 2).map((file) => file.id),
  );
  assert.equal(Object.keys(first.body.data[0]), ['id', 'documentId', 'name', 'isUrlSigned']);
  const second = await server.get('/api/upload/files/page?sort=id:asc&pagination[page]=2&pagination[pageSize]=2');
  assert.equal(
    second.body.data.map((file: any) => file.id),
    all.slice(2, 4).map((file) => file.id),
  );
  const offset = await server.get('/api/upload/files/page?sort=id:asc&pagination[start]=1&pagination[limit]=1&pagination[withCount]=false');
  assert.equal(offset.body.meta, { pagination: { start: 1, limit: 1 } });
  assert.equal(
    offset.body.data.map((file: any) => file.id),
    [all[1]!.id],
  );
  const defaults = await server.get('/api/upload/files/page');
  assert.equal(defaults.body.meta.pagination, { page: 1, pageSize: 25, pageCount: Math.ceil(all.length / 25), total: all.length });
  const filtered = await server.get(`/api/upload/files/page?filters[name][$eq]=${encodeURIComponent(all[0]!.name)}`);
  assert.is(filtered.body.meta.pagination.total, all.filter((file) => file.name === all[0]!.name).length);
  const mixed = await server.get('/api/upload/files/page?pagination[page]=1&pagination[start]=0');
  assert.is(mixed.status, 400);
  assert.is(mixed.body.error.name, 'PaginationError');
});

test.run();
