#!/usr/bin/env node
// Writes a deterministic benchmark project: N articles (~3 KB of JSON each), N/100 authors, a few
// categories, the schemas (modelled on test/fixtures/blog) and a cms.config.json with public reads.
//
//   node bench/generate.mjs [--count 100000] [--out <tmpdir>/cms-bench/articles-<count>] [--seed 1]
//
// The same --count and --seed always give byte-identical files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/**
 * The default folder for a generated project of `count` articles: under the OS temp dir, not the
 * repository, because tsconfig includes bench/ and tsc would walk 100,000 files on every build.
 */
export function defaultProjectDir(count) {
  return path.join(os.tmpdir(), 'cms-bench', `articles-${count}`);
}

const SCHEMAS = {
  'article.json': {
    kind: 'collectionType',
    collectionName: 'articles',
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    options: { draftAndPublish: true },
    pluginOptions: {},
    attributes: {
      title: { type: 'string', required: true },
      slug: { type: 'uid', targetField: 'title' },
      body: { type: 'blocks' },
      summary: { type: 'text' },
      views: { type: 'integer' },
      rating: { type: 'decimal' },
      featured: { type: 'boolean' },
      publishedDate: { type: 'date' },
      tags: { type: 'json' },
      category: { type: 'enumeration', enum: ['news', 'guide', 'opinion'] },
      cover: { type: 'media', multiple: false, required: false, allowedTypes: ['images', 'files', 'videos', 'audios'] },
      gallery: { type: 'media', multiple: true, required: false, allowedTypes: ['images', 'files', 'videos', 'audios'] },
      author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles' },
      categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category', inversedBy: 'articles' },
      seo: { type: 'component', repeatable: false, component: 'shared.seo' },
      links: { type: 'component', repeatable: true, component: 'shared.link' },
    },
  },
  'author.json': {
    kind: 'collectionType',
    collectionName: 'authors',
    info: { singularName: 'author', pluralName: 'authors', displayName: 'Author' },
    options: { draftAndPublish: false },
    pluginOptions: {},
    attributes: {
      name: { type: 'string', required: true },
      email: { type: 'email' },
      bio: { type: 'text' },
      avatar: { type: 'media', multiple: false, required: false, allowedTypes: ['images'] },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' },
    },
  },
  'category.json': {
    kind: 'collectionType',
    collectionName: 'categories',
    info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
    options: { draftAndPublish: false },
    pluginOptions: {},
    attributes: {
      name: { type: 'string', unique: true },
      articles: { type: 'relation', relation: 'manyToMany', target: 'api::article.article', mappedBy: 'categories' },
    },
  },
  'components/shared/seo.json': {
    collectionName: 'components_shared_seos',
    info: { displayName: 'Seo', icon: 'search' },
    options: {},
    attributes: {
      metaTitle: { type: 'string' },
      metaDescription: { type: 'text' },
      shareImage: { type: 'media', multiple: false, required: false, allowedTypes: ['images'] },
    },
  },
  'components/shared/link.json': {
    collectionName: 'components_shared_links',
    info: { displayName: 'Link', icon: 'link' },
    options: {},
    attributes: { label: { type: 'string' }, url: { type: 'string' } },
  },
};

const CONFIG = {
  api: { rest: { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: true } },
  permissions: {
    public: [
      'api::article.article.find',
      'api::article.article.findOne',
      'api::author.author.find',
      'api::author.author.findOne',
      'api::category.category.find',
      'api::category.category.findOne',
    ],
  },
};

const WORDS = (
  'the a of and to in content file index query server schema document build static site editor ' +
  'author draft publish release version branch merge review search filter sort page cache fast ' +
  'simple plain text markdown json api client front end deploy git history change watch folder ' +
  'travel guide news opinion city coffee morning light river mountain garden kitchen recipe ' +
  'bread music concert film review book library history science space ocean climate energy ' +
  'market design product team remote office meeting hours weekend summer winter spring autumn'
).split(' ');
const CATEGORY_NAMES = [
  'Tech',
  'Travel',
  'Food',
  'Culture',
  'Science',
  'Business',
  'Design',
  'Health',
  'Sports',
  'Music',
  'Film',
  'Books',
  'Politics',
  'Climate',
  'Education',
  'Gaming',
  'Photography',
  'History',
  'Space',
  'Opinion',
];
const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Donald',
  'Hedy',
  'Tim',
  'Katherine',
  'John',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Knuth',
  'Lamarr',
  'Berners-Lee',
  'Johnson',
  'McCarthy',
];
const ENUM = ['news', 'guide', 'opinion'];
const TAGS = [
  'javascript',
  'typescript',
  'node',
  'cms',
  'git',
  'travel',
  'food',
  'tips',
  'listicle',
  'howto',
  'essay',
  'interview',
  'review',
  'release',
  'performance',
  'design',
];

/** mulberry32: a small seeded PRNG, enough for reproducible test data. */
function createRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, int, pick };
}

