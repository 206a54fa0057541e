import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { contentFilePath, isDocumentId, parseContentPath } from '../../server/store/content-path.js';
import { createTempProject } from '../helpers/temp-project.js';

const project = createTempProject('blog');
// A localized type next to the blog's, for locale suffixes.
project.write('schemas/page.json', {
  kind: 'collectionType',
  info: { singularName: 'page', pluralName: 'pages' },
  options: { draftAndPublish: true },
  pluginOptions: { i18n: { localized: true } },
  attributes: { title: { type: 'string' } },
});
const registry = loadSchemas(project.dir);
project.cleanup();
const article = registry.byRouteName.get('articles')!;
const homepage = registry.byRouteName.get('homepage')!;
const page = registry.byRouteName.get('pages')!;

const valid: { name: string; path: string; type: string; documentId: string | undefined; locale?: string; draft?: boolean; format?: 'json' | 'md' }[] = [
  { name: 'a collection document', path: 'content/articles/hello-world.json', type: 'articles', documentId: 'hello-world' },
  { name: 'a generated id', path: 'content/articles/dwskr8keskm6eso8drwmjp4i.json', type: 'articles', documentId: 'dwskr8keskm6eso8drwmjp4i' },
  { name: 'an id with an underscore', path: 'content/articles/my_post.json', type: 'articles', documentId: 'my_post' },
  { name: 'a Markdown document', path: 'content/articles/hello.md', type: 'articles', documentId: 'hello', format: 'md' },
  { name: 'a draft file', path: 'content/articles/hello.draft.json', type: 'articles', documentId: 'hello', draft: true },
  { name: 'a locale suffix', path: 'content/pages/about.fr.json', type: 'pages', documentId: 'about', locale: 'fr' },
  { name: 'a regional locale suffix', path: 'content/pages/about.pt-BR.json', type: 'pages', documentId: 'about', locale: 'pt-BR' },
  { name: 'a locale and draft', path: 'content/pages/about.fr.draft.json', type: 'pages', documentId: 'about', locale: 'fr', draft: true },
  { name: 'a Markdown draft', path: 'content/articles/hello.draft.md', type: 'articles', documentId: 'hello', draft: true, format: 'md' },
  { name: 'a single type', path: 'content/homepage.json', type: 'homepage', documentId: undefined },
  { name: 'a single type draft', path: 'content/homepage.draft.json', type: 'homepage', documentId: undefined, draft: true },
];

for (const row of valid) {
  test(`a content path is parsed: ${row.name}`, () => {
    const file = parseContentPath(registry, row.path);
    assert.ok(file);
    assert.is(file.path, row.path);
    assert.is(file.type, registry.byRouteName.get(row.type));
    assert.is(file.documentId, row.documentId);
    assert.is(file.locale, row.locale);
    assert.is(file.draft, row.draft ?? false);
    assert.is(file.format, row.format ?? 'json');
  });
}

const ignored: { name: string; path: string }[] = [
  { name: 'a hidden file', path: 'content/articles/.hello.json' },
  { name: 'an editor backup', path: 'content/articles/hello.json~' },
  { name: 'an editor swap file', path: 'content/articles/.hello.json.swp' },
  { name: 'an atomic-write temp file', path: 'content/articles/.hello.json.1234.tmp' },
  { name: 'another extension', path: 'content/articles/notes.txt' },
  { name: 'macOS metadata', path: 'content/articles/.DS_Store' },
  { name: 'a ".." stem (a hidden file)', path: 'content/articles/...json' },
  { name: 'outside content/', path: 'schemas/article.json' },
  { name: 'too deep', path: 'content/articles/2024/hello.json' },
  { name: 'the content folder itself', path: 'content' },
  { name: 'the content folder with a slash', path: 'content/' },
  { name: 'a folder name', path: 'content/articles' },
];

for (const row of ignored) {
  test(`a path that is no content file is ignored: ${row.name}`, () => {
    assert.is(parseContentPath(registry, row.path), undefined);
  });
}

