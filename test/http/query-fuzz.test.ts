import http from 'node:http';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Thousands of random and hostile query strings against a real server: every answer must be a
// client error or a success in Strapi's envelope, never a 500, and the server must keep serving.
// The generator is seeded, so a failure names a query that reproduces on every run.

const SEED = 20_260_101;
const QUERIES_PER_SERVER = 1000;
const CONCURRENCY = 8;
/** A liveness bound, not a performance assertion: a request that hangs this long has hung. */
const HANG_MS = 10_000;

let types: TestServer;
let blog: TestServer;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

test.before(async () => {
  [types, blog] = await Promise.all([startTestServer('query-types'), startTestServer('blog')]);
});
test.after(async () => {
  agent.destroy();
  await Promise.all([types.close(), blog.close()]);
});

/** mulberry32: small, fast, good enough to spread the cases. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof createRandom>;

const OPERATORS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$null',
  '$notNull',
  '$between',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$or',
  '$and',
  '$not',
  '$EQ',
  '$STARTSWITH',
  '$jsonSupersetOf',
  '$',
  '$$',
  '$in ',
  'ID',
  'id',
  'documentId',
];
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '',
  ' ',
  '0',
  '101',
  '-1',
  '1e3',
  'NaN',
  '[',
  ']',
  '..',
  '%00',
];
const TOP_KEYS = [
  'filters',
  'sort',
  'fields',
  'populate',
  'pagination',
  'status',
  'locale',
  '_q',
  'publicationFilter',
  'page',
  'pageSize',
  'FILTERS',
  '__proto__',
  'constructor',
];
const PAGINATION_KEYS = ['page', 'pageSize', 'start', 'limit', 'withCount'];
const VALUES = [
  '',
  '0',
  '1',
  '-1',
  '5',
  '42',
  '1.5',
  '-0',
  '1e308',
  '1e-308',
  '9007199254740993',
  '99999999999999999999',
  '-99999999999999999999',
  'NaN',
  'Infinity',
  'true',
  'false',
  't',
  'f',
  'null',
  'undefined',
  '2024-01-15',
  '2024-02-30',
  '2024-01-15T08:30:00Z',
  '+275760-09-13T00:00:00.001Z',
  '08:30',
  '25:61',
  'abc',
  'Hello World',
  'émile',
  'ÉMILE',
  '😀',
  '%',
  '%25',
  '_',
  '\\',
  "'",
  '"',
  '*',
  '**',
  'asc',
  'desc',
  'ASC',
  'label:desc',
  'a:b:c',
  ':',
  ',',
  ',,,',
  '[]',
  '{}',
  '[object Object]',
  'published',
  'draft',
  'en',
  'fr',
  '*',
  's-hello',
  'p-ada',
];
const ENCODINGS = [
  '%',
  '%%',
  '%Z',
  '%ZZ',
  '%C0%AF',
  '%FF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%00',
  '%0A',
  '%0D%0A',
  '%5B',
  '%5D',
  '%255B',
  '%26',
  '%3D',
  '%2B',
  '+',
  '%E2%80%AE',
  '%EF%BB%BF',
];

/** Filters that parse: a real attribute path, a real operator and a value of the right type. */
const PLAUSIBLE: Record<'types' | 'blog', readonly [path: string, values: readonly string[]][]> = {
  types: [
    ['label', ['Hello%20World', 'e', 'Z', '%25', '_', '%C3%89mile', '']],
    ['count', ['0', '5', '-3', '1000']],
    ['big', ['9007199254740993', '-5', '0']],
    ['ratio', ['1.5', '-0.5', '1e2']],
    ['flag', ['true', 'f', '1']],
    ['day', ['2024-01-15', '2023-12-31']],
    ['clock', ['08:30', '23:59:59.999']],
    ['moment', ['2024-01-15T08:30:00Z', '1705307400000']],
    ['stamp', ['1705307400000', '2024-01-15']],
    ['meta', ['intro', '%5B%5D']],
    ['owner][name', ['Ada%20Lovelace', 'a']],
    ['owner][samples][label', ['Zebra', 'e']],
    ['owner', ['1', '2']],
    ['id', ['1', '2']],
    ['documentId', ['s-hello', 'p-ada']],
  ],
  blog: [
    ['title', ['Hello%20World', 'e', 'Z']],
    ['views', ['5', '42', '0']],
    ['rating', ['4.5', '3']],
    ['featured', ['true', 'false']],
    ['tags', ['intro']],
    ['author][name', ['Alan%20Turing', 'a']],
    ['categories][name', ['Science', 'e']],
    ['seo][metaTitle', ['Hello']],
    ['links][url', ['https']],
    ['cover][ext', ['.png']],
    ['gallery][name', ['blue-pixel.png']],
    ['author][articles][title', ['Zebra%20facts']],
  ],
};
const GOOD_OPERATORS = [
  '$eq',
  '$ne',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$contains',
  '$notContains',
  '$containsi',
  '$startsWith',
  '$endsWithi',
  '$eqi',
  '$nei',
  '$null',
  '$notNull',
];

