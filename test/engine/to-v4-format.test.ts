import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toV4Format } from '../../server/engine/to-v4-format.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const registry = loadSchemas(path.join(FIXTURES_DIR, 'relations'));
const post = registry.byRouteName.get('posts')!;
const writer = registry.byRouteName.get('writers')!;

const ada = { id: 1, documentId: 'ada', name: 'Ada' };
const red = { id: 7, documentId: 'red', name: 'red.png', url: '/uploads/red.png' };

const cases: [name: string, type: typeof post, input: unknown, expected: unknown][] = [
  ['null stays null', post, null, null],
  [
    'a document moves its fields under attributes',
    post,
    { id: 3, documentId: 'hello', title: 'Hello', views: 10 },
    { id: 3, documentId: 'hello', attributes: { title: 'Hello', views: 10 } },
  ],
  [
    'a list maps each document',
    writer,
    [ada, { id: 2, documentId: 'grace', name: 'Grace' }],
    [
      { id: 1, documentId: 'ada', attributes: { name: 'Ada' } },
      { id: 2, documentId: 'grace', attributes: { name: 'Grace' } },
    ],
  ],
  [
    'a to-one relation is {data: document}',
    post,
    { id: 3, documentId: 'hello', writer: ada },
    { id: 3, documentId: 'hello', attributes: { writer: { data: { id: 1, documentId: 'ada', attributes: { name: 'Ada' } } } } },
  ],
  [
    'an empty to-one relation is {data: null}',
    post,
    { id: 3, documentId: 'hello', writer: null },
    { id: 3, documentId: 'hello', attributes: { writer: { data: null } } },
  ],
  [
    'a to-many relation is {data: [documents]}',
    writer,
    { ...ada, posts: [{ id: 3, documentId: 'hello', title: 'Hello' }] },
    {
      id: 1,
      documentId: 'ada',
      attributes: { name: 'Ada', posts: { data: [{ id: 3, documentId: 'hello', attributes: { title: 'Hello' } }] } },
    },
  ],
  ['an empty to-many relation is {data: []}', writer, { ...ada, posts: [] }, { id: 1, documentId: 'ada', attributes: { name: 'Ada', posts: { data: [] } } }],
  [
    'a count goes under data.attributes, as Strapi transforms it',
    writer,
    { ...ada, posts: { count: 2 } },
    { id: 1, documentId: 'ada', attributes: { name: 'Ada', posts: { data: { attributes: { count: 2 } } } } },
  ],
  [
    'a single media is {data: file}',
    post,
    { id: 3, documentId: 'hello', cover: red },
    {
      id: 3,
      documentId: 'hello',
      attributes: { cover: { data: { id: 7, documentId: 'red', attributes: { name: 'red.png', url: '/uploads/red.png' } } } },
    },
  ],
  [
    'an empty single media is {data: null}',
    post,
    { id: 3, documentId: 'hello', cover: null },
    { id: 3, documentId: 'hello', attributes: { cover: { data: null } } },
  ],
  [
    'a multiple media is {data: [files]}',
    post,
    { id: 3, documentId: 'hello', gallery: [red] },
    {
      id: 3,
      documentId: 'hello',
      attributes: { gallery: { data: [{ id: 7, documentId: 'red', attributes: { name: 'red.png', url: '/uploads/red.png' } }] } },
    },
  ],
  [
    'an empty multiple media is {data: []}',
    post,
    { id: 3, documentId: 'hello', gallery: [] },
    { id: 3, documentId: 'hello', attributes: { gallery: { data: [] } } },
  ],
  [
    'a media count goes under data.attributes',
    post,
    { id: 3, documentId: 'hello', gallery: { count: 2 } },
    { id: 3, documentId: 'hello', attributes: { gallery: { data: { attributes: { count: 2 } } } } },
  ],
  [
    'a component stays flat, its relations and media wrapped, nested components flat',
    post,
    {
      id: 3,
      documentId: 'hello',
      hero: {
        id: 1,
        heading: 'Welcome',
        image: red,
        author: ada,
        cta: { id: 1, label: 'Go', icon: null, target: { id: 4, documentId: 'intro', title: 'Intro' } },
      },
    },
    {
      id: 3,
      documentId: 'hello',
      attributes: {
        hero: {
          id: 1,
          heading: 'Welcome',
          image: { data: { id: 7, documentId: 'red', attributes: { name: 'red.png', url: '/uploads/red.png' } } },
          author: { data: { id: 1, documentId: 'ada', attributes: { name: 'Ada' } } },
          cta: { id: 1, label: 'Go', icon: { data: null }, target: { data: { id: 4, documentId: 'intro', attributes: { title: 'Intro' } } } },
        },
      },
    },
  ],
  ['an empty component stays null', post, { id: 3, documentId: 'hello', hero: null }, { id: 3, documentId: 'hello', attributes: { hero: null } }],
  [
    'dynamic-zone entries stay flat, with their own relations and media wrapped',
    post,
    {
      id: 3,
      documentId: 'hello',
      sections: [
        { id: 1, body: 'Text', __component: 'content.text' },
        { id: 2, caption: 'Pixels', images: [red], people: [ada], __component: 'content.gallery-block' },
        { id: 3, heading: 'Inline', author: null, __component: 'layout.hero' },
      ],
    },
    {
      id: 3,
      documentId: 'hello',
      attributes: {
        sections: [
          { id: 1, body: 'Text', __component: 'content.text' },
          {
            id: 2,
            caption: 'Pixels',
            images: { data: [{ id: 7, documentId: 'red', attributes: { name: 'red.png', url: '/uploads/red.png' } }] },
            people: { data: [{ id: 1, documentId: 'ada', attributes: { name: 'Ada' } }] },
            __component: 'content.gallery-block',
          },
          { id: 3, heading: 'Inline', author: { data: null }, __component: 'layout.hero' },
        ],
      },
    },
  ],
  [
    'nested documents are transformed at every level',
    writer,
    { ...ada, posts: [{ id: 3, documentId: 'hello', tags: [{ id: 9, documentId: 'tech', name: 'Tech', parent: null }] }] },
    {
      id: 1,
      documentId: 'ada',
      attributes: {
        name: 'Ada',
        posts: {
          data: [
            {
              id: 3,
              documentId: 'hello',
              attributes: { tags: { data: [{ id: 9, documentId: 'tech', attributes: { name: 'Tech', parent: { data: null } } }] } },
            },
          ],
        },
      },
    },
  ],
];

for (const [name, type, input, expected] of cases) {
  test(name, () => {
    assert.equal(toV4Format(registry, type, input), expected);
  });
}

test.run();