const rejected: { name: string; path: string; message: RegExp }[] = [
  { name: 'uppercase in the id', path: 'content/articles/Hello.json', message: /^invalid documentId "Hello": use 1-64 characters a-z, 0-9, "-" or "_"/ },
  { name: 'a leading dash', path: 'content/articles/-hello.json', message: /^invalid documentId "-hello"/ },
  { name: 'a space', path: 'content/articles/hello world.json', message: /^invalid documentId "hello world"/ },
  { name: 'an id of 65 characters', path: `content/articles/${'a'.repeat(65)}.json`, message: /^invalid documentId "a{65}"/ },
  { name: 'two dots in the name', path: 'content/articles/hello..json', message: /^file names are <documentId>\[\.<locale>\]\[\.draft\]\.json or \.md$/ },
  { name: 'a dotted id', path: 'content/articles/v1.2.3.json', message: /^file names are <documentId>/ },
  { name: 'an id with ".." inside', path: 'content/articles/a..b.json', message: /^file names are <documentId>/ },
  { name: 'an id ending in ".."', path: 'content/articles/a...json', message: /^file names are <documentId>/ },
  { name: 'a bad locale suffix', path: 'content/pages/about.FR.json', message: /^file names are <documentId>/ },
  { name: 'an unknown collection folder', path: 'content/posts/hello.json', message: /^no collection type with pluralName "posts" in schemas\/$/ },
  { name: 'a single type in a folder', path: 'content/homepage/x.json', message: /^no collection type with pluralName "homepage"/ },
  { name: 'an unknown single type', path: 'content/footer.json', message: /^no single type named "footer" in schemas\// },
  { name: 'a collection type at the top', path: 'content/articles.json', message: /^no single type named "articles"/ },
];

for (const row of rejected) {
  test(`a content file whose name breaks the rules is rejected: ${row.name}`, () => {
    try {
      parseContentPath(registry, row.path);
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, FileError);
      assert.is((error as FileError).file, row.path);
      assert.match((error as FileError).message, row.message);
    }
  });
}

test('isDocumentId accepts readable and generated ids and refuses anything path-like', () => {
  for (const id of ['hello-world', 'a', '0abc', 'dwskr8keskm6eso8drwmjp4i', 'my_post', 'a-_9', 'z'.repeat(64)]) assert.ok(isDocumentId(id), id);
  for (const id of ['', '..', '../x', 'a/b', 'a.b', 'Hello', '-a', '_a', 'a\\b', 'a\0', 'x'.repeat(65), 'é', 'a~', 'a:b', 5, null])
    assert.not.ok(isDocumentId(id), String(id));
});

test('contentFilePath builds each form of path', () => {
  assert.is(contentFilePath(article, 'hello'), 'content/articles/hello.json');
  assert.is(contentFilePath(article, 'hello', { draft: true }), 'content/articles/hello.draft.json');
  assert.is(contentFilePath(article, 'hello', { format: 'md' }), 'content/articles/hello.md');
  assert.is(contentFilePath(page, 'about', { locale: 'fr', draft: true }), 'content/pages/about.fr.draft.json');
  assert.is(contentFilePath(homepage, undefined), 'content/homepage.json');
  assert.is(contentFilePath(homepage, 'ignored-for-single-types', { draft: true }), 'content/homepage.draft.json');
});

test('contentFilePath and parseContentPath are inverses', () => {
  const path = contentFilePath(page, 'about', { locale: 'pt-BR', draft: true, format: 'md' });
  const file = parseContentPath(registry, path)!;
  assert.equal([file.documentId, file.locale, file.draft, file.format], ['about', 'pt-BR', true, 'md']);
});

for (const id of ['../../etc/passwd', '..', 'a/b', 'Hello', '', 'x.y', undefined]) {
  test(`contentFilePath refuses a documentId that could leave its folder: ${JSON.stringify(id)}`, () => {
    assert.throws(() => contentFilePath(article, id), /^invalid documentId/);
  });
}

test('contentFilePath refuses a bad locale', () => {
  assert.throws(() => contentFilePath(page, 'about', { locale: '../x' }), /^invalid locale code "\.\.\/x"$/);
});

test.run();
