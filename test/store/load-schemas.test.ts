import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FileError } from '../../server/errors/file-error.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import fs from 'node:fs';
import path from 'node:path';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { type TempProject, createTempProject } from '../helpers/temp-project.js';

/** A temp project holding only the blog fixture's schemas (all this file needs). */
function blogSchemas(): TempProject {
  const project = createTempProject();
  fs.cpSync(path.join(FIXTURES_DIR, 'blog', 'schemas'), path.join(project.dir, 'schemas'), { recursive: true });
  return project;
}

/** Rewrites one schema of a blog copy through `change`. */
function editSchema(project: TempProject, file: string, change: (schema: any) => void): void {
  const schema = JSON.parse(project.read(file));
  change(schema);
  project.write(file, schema);
}

test('the blog fixture loads its four content types and five components', () => {
  const project = blogSchemas();
  const registry = loadSchemas(project.dir);
  project.cleanup();
  assert.equal([...registry.contentTypes.keys()], ['api::article.article', 'api::author.author', 'api::category.category', 'api::homepage.homepage']);
  assert.equal([...registry.components.keys()].sort(), ['shared.link', 'shared.media-block', 'shared.quote', 'shared.rich-text', 'shared.seo']);
  assert.equal([...registry.byRouteName.keys()], ['articles', 'authors', 'categories', 'homepage']);

  const article = registry.contentTypes.get('api::article.article')!;
  assert.is(article.kind, 'collectionType');
  assert.is(article.draftAndPublish, true);
  assert.is(article.localized, false);
  assert.is(article.file, 'schemas/article.json');
  assert.equal(article.outputScalars, ['title', 'slug', 'body', 'summary', 'views', 'rating', 'featured', 'publishedDate', 'tags', 'category']);
  assert.equal(article.attributes.get('author'), {
    required: false,
    unique: false,
    private: false,
    writable: true,
    localized: false,
    kind: 'relation',
    relation: 'manyToOne',
    target: 'api::author.author',
    inversedBy: 'articles',
    mappedBy: undefined,
    toMany: false,
  });
  assert.is(article.attributes.get('gallery')?.kind, 'media');
  assert.is(article.attributes.get('blocks')?.kind, 'dynamiczone');

  const homepage = registry.byRouteName.get('homepage')!;
  assert.is(homepage.kind, 'singleType');
  assert.is(registry.contentTypes.get('api::author.author')!.draftAndPublish, false);
});

test('private attributes (by flag or by options.privateAttributes) and passwords are not output', () => {
  const project = blogSchemas();
  editSchema(project, 'schemas/author.json', (schema) => {
    schema.options.privateAttributes = ['bio'];
    schema.attributes.secret = { type: 'string', private: true };
    schema.attributes.pin = { type: 'password' };
  });
  const author = loadSchemas(project.dir).contentTypes.get('api::author.author')!;
  project.cleanup();
  assert.equal(author.outputScalars, ['name', 'email']);
  assert.is(author.attributes.get('bio')?.private, true);
});

