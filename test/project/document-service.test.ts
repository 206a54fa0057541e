import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { ProjectRuntime } from '../../server/runtime/project-runtime.js';
import { openProjectCode } from '../../server/runtime/project-code.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

type Method = (params?: Record<string, unknown>) => Promise<any>;
interface Service {
  findMany: Method;
  findFirst: Method;
  findOne: Method;
  count: Method;
  create: Method;
  update: Method;
  delete: Method;
  publish: Method;
  unpublish: Method;
  discardDraft: Method;
}
interface Context {
  project: TempProject;
  runtime: ProjectRuntime;
  documents: (uid: string) => Service;
}

// A project of cms's own layout whose only code is src/index.ts: document middlewares, as a
// project that needs no Strapi would write them.
const INDEX = `
export default {
  register({ strapi }) {
    strapi.documents.use(async (context, next) => {
      // changes params: a made-up parameter becomes a filter
      if (context.action === 'findMany' && context.params.onlyFeatured) {
        context.params = { ...context.params, filters: { featured: { $eq: true } } };
      }
      return next();
    });
    strapi.documents.use(async (context, next) => {
      const result = await next();
      // changes results
      if (context.action === 'findOne' && result && context.params.shout) return { ...result, title: result.title.toUpperCase() };
      return result;
    });
  },
};
`;

const test = suite<Context>('strapi.documents');

test.before.each(async (context) => {
  context.project = createTempProject('blog');
  context.project.write('src/index.ts', INDEX);
  const config = loadConfig(context.project.dir, { watch: false });
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  context.runtime = ProjectRuntime.open(config, log);
  const code = await openProjectCode(config, context.runtime, log);
  const strapi = code?.current()?.strapi as { documents: (uid: string) => Service };
  context.documents = (uid) => strapi.documents(uid);
});

test.after.each(async ({ project, runtime }) => {
  await runtime.close();
  project.cleanup();
});

const ARTICLE = 'api::article.article';

test('findMany reads drafts by default (status draft), published ones with status published', async ({ documents }) => {
  const drafts = await documents(ARTICLE).findMany();
  const published = await documents(ARTICLE).findMany({ status: 'published' });
  assert.is(drafts.length, 12);
  assert.is(published.length, 10);
  const edited = drafts.find((a: any) => a.documentId === 'zuvut7z9xszedzzlwpit2luk');
  assert.is(edited.title, 'Published then edited (draft changes)');
  assert.is(edited.publishedAt, null);
});

test('findMany takes filters, fields, sort, limit and start, and has no default limit', async ({ documents }) => {
  const page = await documents(ARTICLE).findMany({
    filters: { views: { $gte: 10 } },
    fields: ['title', 'views'],
    sort: 'views:desc',
    start: 1,
    limit: 2,
    status: 'published',
  });
  assert.equal(
    page.map((a: any) => [a.title, a.views]),
    [
      ["Émile's Café", 100],
      ['apple pie guide', 42],
    ],
  );
  assert.equal(Object.keys(page[0]).sort(), ['documentId', 'id', 'title', 'views']);
});

test('findMany populates relations and components', async ({ documents }) => {
  const [article] = await documents(ARTICLE).findMany({ filters: { title: 'Hello World' }, populate: { author: { fields: ['name'] } }, status: 'published' });
  assert.is(article.author.name !== undefined, true);
  assert.equal(Object.keys(article.author).sort(), ['documentId', 'id', 'name']);
});

test('findFirst, findOne({ documentId }) and count', async ({ documents }) => {
  const first = await documents(ARTICLE).findFirst({ sort: 'views:desc', status: 'published' });
  assert.is(first.title, '100 Tips for Travel');
  const one = await documents(ARTICLE).findOne({ documentId: 'n0rkkhkmxloujb87i7huf7if', fields: ['title'] });
  assert.is(one.title, 'Hello World');
  assert.is(await documents(ARTICLE).findOne({ documentId: 'nope' }), null);
  assert.is(await documents(ARTICLE).count({ filters: { featured: true }, status: 'published' }), 3);
  assert.is(await documents(ARTICLE).count(), 12);
});

