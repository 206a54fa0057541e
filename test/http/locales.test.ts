import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

let server: TestServer;

test.before.each(async () => {
  server = await startTestServer('i18n');
});
test.after.each(async () => {
  await server.close();
});

const titles = (body: { data: { title: string }[] }): string[] => body.data.map((d) => d.title);

test('a list without locale answers the default locale, with the locale field', async () => {
  const response = await server.get('/api/articles');
  assert.is(response.status, 200);
  assert.equal(titles(response.body), ['Alpha', 'Beta']);
  assert.is(response.body.data[0].locale, 'en');
});

test('locale=fr answers the French versions, locale=* every locale, an unknown code nothing', async () => {
  assert.equal(titles((await server.get('/api/articles?locale=fr')).body), ['Alpha (fr)', 'Gamma (fr seulement)']);
  const all = (await server.get('/api/articles?locale=*&sort=title')).body;
  assert.equal(titles(all), ['Alpha', 'Alpha (fr)', 'Beta', 'Gamma (fr seulement)']);
  assert.is(all.meta.pagination.total, 4);
  assert.equal((await server.get('/api/articles?locale=xx')).body.data, []);
});

test('locale versions share the documentId but not the numeric id', async () => {
  const en = (await server.get('/api/articles/alpha')).body.data;
  const fr = (await server.get('/api/articles/alpha?locale=fr')).body.data;
  assert.is(en.documentId, fr.documentId);
  assert.is.not(en.id, fr.id);
  assert.is(fr.locale, 'fr');
  assert.is((await server.get('/api/articles/beta?locale=fr')).status, 404);
  assert.is((await server.get('/api/articles/gamma')).status, 404);
});

test('drafts are per locale', async () => {
  assert.is((await server.get('/api/articles/alpha?locale=fr&status=draft')).body.data.title, 'Alpha (fr, brouillon)');
  assert.is((await server.get('/api/articles/alpha?status=draft')).body.data.title, 'Alpha');
});

test('single types answer per locale and share one documentId', async () => {
  const en = (await server.get('/api/homepage')).body.data;
  const fr = (await server.get('/api/homepage?locale=fr')).body.data;
  assert.is(en.heroTitle, 'Welcome');
  assert.is(fr.heroTitle, 'Bienvenue');
  assert.is(en.documentId, fr.documentId);
});

test('populate reads the related document in the same locale, both sides', async () => {
  const fr = (await server.get('/api/articles/alpha?locale=fr&populate=category')).body.data;
  assert.is(fr.category.name, 'Actualités');
  const en = (await server.get('/api/articles/alpha?populate=category')).body.data;
  assert.is(en.category.name, 'News');
  const category = (await server.get('/api/categories/news?locale=fr&populate=articles')).body.data;
  assert.equal(
    category.articles.map((a: { title: string }) => a.title),
    ['Alpha (fr)'],
  );
});

test('a file in a locale that is not configured is reported and skipped', async () => {
  assert.ok(server.logs.some((line) => line.includes('content/articles/delta.de.json') && line.includes('locale "de" is not configured')));
  assert.equal((await server.get('/api/articles?locale=de')).body.data, []);
});

test('POST ?locale=fr creates a French document in <id>.fr.json', async () => {
  const created = await server.request('POST', '/api/articles?locale=fr', { body: { data: { title: 'Nouveau', views: 1 } } });
  assert.is(created.status, 201);
  assert.is(created.body.data.locale, 'fr');
  const id = created.body.data.documentId;
  assert.ok(server.project.exists(`content/articles/${id}.fr.json`));
  assert.not.ok(server.project.exists(`content/articles/${id}.json`));
  assert.is((await server.get(`/api/articles/${id}`)).status, 404);
});

test('PUT ?locale=fr on a document that exists only in English creates its French version', async () => {
  const response = await server.request('PUT', '/api/articles/beta?locale=fr', { body: { data: { title: 'Bêta' } } });
  assert.is(response.status, 200);
  assert.is(response.body.data.title, 'Bêta');
  assert.is(response.body.data.views, 20, 'shared (non-localized) attributes come from the other locale');
  const file = JSON.parse(server.project.read('content/articles/beta.fr.json'));
  assert.is(file.title, 'Bêta');
  assert.is((await server.get('/api/articles/beta')).body.data.title, 'Beta');
});

test('PUT on an unknown document in any locale is 404', async () => {
  const response = await server.request('PUT', '/api/articles/nope?locale=fr', { body: { data: { title: 'x' } } });
  assert.is(response.status, 404);
});

test('a shared attribute written in one locale is copied into the other locales', async () => {
  await server.request('PUT', '/api/articles/alpha', { body: { data: { views: 99 } } });
  assert.is((await server.get('/api/articles/alpha?locale=fr')).body.data.views, 99);
  assert.is(JSON.parse(server.project.read('content/articles/alpha.fr.json')).views, 99);
  assert.is(JSON.parse(server.project.read('content/articles/alpha.fr.json')).title, 'Alpha (fr)');
});

test('DELETE ?locale=fr deletes only that locale; without locale only the default one', async () => {
  assert.is((await server.request('DELETE', '/api/articles/alpha?locale=fr')).status, 204);
  assert.not.ok(server.project.exists('content/articles/alpha.fr.json'));
  assert.not.ok(server.project.exists('content/articles/alpha.fr.draft.json'));
  assert.is((await server.get('/api/articles/alpha')).status, 200);
  assert.is((await server.request('DELETE', '/api/articles/alpha')).status, 204);
  assert.is((await server.get('/api/articles/alpha')).status, 404);
});

test('an unknown locale code on a write is a 400', async () => {
  const response = await server.request('POST', '/api/articles?locale=xx', { body: { data: { title: 'x' } } });
  assert.is(response.status, 400);
  assert.equal(response.body.error, { status: 400, name: 'ApplicationError', message: 'Locale not found', details: {} });
});

test('unique values are checked per locale', async () => {
  const sameInOtherLocale = await server.request('POST', '/api/categories?locale=fr', { body: { data: { name: 'News' } } });
  assert.is(sameInOtherLocale.status, 201);
  const duplicate = await server.request('POST', '/api/categories?locale=fr', { body: { data: { name: 'Actualités' } } });
  assert.is(duplicate.status, 400);
  assert.is(duplicate.body.error.message, 'This attribute must be unique');
});

test('single types are written per locale', async () => {
  const fr = await server.request('PUT', '/api/homepage?locale=fr', { body: { data: { heroTitle: 'Salut' } } });
  assert.is(fr.status, 200);
  assert.is(JSON.parse(server.project.read('content/homepage.fr.json')).heroTitle, 'Salut');
  assert.is((await server.get('/api/homepage')).body.data.heroTitle, 'Welcome');
  assert.is((await server.request('DELETE', '/api/homepage?locale=fr')).status, 204);
  assert.not.ok(server.project.exists('content/homepage.fr.json'));
  assert.is((await server.get('/api/homepage?locale=fr')).status, 404);
  assert.is((await server.get('/api/homepage')).status, 200);
});

test('GET /api/i18n/locales lists the configured locales', async () => {
  const response = await server.get('/api/i18n/locales');
  assert.equal(
    response.body.map((l: { code: string; isDefault: boolean }) => [l.code, l.isDefault]),
    [
      ['en', true],
      ['fr', false],
    ],
  );
});

test.run();
