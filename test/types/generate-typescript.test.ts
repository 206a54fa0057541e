import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ScalarAttribute, ScalarType } from '../../server/schema/attribute.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { generateTypeScript, scalarType } from '../../server/types/generate-typescript.js';
import { assignTypeNames, pascalCase } from '../../server/types/type-names.js';
import { FIXTURES_DIR } from '../helpers/paths.js';
import { createTempProject } from '../helpers/temp-project.js';

const scalar = (type: ScalarType, extra: Partial<ScalarAttribute> = {}): ScalarAttribute => ({
  kind: 'scalar',
  type,
  customField: undefined,
  default: undefined,
  minLength: undefined,
  maxLength: undefined,
  min: undefined,
  max: undefined,
  regex: undefined,
  enum: undefined,
  targetField: undefined,
  searchable: true,
  required: false,
  unique: false,
  private: false,
  writable: true,
  localized: false,
  ...extra,
});

/** What each scalar is in an API answer (serializeScalar): bigintegers and timestamps come as strings. */
const SCALARS: [ScalarAttribute, string][] = [
  [scalar('string'), 'string'],
  [scalar('uid'), 'string'],
  [scalar('richtext'), 'string'],
  [scalar('enumeration', { enum: ['news', 'guide'] }), '"news" | "guide"'],
  [scalar('integer'), 'number'],
  [scalar('decimal'), 'number'],
  [scalar('biginteger'), 'string'],
  [scalar('boolean'), 'boolean'],
  [scalar('date'), 'string'],
  [scalar('time'), 'string'],
  [scalar('datetime'), 'string'],
  [scalar('timestamp'), 'string'],
  [scalar('blocks'), 'StrapiBlockNode[]'],
  [scalar('json'), 'StrapiJson'],
];

for (const [attribute, expected] of SCALARS) {
  test(`a ${attribute.type} attribute is ${expected}`, () => {
    assert.is(scalarType(attribute), expected);
  });
}

const MISTAKES = path.join(FIXTURES_DIR, 'check-mistakes');

test('a content type: id and documentId, scalars (optional unless required), timestamps, locale, then what populate adds, localizations last', () => {
  const text = generateTypeScript(loadSchemas(MISTAKES));
  const start = text.indexOf('/** Article (api::article.article)');
  assert.is(
    text.slice(start, text.indexOf('}\n', start) + 2),
    `/** Article (api::article.article): \`GET /api/articles\`. */
export interface Article {
  id: number;
  documentId: string;
  title: string;
  slug?: string | null;
  views?: number | null;
  format?: "essay" | "news" | null;
  contact?: string | null;
  body?: string | null;
  createdAt: string;
  updatedAt: string;
  /** null for drafts (\`status=draft\`). */
  publishedAt: string | null;
  locale: string;
  /** Only with \`populate\`. */
  cover?: StrapiMedia | null;
  /** Only with \`populate\`. */
  author?: Author | null;
  /** Only with \`populate\`. */
  related?: Article[];
  /** Only with \`populate\`. */
  seo?: SharedSeo | null;
  /** Only with \`populate\`. */
  blocks?: (({ __component: "shared.quote" } & SharedQuote))[];
  /** Only with \`populate\`. */
  localizations?: Article[];
}
`,
  );
});

test('a type without Draft & Publish or locales, with its derived relation', () => {
  const text = generateTypeScript(loadSchemas(MISTAKES));
  assert.ok(
    text.includes(
      'export interface Author {\n  id: number;\n  documentId: string;\n  name: string;\n  email?: string | null;\n  createdAt: string;\n  updatedAt: string;\n  publishedAt: string;\n  /** Only with `populate`. */\n  articles?: Article[];\n}\n',
    ),
    text,
  );
  assert.ok(text.includes('export interface SharedQuote {\n  id: number;\n  text: string;\n  /** Only with `populate`. */\n  author?: Author | null;\n}\n'));
  assert.ok(text.includes('export interface CollectionTypes {\n  articles: Article;\n  authors: Author;\n}\n'));
});

test('private and password attributes are left out, as the API leaves them out', () => {
  const project = createTempProject('check-mistakes');
  try {
    project.write('schemas/author.json', {
      kind: 'collectionType',
      info: { singularName: 'author', pluralName: 'authors' },
      options: { privateAttributes: ['notes'] },
      attributes: {
        name: { type: 'string' },
        secret: { type: 'password' },
        hidden: { type: 'string', private: true },
        notes: { type: 'text' },
        articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' },
      },
    });
    const text = generateTypeScript(loadSchemas(project.dir));
    const author = text.slice(text.indexOf('export interface Author {'), text.indexOf('}\n', text.indexOf('export interface Author {')));
    assert.ok(author.includes('name?: string | null;'));
    for (const name of ['secret', 'hidden', 'notes']) assert.not.ok(author.includes(name), name);
  } finally {
    project.cleanup();
  }
});

test('the output is the same for the same schemas, and names that clash get a suffix', () => {
  const project = createTempProject('check-mistakes');
  try {
    project.write('schemas/shared-seo.json', {
      kind: 'collectionType',
      info: { singularName: 'shared-seo', pluralName: 'shared-seos' },
      attributes: { name: { type: 'string' } },
    });
    project.write('schemas/strapi-media.json', {
      kind: 'singleType',
      info: { singularName: 'strapi-media', pluralName: 'strapi-medias' },
      attributes: { 'alt-text': { type: 'string' } },
    });
    const registry = loadSchemas(project.dir);
    const names = assignTypeNames(registry, new Set(['StrapiMedia']));
    assert.equal([...names.contentTypes.values()], ['Article', 'Author', 'SharedSeo', 'StrapiMediaType']);
    assert.equal([...names.components.values()], ['SharedQuote', 'SharedSeoComponent']);
    const text = generateTypeScript(registry);
    assert.is(generateTypeScript(loadSchemas(project.dir)), text);
    assert.ok(text.includes('  "alt-text"?: string | null;'), 'names that are not identifiers are quoted');
  } finally {
    project.cleanup();
  }
});

test('pascalCase', () => {
  assert.is(pascalCase('shared.rich-text'), 'SharedRichText');
  assert.is(pascalCase('article'), 'Article');
  assert.is(pascalCase('blog_post'), 'BlogPost');
});

test.run();

test('morph relations, custom fields and attributes of unknown kinds in the types', () => {
  const text = generateTypeScript(loadSchemas(path.join(FIXTURES_DIR, 'morph')));
  const block = (name: string): string => {
    const start = text.indexOf(`export interface ${name} {`);
    return text.slice(start, text.indexOf('}\n', start) + 2);
  };
  assert.ok(block('Shelf').includes('  items?: ({ id: number; documentId: string; [key: string]: unknown } & { __type: string })[];'));
  assert.ok(block('Comment').includes('  subject?: { id: number; documentId: string; [key: string]: unknown } | null;'));
  assert.ok(block('Post').includes('  comments?: Comment[];\n'));
  assert.ok(block('Post').includes('  pinned?: Comment | null;\n'));
  // CKEditor's rich text and a text custom field are strings; the unknown `map` is left out.
  assert.ok(block('Page').includes('  body?: string | null;\n  intro?: string | null;\n'));
  assert.not.ok(block('Page').includes('map'));
});