const broken: { name: string; prepare: (project: TempProject) => void; file: string; message: RegExp; line?: number }[] = [
  {
    name: 'bad JSON, with line and column',
    prepare: (p) => p.write('schemas/author.json', '{\n  "kind": "collectionType",\n  "info": { "singularName": "author", },\n  "attributes": {}\n}\n'),
    file: 'schemas/author.json',
    message: /^invalid JSON: /,
    line: 3,
  },
  {
    name: 'a schema that is not an object',
    prepare: (p) => p.write('schemas/author.json', '[]'),
    file: 'schemas/author.json',
    message: /^expected a JSON object$/,
  },
  {
    name: 'a relation whose target is missing',
    prepare: (p) => editSchema(p, 'schemas/homepage.json', (s) => (s.attributes.featuredArticle.target = 'api::post.post')),
    file: 'schemas/homepage.json',
    message: /^attribute "featuredArticle": target api::post\.post is not a content type of this project$/,
  },
  {
    name: 'inversedBy naming an attribute the target lacks',
    prepare: (p) => editSchema(p, 'schemas/article.json', (s) => (s.attributes.author.inversedBy = 'posts')),
    file: 'schemas/article.json',
    message: /^attribute "author": schemas\/author\.json has no relation "posts" back to api::article\.article$/,
  },
  {
    name: 'mappedBy that does not point back at the inversedBy side',
    prepare: (p) => editSchema(p, 'schemas/author.json', (s) => (s.attributes.articles.mappedBy = 'writer')),
    file: 'schemas/article.json',
    message: /^attribute "author": schemas\/author\.json attribute "articles" must say mappedBy: "author"$/,
  },
  {
    name: 'both sides saying mappedBy',
    prepare: (p) =>
      editSchema(p, 'schemas/article.json', (s) => {
        delete s.attributes.author.inversedBy;
        s.attributes.author.mappedBy = 'articles';
      }),
    file: 'schemas/article.json',
    message: /^attribute "author": schemas\/author\.json attribute "articles" must say inversedBy: "author"$/,
  },
  {
    name: 'inversedBy and mappedBy on one attribute',
    prepare: (p) => editSchema(p, 'schemas/article.json', (s) => (s.attributes.author.mappedBy = 'articles')),
    file: 'schemas/article.json',
    message: /^attribute "author": cannot have both inversedBy and mappedBy$/,
  },
  {
    name: 'a component that does not exist',
    prepare: (p) => editSchema(p, 'schemas/article.json', (s) => (s.attributes.seo.component = 'shared.meta')),
    file: 'schemas/article.json',
    message: /^attribute "seo": component shared\.meta not found in schemas\/components\/$/,
  },
  {
    name: 'a dynamic zone listing a component that does not exist',
    prepare: (p) => editSchema(p, 'schemas/article.json', (s) => s.attributes.blocks.components.push('shared.video')),
    file: 'schemas/article.json',
    message: /^attribute "blocks": component shared\.video not found in schemas\/components\/$/,
  },
  {
    name: 'a two-way relation inside a component',
    prepare: (p) => editSchema(p, 'schemas/components/shared/quote.json', (s) => (s.attributes.author.inversedBy = 'quotes')),
    file: 'schemas/components/shared/quote.json',
    message: /^attribute "author": relations inside components must be one-way/,
  },
  {
    name: 'a singularName that is not kebab-case',
    prepare: (p) => editSchema(p, 'schemas/author.json', (s) => (s.info.singularName = 'Author')),
    file: 'schemas/author.json',
    message: /^info\.singularName must be a kebab-case name, got "Author"$/,
  },
  {
    name: 'a missing pluralName',
    prepare: (p) => editSchema(p, 'schemas/author.json', (s) => delete s.info.pluralName),
    file: 'schemas/author.json',
    message: /^info\.pluralName must be a kebab-case name, got undefined$/,
  },
  {
    name: 'singularName equal to pluralName',
    prepare: (p) => editSchema(p, 'schemas/author.json', (s) => (s.info.pluralName = 'author')),
    file: 'schemas/author.json',
    message: /^info\.singularName and info\.pluralName must differ$/,
  },
  {
    name: 'a file not named after its singularName',
    prepare: (p) => {
      p.write('schemas/writer.json', p.read('schemas/author.json'));
      p.remove('schemas/author.json');
    },
    file: 'schemas/writer.json',
    message: /^info\.singularName is "author" but the file is named writer\.json: name it author\.json$/,
  },
  {
    name: 'two types sharing a name',
    prepare: (p) => editSchema(p, 'schemas/category.json', (s) => (s.info.pluralName = 'authors')),
    file: 'schemas/category.json',
    message: /^the name "authors" is already used by schemas\/author\.json$/,
  },
  {
    name: 'an unknown kind',
    prepare: (p) => editSchema(p, 'schemas/author.json', (s) => (s.kind = 'collection')),
    file: 'schemas/author.json',
    message: /^kind must be "collectionType" or "singleType", got "collection"$/,
  },
  {
    name: 'attributes missing',
    prepare: (p) => editSchema(p, 'schemas/category.json', (s) => delete s.attributes),
    file: 'schemas/category.json',
    message: /^"attributes" must be an object$/,
  },
  {
    name: 'a reserved attribute name',
    prepare: (p) => editSchema(p, 'schemas/category.json', (s) => (s.attributes.documentId = { type: 'string' })),
    file: 'schemas/category.json',
    message: /^attribute "documentId": this name is reserved$/,
  },
  {
    name: 'an enumeration without values',
    prepare: (p) => editSchema(p, 'schemas/article.json', (s) => (s.attributes.category.enum = [])),
    file: 'schemas/article.json',
    message: /^attribute "category": an enumeration needs a non-empty "enum" list$/,
  },
  {
    name: 'a flag that is not a boolean',
    prepare: (p) => editSchema(p, 'schemas/article.json', (s) => (s.attributes.title.required = 'yes')),
    file: 'schemas/article.json',
    message: /^attribute "title": required must be true or false, got "yes"$/,
  },
  {
    name: 'an invalid regex',
    prepare: (p) => editSchema(p, 'schemas/article.json', (s) => (s.attributes.title.regex = '([a-z')),
    file: 'schemas/article.json',
    message: /^attribute "title": regex "\(\[a-z" is not a valid regular expression$/,
  },
  {
    name: 'a component file name that is not kebab-case',
    prepare: (p) => p.write('schemas/components/shared/Bad_Name.json', { attributes: {} }),
    file: 'schemas/components/shared/Bad_Name.json',
    message: /kebab-case/,
  },
  {
    name: 'no content type at all',
    prepare: (p) => {
      for (const name of ['article', 'author', 'category', 'homepage']) p.remove(`schemas/${name}.json`);
    },
    file: 'schemas',
    message: /^no content type found/,
  },
  {
    name: 'no schemas folder',
    prepare: (p) => p.remove('schemas'),
    file: 'schemas',
    message: /^folder not found/,
  },
];