test('locale is ignored on a type that is not localized', async ({ documents }) => {
  assert.is((await documents(ARTICLE).findMany({ locale: 'fr', status: 'published' })).length, 10);
});

test('create writes a draft by default; publish, unpublish, discardDraft and delete change the files', async ({ documents, project }) => {
  const created = await documents(ARTICLE).create({ data: { title: 'From code' } });
  assert.is(created.title, 'From code');
  assert.is(created.publishedAt, null);
  const file = `content/articles/${created.documentId}.json`;
  assert.is(JSON.parse(project.read(file)).publishedAt, null);

  const published = await documents(ARTICLE).publish({ documentId: created.documentId });
  assert.is(published.entries.length, 1);
  assert.type(JSON.parse(project.read(file)).publishedAt, 'string');

  const updated = await documents(ARTICLE).update({ documentId: created.documentId, data: { title: 'Edited' } });
  assert.is(updated.title, 'Edited');
  assert.ok(project.exists(`content/articles/${created.documentId}.draft.json`), 'an update writes the draft');
  assert.is(JSON.parse(project.read(file)).title, 'From code');

  await documents(ARTICLE).discardDraft({ documentId: created.documentId });
  assert.not.ok(project.exists(`content/articles/${created.documentId}.draft.json`));
  assert.is((await documents(ARTICLE).findOne({ documentId: created.documentId })).title, 'From code');

  await documents(ARTICLE).unpublish({ documentId: created.documentId });
  assert.is(JSON.parse(project.read(file)).publishedAt, null);
  assert.is(await documents(ARTICLE).findOne({ documentId: created.documentId, status: 'published' }), null);

  await documents(ARTICLE).delete({ documentId: created.documentId });
  assert.not.ok(project.exists(file));
});

test('create with status published publishes; a bad value is a ValidationError and writes nothing', async ({ documents, project }) => {
  const created = await documents(ARTICLE).create({ data: { title: 'Now' }, status: 'published' });
  assert.type(created.publishedAt, 'string');
  try {
    await documents(ARTICLE).create({ data: { title: 'x', views: 'many' } });
    assert.unreachable();
  } catch (error) {
    assert.is((error as { name: string }).name, 'ValidationError');
  }
  assert.is(project.read(`content/articles/${created.documentId}.json`).includes('"Now"'), true);
});

test('a document middleware changes params (a made-up parameter becomes a filter)', async ({ documents }) => {
  const featured = await documents(ARTICLE).findMany({ onlyFeatured: true, status: 'published' });
  assert.equal(
    featured.map((a: any) => a.featured),
    [true, true, true],
  );
});

test('a document middleware changes results', async ({ documents }) => {
  const one = await documents(ARTICLE).findOne({ documentId: 'n0rkkhkmxloujb87i7huf7if', shout: true });
  assert.is(one.title, 'HELLO WORLD');
});

test.run();

const localized = suite('strapi.documents on localized types');

localized('locale selects the version; the default locale without it; writes land in the locale file', async () => {
  const project = createTempProject('i18n');
  project.write('src/index.js', 'module.exports = { register() {} };\n');
  const config = loadConfig(project.dir, { watch: false });
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const runtime = ProjectRuntime.open(config, log);
  try {
    const code = await openProjectCode(config, runtime, log);
    const articles = (code?.current()?.strapi as { documents: (uid: string) => Service }).documents(ARTICLE);
    const fr = await articles.findMany({ locale: 'fr' });
    const en = await articles.findMany();
    assert.ok(fr.every((a: any) => a.locale === 'fr'));
    assert.ok(en.every((a: any) => a.locale === 'en'));
    assert.equal(fr.map((a: any) => a.documentId).sort(), ['alpha', 'gamma']);
    const alpha = await articles.findOne({ documentId: 'alpha', locale: 'fr', status: 'published' });
    assert.is(alpha.locale, 'fr');
    await articles.update({ documentId: 'beta', locale: 'fr', data: { title: 'Bêta' } });
    assert.ok(project.exists('content/articles/beta.fr.json'));
  } finally {
    await runtime.close();
    project.cleanup();
  }
});

localized.run();
