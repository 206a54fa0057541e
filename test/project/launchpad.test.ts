import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// LaunchPad's src/ unchanged (test/fixtures/launchpad/README.md), with content of our own. Its
// Next.js front end asks without populate: `fetchSingleType('global', { locale })` →
// GET /api/global?locale=…&status=published. Its route middleware global-populate sets the populate.
const test = suite<{ server: TestServer }>('LaunchPad served as its front end asks');

test.before(async (context) => {
  context.server = await startTestServer('launchpad');
});

test.after(async ({ server }) => {
  await server.close();
});

test("the global single type comes back populated as LaunchPad's global-populate middleware asks", async ({ server }) => {
  const response = await server.get('/api/global?locale=en&status=published');
  assert.is(response.status, 200);
  const data = response.body.data;
  assert.is(data.admin_title, 'Orbit');
  assert.is(data.seo.metaTitle, 'Orbit Supplies');
  assert.is(data.seo.metaImage.url, '/uploads/launchpad_logo_1a2b3c4d5e.png');
  assert.equal(
    data.navbar.left_navbar_items.map((l: any) => l.text),
    ['Pricing', 'Blog'],
  );
  assert.is(data.navbar.right_navbar_items[0].URL, '/sign-in');
  assert.is(data.navbar.logo.company, 'LaunchPad');
  assert.is(data.navbar.logo.image.url, '/uploads/launchpad_logo_1a2b3c4d5e.png');
  assert.is(data.footer.logo.image.url, '/uploads/launchpad_logo_1a2b3c4d5e.png');
  assert.equal(
    data.footer.social_media_links.map((l: any) => l.URL),
    ['https://example.social/@orbit'],
  );
  assert.is(data.footer.internal_links[0].text, 'About');
});

test('the same request in French answers the French version, populated', async ({ server }) => {
  const response = await server.get('/api/global?locale=fr&status=published');
  assert.is(response.body.data.locale, 'fr');
  assert.is(response.body.data.navbar.left_navbar_items[0].text, 'Tarifs');
  assert.is(response.body.data.navbar.logo.company, 'LaunchPad');
});

test('a page comes back with the SEO, dynamic zone and localizations its page-populate middleware asks for', async ({ server }) => {
  // What LaunchPad's front end sends for a page: fetchCollectionType('pages', { filters: { slug, locale } }).
  const response = await server.get('/api/pages?filters[slug][$eq]=homepage&filters[locale]=en&status=published');
  assert.is(response.status, 200, response.text);
  const [page] = response.body.data;
  assert.is(page.seo.metaTitle, 'Home');
  assert.is(page.seo.metaImage.url, '/uploads/launchpad_logo_1a2b3c4d5e.png');
  assert.equal(
    page.dynamic_zone.map((block: any) => block.__component),
    ['dynamic-zone.hero'],
  );
  assert.is(page.dynamic_zone[0].CTAs[0].URL, '/products');
  // The front end's locale switch reads pageData.localizations.
  assert.equal(
    page.localizations.map((version: any) => [version.locale, version.slug]),
    [['fr', 'homepage']],
  );
  const french = await server.get('/api/pages?filters[slug][$eq]=homepage&locale=fr&status=published');
  assert.is(french.body.data[0].dynamic_zone[0].heading, 'Décollez plus vite');
  assert.equal(
    french.body.data[0].localizations.map((version: any) => version.locale),
    ['en'],
  );
});

test('uids come from the api folders and types without a route middleware answer as the core routes do', async ({ server }) => {
  const logos = await server.get('/api/logos');
  assert.is(logos.status, 200);
  assert.equal(Object.keys(logos.body.data[0]).sort(), ['company', 'createdAt', 'documentId', 'id', 'publishedAt', 'updatedAt']);
  const plain = await server.get('/api/logos?populate=image');
  assert.is(plain.body.data[0].image.url, '/uploads/launchpad_logo_1a2b3c4d5e.png');
});

test('two core routers asked the same query answer each its own type (their cached answers are kept apart)', async ({ server }) => {
  const faqs = await server.get('/api/faqs');
  assert.is(faqs.status, 200);
  const logos = await server.get('/api/logos');
  assert.equal(
    logos.body.data.map((logo: any) => logo.company),
    ['LaunchPad'],
  );
  assert.is.not(faqs.text, logos.text);
});

test("a project route's cached core answer carries its ETag, and a matching If-None-Match is a 304", async ({ server }) => {
  const first = await server.get('/api/pages');
  const etag = first.headers.get('etag');
  assert.ok(etag, 'an ETag');
  const again = await server.get('/api/pages');
  assert.is(again.headers.get('etag'), etag);
  const notModified = await server.get('/api/pages', { 'If-None-Match': etag! });
  assert.is(notModified.status, 304);
});

test("LaunchPad's routes still need the public role's permission", async ({ server }) => {
  const response = await server.request('PUT', '/api/global', { body: { data: { admin_title: 'x' } } });
  assert.is(response.status, 403);
});

test.run();