for (const row of broken) {
  test(`a broken schema is rejected naming the file and the problem: ${row.name}`, () => {
    const project = blogSchemas();
    try {
      row.prepare(project);
      loadSchemas(project.dir);
      assert.unreachable('should have thrown');
    } catch (error) {
      assert.instance(error, FileError);
      const problem = error as FileError;
      assert.is(problem.file, row.file);
      assert.match(problem.message, row.message);
      if (row.line !== undefined) assert.is(problem.line, row.line);
    } finally {
      project.cleanup();
    }
  });
}

test('an attribute of a kind cms does not know is left out with a warning at its line; the rest loads', () => {
  const project = blogSchemas();
  editSchema(project, 'schemas/author.json', (s) => {
    s.attributes.name.type = 'strnig';
    s.attributes.picks = { type: 'relation', relation: 'morphToSome' };
  });
  const registry = loadSchemas(project.dir);
  project.cleanup();
  const author = registry.contentTypes.get('api::author.author')!;
  assert.not.ok(author.attributes.has('name'));
  assert.not.ok(author.attributes.has('picks'));
  assert.ok(author.attributes.has('articles'));
  assert.equal([...(author.leftOut?.keys() ?? [])], ['name', 'picks']);
  assert.equal(
    registry.warnings.map((w) => w.format()),
    [
      'schemas/author.json:15:7: attribute "name": unknown type "strnig", left out',
      'schemas/author.json:39:7: attribute "picks": unknown relation "morphToSome", left out',
    ],
  );
});

test('files that are not schemas are ignored', () => {
  const project = blogSchemas();
  project.write('schemas/README.md', '# notes');
  project.write('schemas/components/notes.txt', 'x');
  const registry = loadSchemas(project.dir);
  project.cleanup();
  assert.is(registry.contentTypes.size, 4);
});

test.run();