function plausibleFilter(random: Random, server: 'types' | 'blog'): string {
  const [path, values] = random.pick(PLAUSIBLE[server]);
  const prefix = random.pick(['filters', 'filters[$not]', `filters[$or][${random.int(3)}]`, `filters[$and][${random.int(3)}]`, 'filters[$not][$or][0]']);
  const operator = random.pick(GOOD_OPERATORS);
  if (random.int(5) === 0) return `${prefix}[${path}][$in][0]=${random.pick(values)}&${prefix}[${path}][$in][1]=${random.pick(values)}`;
  return `${prefix}[${path}]${random.int(4) === 0 ? '' : `[${operator}]`}=${random.pick(values)}`;
}

function attributeNames(server: 'types' | 'blog'): string[] {
  return server === 'types'
    ? [
        'label',
        'note',
        'body',
        'code',
        'mail',
        'kind',
        'count',
        'big',
        'ratio',
        'price',
        'flag',
        'day',
        'clock',
        'moment',
        'stamp',
        'meta',
        'doc',
        'secret',
        'pass',
        'quiet',
        'owner',
        'reviewer',
        'samples',
        'name',
        'createdAt',
        'locale',
      ]
    : [
        'title',
        'slug',
        'body',
        'summary',
        'views',
        'rating',
        'featured',
        'publishedDate',
        'tags',
        'category',
        'cover',
        'gallery',
        'author',
        'categories',
        'seo',
        'links',
        'blocks',
        'name',
        'articles',
        'metaTitle',
        'shareImage',
        'label',
        'url',
        'ext',
      ];
}