function createIds(random) {
  const seen = new Set();
  return () => {
    for (;;) {
      let id = String.fromCharCode(97 + random.int(0, 25));
      while (id.length < 24) id += random.int(0, 35).toString(36);
      if (!seen.has(id)) {
        seen.add(id);
        return id;
      }
    }
  };
}

function sentence(random, min, max) {
  const count = random.int(min, max);
  const words = [];
  for (let i = 0; i < count; i++) words.push(random.pick(WORDS));
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random, sentences) {
  const out = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(random, 6, 16));
  return out.join(' ');
}

function slugify(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function iso(ms) {
  return new Date(ms).toISOString();
}

function writeJson(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Generates the project; returns what it wrote. */
export function generateProject({ count, out, seed }) {
  const random = createRandom(seed);
  const nextId = createIds(random);
  fs.rmSync(out, { recursive: true, force: true });
  for (const dir of ['schemas/components/shared', 'content/articles', 'content/authors', 'content/categories', 'uploads']) {
    fs.mkdirSync(path.join(out, dir), { recursive: true });
  }
  for (const [name, schema] of Object.entries(SCHEMAS)) writeJson(path.join(out, 'schemas', name), schema);
  writeJson(path.join(out, 'cms.config.json'), CONFIG);

  const start = Date.UTC(2019, 0, 1);
  const span = Date.UTC(2025, 11, 31) - start;

  const categoryIds = CATEGORY_NAMES.map((name, i) => {
    const id = nextId();
    const at = iso(start + i * 60_000);
    writeJson(path.join(out, 'content/categories', `${id}.json`), { name, createdAt: at, updatedAt: at, publishedAt: at });
    return id;
  });

  const authorCount = Math.max(1, Math.round(count / 100));
  const authorIds = [];
  for (let i = 0; i < authorCount; i++) {
    const id = nextId();
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const at = iso(start + Math.floor(random.next() * span * 0.1));
    writeJson(path.join(out, 'content/authors', `${id}.json`), {
      name: `${first} ${last} ${i + 1}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}.${i + 1}@example.com`,
      bio: paragraph(random, 2),
      avatar: null,
      createdAt: at,
      updatedAt: at,
      publishedAt: at,
    });
    authorIds.push(id);
  }

  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const id = nextId();
    const title = sentence(random, 3, 8).slice(0, -1);
    const createdMs = start + Math.floor(random.next() * span);
    const updatedMs = createdMs + Math.floor(random.next() * 90 * 86_400_000);
    const published = random.next() < 0.95;
    const tagCount = random.int(0, 4);
    const tags = [];
    for (let t = 0; t < tagCount; t++) tags.push(random.pick(TAGS));
    const categoryCount = random.int(1, 3);
    const categories = [];
    for (let c = 0; c < categoryCount; c++) {
      const category = random.pick(categoryIds);
      if (!categories.includes(category)) categories.push(category);
    }
    const body = [];
    for (let p = 0; p < 5; p++) body.push({ type: 'paragraph', children: [{ type: 'text', text: paragraph(random, 4) }] });
    const linkCount = random.int(0, 2);
    const links = [];
    for (let l = 0; l < linkCount; l++) links.push({ label: random.pick(WORDS), url: `https://example.com/${random.pick(WORDS)}/${l}` });
    const document = {
      title,
      slug: `${slugify(title)}-${i + 1}`,
      body,
      summary: paragraph(random, 2),
      views: random.int(0, 1000),
      rating: Math.round(random.next() * 50) / 10,
      featured: random.next() < 0.1,
      publishedDate: iso(createdMs).slice(0, 10),
      tags,
      category: random.pick(ENUM),
      cover: null,
      gallery: [],
      author: random.pick(authorIds),
      categories,
      seo: { metaTitle: title.slice(0, 60), metaDescription: sentence(random, 12, 20), shareImage: null },
      links,
      createdAt: iso(createdMs),
      updatedAt: iso(updatedMs),
      ...(published ? { publishedAt: iso(updatedMs + random.int(0, 3_600_000)) } : {}),
    };
    const text = `${JSON.stringify(document, null, 2)}\n`;
    bytes += text.length;
    fs.writeFileSync(path.join(out, 'content/articles', `${id}.json`), text);
  }
  return { articles: count, authors: authorCount, categories: categoryIds.length, articleBytes: bytes };
}

function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
    },
  });
  const count = Number(values.count);
  const seed = Number(values.seed);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--count: expected a positive integer, got ${values.count}`);
  if (!Number.isInteger(seed)) throw new Error(`--seed: expected an integer, got ${values.seed}`);
  const out = path.resolve(values.out ?? defaultProjectDir(count));
  const started = performance.now();
  const result = generateProject({ count, out, seed });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `wrote ${out}: ${result.articles} articles (avg ${Math.round(result.articleBytes / result.articles)} B), ` +
      `${result.authors} authors, ${result.categories} categories in ${seconds} s`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
