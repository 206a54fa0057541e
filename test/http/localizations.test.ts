import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// The fixture: alpha in en (published), fr (published, with unpublished changes) and de (draft
// only); beta in en only; gamma in fr and de; categories (no Draft & Publish) in en and fr.
let server: TestServer;

test.before(async () => {
  server = await startTestServer('localizations');
});
test.after(async () => {
  await server.close();
});

const get = async (path: string): Promise<any> => {
  const response = await server.get(path);
  assert.is(response.status, 200, `${path}: ${response.text}`);
  return response.body;
};
const locales = (items: { locale: string }[]): string[] => items.map((item) => item.locale);

test('populate[localizations]=true answers the other locales of the same document, never the version itself', async () => {
  const { data } = await get('/api/articles/alpha?populate[localizations]=true');
  assert.is(data.locale, 'en');
  assert.equal(locales(data.localizations), ['fr']);
  const [fr] = data.localizations;
  assert.equal(Object.keys(fr), ['id', 'documentId', 'title', 'slug', 'views', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);
  assert.is(fr.documentId, 'alpha');
  assert.is(fr.title, 'Alpha (fr)');
  assert.is.not(fr.id, data.id);
  // The version asked for in French lists English (published) and not itself.
  const french = (await get('/api/articles/alpha?locale=fr&populate=localizations')).data;
  assert.equal(locales(french.localizations), ['en']);
});

test('localizations are read in the status of the request: published versions, or drafts with status=draft', async () => {
  const published = (await get('/api/articles/alpha?populate=localizations')).data;
  // de has no published version, so a published English version does not list it.
  assert.equal(locales(published.localizations), ['fr']);
  const draft = (await get('/api/articles/alpha?status=draft&populate=localizations')).data;
  assert.is(draft.publishedAt, null);
  assert.equal(locales(draft.localizations), ['fr', 'de']);
  assert.equal(
    draft.localizations.map((item: { title: string; publishedAt: null }) => [item.title, item.publishedAt]),
    [
      ['Alpha (fr, brouillon)', null],
      ['Alpha (de, Entwurf)', null],
    ],
  );
  // A type without Draft & Publish has one version per locale.
  const { data } = await get('/api/categories?populate=localizations');
  assert.equal(
    data.map((c: { name: string; localizations: { name: string }[] }) => [c.name, c.localizations.map((l) => l.name)]),
    [['News', ['Actualités']]],
  );
});

test('every form of populate reaches localizations: a list, an array, * and a dotted path', async () => {
  for (const query of ['populate=localizations', 'populate[0]=localizations', 'populate=*', 'populate=seo,localizations']) {
    const { data } = await get(`/api/articles?${query}`);
    assert.equal(
      data.map((a: { localizations: { locale: string }[] }) => locales(a.localizations)),
      [['fr'], []],
      query,
    );
  }
  // `*` populates every relation, localizations last, as Strapi adds it after the schema's own.
  const star = (await get('/api/articles/alpha?populate=*')).data;
  assert.equal(Object.keys(star).slice(-3), ['category', 'seo', 'localizations']);
  const dotted = (await get('/api/articles/alpha?locale=fr&populate=localizations.category')).data;
  assert.is(dotted.localizations[0].category.name, 'News');
});

test('fields, filters, sort, count and a nested populate inside populate[localizations]', async () => {
  const fields = (await get('/api/articles/alpha?status=draft&fields=title&populate[localizations][fields][0]=title')).data;
  assert.equal(fields.localizations, [
    { id: fields.localizations[0].id, documentId: 'alpha', title: 'Alpha (fr, brouillon)' },
    { id: fields.localizations[1].id, documentId: 'alpha', title: 'Alpha (de, Entwurf)' },
  ]);
  const filtered = (await get('/api/articles/alpha?status=draft&populate[localizations][filters][locale][$eq]=de')).data;
  assert.equal(locales(filtered.localizations), ['de']);
  const sorted = (await get('/api/articles/alpha?status=draft&populate[localizations][sort]=title:desc')).data;
  assert.equal(locales(sorted.localizations), ['fr', 'de']);
  const sortedAsc = (await get('/api/articles/alpha?status=draft&populate[localizations][sort][0]=locale:asc')).data;
  assert.equal(locales(sortedAsc.localizations), ['de', 'fr']);
  const count = (await get('/api/articles/alpha?status=draft&populate[localizations][count]=true')).data;
  assert.equal(count.localizations, { count: 2 });
  const nested = (
    await get('/api/articles/alpha?locale=fr&populate[localizations][populate][category][fields]=name&populate[localizations][populate][seo]=true')
  ).data;
  const [en] = nested.localizations;
  assert.equal(en.category, { id: en.category.id, documentId: 'news', name: 'News' });
  assert.equal(en.seo, { id: 1, metaTitle: 'Alpha SEO' });
  // And localizations of localizations: back to the version asked for, never the level's own.
  const twice = (await get('/api/articles/alpha?populate[localizations][populate]=localizations')).data;
  assert.equal(locales(twice.localizations[0].localizations), ['en']);
});

test('a populated relation to a localized type can populate its localizations', async () => {
  const { data } = await get('/api/categories/news?populate[articles][populate]=localizations');
  assert.equal(
    data.articles.map((a: { title: string; localizations: { locale: string }[] }) => [a.title, locales(a.localizations)]),
    [['Alpha', ['fr']]],
  );
});

test('filters[localizations][…] keeps the documents with some other-locale version matching', async () => {
  const bySlug = await get('/api/articles?filters[localizations][slug][$eq]=alpha-fr&fields=title');
  assert.equal(
    bySlug.data.map((a: { title: string }) => a.title),
    ['Alpha'],
  );
  // Only other locales count: the French version does not match its own slug.
  const french = await get('/api/articles?locale=fr&filters[localizations][slug][$eq]=alpha-fr&fields=title');
  assert.equal(french.data, []);
  // In the request's status: the German draft counts only with status=draft.
  assert.equal((await get('/api/articles?filters[localizations][locale][$eq]=de&fields=title')).data, []);
  const drafts = await get('/api/articles?status=draft&filters[localizations][locale][$eq]=de&fields=title');
  assert.equal(
    drafts.data.map((a: { title: string }) => a.title),
    ['Alpha'],
  );
  const none = await get('/api/articles?filters[localizations][$null]=true&fields=title');
  assert.equal(
    none.data.map((a: { title: string }) => a.title),
    ['Beta'],
  );
});

test('single types answer their localizations too', async () => {
  const { data } = await get('/api/homepage?locale=fr&populate=localizations');
  assert.is(data.heroTitle, 'Bienvenue');
  assert.equal(
    data.localizations.map((h: { heroTitle: string; locale: string }) => [h.heroTitle, h.locale]),
    [['Welcome', 'en']],
  );
});

test('a type that is not localized has no localizations, and localizations are not written', async () => {
  const populate = await server.get('/api/tags?populate=localizations');
  assert.is(populate.status, 400);
  assert.is(populate.body.error.message, 'Invalid key localizations');
  assert.is((await server.get('/api/tags?filters[localizations][label]=x')).status, 400);
  assert.is((await server.get('/api/articles?fields=localizations')).status, 400);
  const write = await server.request('PUT', '/api/articles/beta', { body: { data: { localizations: [] } } });
  assert.is(write.status, 400);
  assert.is(write.body.error.message, 'Invalid key localizations');
});

test('the v4 response format wraps localizations in data like any relation', async () => {
  const response = await server.get('/api/articles/alpha?fields=title&populate[localizations][fields]=title', { 'Strapi-Response-Format': 'v4' });
  const localizations = response.body.data.attributes.localizations;
  assert.equal(localizations.data[0].attributes, { title: 'Alpha (fr)' });
});

test.run();