function value(random: Random): string {
  switch (random.int(6)) {
    case 0:
      return encodeURIComponent(random.pick(VALUES));
    case 1:
      return random.pick(VALUES).replace(/[^A-Za-z0-9_.:,*-]/gu, (c) => encodeURIComponent(c));
    case 2:
      return random.pick(ENCODINGS) + random.pick(ENCODINGS);
    case 3:
      return String(Math.floor((random.next() - 0.5) * 10 ** random.int(25)));
    case 4:
      return 'x'.repeat(random.int(2000));
    default:
      return Array.from({ length: random.int(12) }, () => String.fromCharCode(0x21 + random.int(0xff - 0x21)))
        .join('')
        .replace(/[&#=\s%]/g, '');
  }
}

function segment(random: Random, names: readonly string[]): string {
  const roll = random.int(10);
  if (roll < 4) return random.pick(names);
  if (roll < 7) return random.pick(OPERATORS);
  if (roll < 8) return String(random.int(120));
  if (roll < 9) return random.pick(HOSTILE_KEYS);
  return random.pick(ENCODINGS);
}

function bracketPath(random: Random, names: readonly string[], depth: number): string {
  return Array.from({ length: depth }, () => `[${segment(random, names)}]`).join('');
}

/** A well-formed request to the main type, so the engine runs on it (half of them). */
function plausibleRequest(random: Random, server: 'types' | 'blog'): string {
  const parts: string[] = [];
  const filters = 1 + random.int(3);
  for (let i = 0; i < filters; i++) parts.push(plausibleFilter(random, server));
  if (random.int(3) === 0)
    parts.push(`sort=${random.pick(server === 'types' ? ['label', 'count:desc', 'owner.name', 'day,label:desc'] : ['title', 'views:desc', 'author.name'])}`);
  if (random.int(4) === 0) parts.push(`populate=${server === 'types' ? 'owner' : random.pick(['*', 'author', 'seo', 'blocks'])}`);
  if (random.int(4) === 0) return `${server === 'types' ? '/api/samples/s-hello' : '/api/articles/n0rkkhkmxloujb87i7huf7if'}?${parts.join('&')}`;
  if (random.int(3) === 0) parts.push(`pagination[${random.pick(['page', 'pageSize', 'start', 'limit'])}]=${random.int(5)}`);
  if (random.int(4) === 0) parts.push(`_q=${random.pick(['e', 'HELLO', '1', '%25'])}`);
  return `${server === 'types' ? '/api/samples' : '/api/articles'}?${parts.join('&')}`;
}

/** One hostile query string: a few parameters from one of several families. */
function query(random: Random, server: 'types' | 'blog'): string {
  const names = attributeNames(server);
  const parts: string[] = [];
  const count = 1 + random.int(3);
  for (let i = 0; i < count; i++) {
    switch (random.int(12)) {
      case 0:
      case 1:
      case 2:
        // operator soup under filters
        parts.push(`filters${bracketPath(random, names, 1 + random.int(5))}${random.int(8) === 0 ? '' : `=${value(random)}`}`);
        break;
      case 3:
        // nesting past qs's depth of 20
        parts.push(`filters${'[$and][0]'.repeat(8 + random.int(20))}[${random.pick(names)}]=${value(random)}`);
        break;
      case 4: {
        // arrays around and past the limit of 100
        const length = 90 + random.int(120);
        const key = `${random.pick(['filters', 'sort', 'fields', 'populate'])}${random.int(2) ? `[${random.pick(names)}][${random.pick(['$in', '$notIn', '$or', '$between', '$contains'])}]` : ''}`;
        for (let k = 0; k < length; k++) parts.push(random.int(3) ? `${key}[${k}]=${random.int(3) ? random.pick(names) : k}` : `${key}[]=${k}`);
        break;
      }
      case 5:
        parts.push(
          `sort=${Array.from({ length: 1 + random.int(4) }, () => `${random.int(2) ? random.pick(names) : segment(random, names)}${random.int(2) ? `:${random.pick(['asc', 'desc', 'DESC', 'up', ''])}` : ''}`).join(random.pick([',', '.', ',,']))}`,
        );
        break;
      case 6:
        parts.push(`sort${bracketPath(random, names, 1 + random.int(3))}=${random.pick(['asc', 'desc', '', 'x'])}`);
        break;
      case 7:
        parts.push(`fields${random.int(2) ? `[${random.int(3)}]` : ''}=${Array.from({ length: 1 + random.int(3) }, () => random.pick(names)).join(',')}`);
        break;
      case 8:
        parts.push(
          `populate${random.int(2) ? bracketPath(random, names, 1 + random.int(6)) : ''}=${random.pick(['*', 'true', 'false', random.pick(names), `${random.pick(names)}.${random.pick(names)}`, value(random)])}`,
        );
        break;
      case 9:
        parts.push(`pagination[${random.pick(PAGINATION_KEYS)}]=${value(random)}`);
        break;
      case 10:
        parts.push(`${random.pick(TOP_KEYS)}=${value(random)}`);
        break;
      default:
        // bracket soup
        parts.push(
          Array.from({ length: 1 + random.int(30) }, () =>
            random.pick(['[', ']', '[]', '][', '=', '&', 'a', '$or', '0', '%5B', '%5D', '__proto__', ...names.slice(0, 4)]),
          ).join(''),
        );
    }
  }
  const text = parts.join('&');
  // A few queries go past the byte limits: ours (16 KB) and Node's header limit (16 KiB).
  if (random.int(40) === 0) return `${text}&_q=${'y'.repeat(15_000 + random.int(3000))}`;
  return text;
}

function route(random: Random, server: 'types' | 'blog'): string {
  const lists = server === 'types' ? ['/api/samples', '/api/people'] : ['/api/articles', '/api/authors', '/api/categories', '/api/homepage'];
  const ones =
    server === 'types'
      ? [
          '/api/samples/s-hello',
          '/api/samples/s-empty',
          '/api/people/p-ada',
          '/api/samples/nope',
          '/api/samples/..%2F..%2Fcms.config',
          '/api/samples/%00',
          '/api/samples/S-HELLO',
        ]
      : ['/api/articles/n0rkkhkmxloujb87i7huf7if', '/api/articles/evk8tg6571mbjyyajra4d0ca', '/api/authors/uqx84vzsfx8n4s3jmqvmxv37', '/api/articles/%2e%2e'];
  return random.int(3) === 0 ? random.pick(ones) : random.pick(lists);
}

interface Answer {
  readonly status: number;
  readonly text: string;
}

function send(url: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url + path, { agent, timeout: HANG_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${HANG_MS} ms`)));
    request.on('error', reject);
  });
}

/** What an answer must look like: a 2xx/4xx in Strapi's envelope (431 comes from Node itself, before the app). */
function problemWith(answer: Answer): string | undefined {
  if (answer.status === 431) return undefined;
  if (answer.status >= 500 || answer.status < 200) return `status ${answer.status}`;
  let body: { data?: unknown; error?: { status?: unknown; name?: unknown; message?: unknown } };
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    return `not JSON: ${answer.text.slice(0, 200)}`;
  }
  if (answer.status >= 400) {
    if (body.data !== null || body.error?.status !== answer.status || typeof body.error.name !== 'string' || typeof body.error.message !== 'string') {
      return `not an error envelope: ${answer.text.slice(0, 200)}`;
    }
  } else if (!('data' in body)) {
    return `no data: ${answer.text.slice(0, 200)}`;
  }
  return undefined;
}

async function fuzz(server: TestServer, name: 'types' | 'blog', seed: number): Promise<void> {
  const random = createRandom(seed);
  const paths = Array.from({ length: QUERIES_PER_SERVER }, () =>
    random.int(2) === 0 ? plausibleRequest(random, name) : `${route(random, name)}?${query(random, name)}`,
  );
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        let answer: Answer;
        try {
          answer = await send(server.url, path);
        } catch (error) {
          failures.push(`${(error as Error).message}: ${path.slice(0, 300)}`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const problem = problemWith(answer);
        if (problem) failures.push(`${problem}: GET ${path.slice(0, 300)}`);
      }
    }),
  );
  assert.equal(failures.slice(0, 10), [], `${failures.length} bad answers`);
  // The fuzz reaches both outcomes, or it tests less than it claims.
  assert.ok((statuses.get(200) ?? 0) > 0 && (statuses.get(400) ?? 0) > 0, `statuses: ${JSON.stringify([...statuses])}`);
  const health = await send(server.url, '/_health');
  assert.is(health.status, 204);
  assert.equal(
    server.logs.filter((line) => line.startsWith('error:')),
    [],
  );
}

test('random and hostile queries on the query-types project: never a 500, never a hang', async () => {
  await fuzz(types, 'types', SEED);
});

test('random and hostile queries on the blog (components, media, dynamic zones): never a 500', async () => {
  await fuzz(blog, 'blog', SEED + 1);
});

test('queries built to be expensive are answered', async () => {
  const deep = `filters${'[owner][samples]'.repeat(9)}[label][$contains]=e`;
  const wide = Array.from({ length: 100 }, (_, i) => `filters[$or][${i}][samples][owner][samples][count][$gte]=${i}`).join('&');
  const longIn = Array.from({ length: 100 }, (_, i) => `filters[label][$in][${i}]=${'z'.repeat(100)}${i}`).join('&');
  for (const path of [`/api/samples?${deep}`, `/api/people?${wide}`, `/api/samples?${longIn}&sort=owner.name:desc,label`]) {
    const answer = await send(types.url, path);
    assert.is(problemWith(answer), undefined, path.slice(0, 200));
    assert.is(answer.status, 200);
  }
});

test.run();
