import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { expectApiError } from '../helpers/expect-api-error.js';
import type { SortKey } from '../../server/query/document-query.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { parseSort } from '../../server/query/parse-sort.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const typesDir = path.join(FIXTURES_DIR, 'query-types');
const types = loadSchemas(typesDir);
const blog = loadSchemas(path.join(FIXTURES_DIR, 'blog'));
const limits = loadConfig(typesDir, { watch: false }).limits;

function parse(query: string, registry = types, plural = 'samples'): SortKey[] {
  return parseSort(parseQueryString(query, limits)['sort'], registry, registry.byRouteName.get(plural)!);
}

const asc = (...path: string[]): SortKey => ({ path, order: 'asc' });
const desc = (...path: string[]): SortKey => ({ path, order: 'desc' });

const FORMS: [name: string, query: string, expected: SortKey[]][] = [
  ['no sort', '', []],
  ['an empty sort', 'sort=', []],
  ['a field sorts ascending', 'sort=label', [asc('label')]],
  ['field:desc', 'sort=label:desc', [desc('label')]],
  ['the order is case-insensitive', 'sort=label:DESC', [desc('label')]],
  ['ASC', 'sort=label:ASC', [asc('label')]],
  ['spaces around the parts', 'sort= label : desc ', [desc('label')]],
  ['a comma list', 'sort=label:asc,count:desc', [asc('label'), desc('count')]],
  ['empty and trailing commas are ignored', 'sort=label,,count,', [asc('label'), asc('count')]],
  ['parts after the order are ignored, as in Strapi', 'sort=label:desc:asc', [desc('label')]],
  ['an array', 'sort[0]=label:desc&sort[1]=count', [desc('label'), asc('count')]],
  ['an array item with commas', 'sort[0]=label,count:desc', [asc('label'), desc('count')]],
  ['a repeated key', 'sort=label&sort=count:desc', [asc('label'), desc('count')]],
  ['an object', 'sort[label]=desc', [desc('label')]],
  ['an object with two fields', 'sort[label]=desc&sort[count]=asc', [desc('label'), asc('count')]],
  ['an array of objects', 'sort[0][label]=desc&sort[1][count]=asc', [desc('label'), asc('count')]],
  ['an object field without an order is dropped', 'sort[label]=&sort[count]=desc', [desc('count')]],
  ['a dotted relation path', 'sort=owner.name:desc', [desc('owner', 'name')]],
  ['a nested object through a relation', 'sort[owner][name]=asc', [asc('owner', 'name')]],
  [
    'system fields',
    'sort=id,documentId:desc,createdAt,updatedAt,publishedAt',
    [asc('id'), desc('documentId'), asc('createdAt'), asc('updatedAt'), asc('publishedAt')],
  ],
  ['a system field through a relation', 'sort=owner.createdAt', [asc('owner', 'createdAt')]],
  ['the mappedBy side', 'sort=samples.count', [asc('samples', 'count')]],
];

for (const [name, query, expected] of FORMS) {
  test(`${name} (${query})`, () => {
    assert.equal(parse(query, types, query.includes('samples.') ? 'people' : 'samples'), expected);
  });
}

test('a component field (seo.metaTitle) on the blog', () => {
  assert.equal(parse('sort=seo.metaTitle:desc', blog, 'articles'), [desc('seo', 'metaTitle')]);
});

const KEY = (key: string, pathValue: string | null, message = `Invalid key ${key}`) => ({
  message,
  details: { key, path: pathValue, source: 'query', param: 'sort' },
});
const PARAM = (message: string) => ({ message, details: {} });
const ORDER = PARAM('Invalid order. order can only be one of asc|desc|ASC|DESC');

const ERRORS: [name: string, query: string, expected: { message: string; details: Record<string, unknown> }, registry?: 'blog'][] = [
  ['an unknown order (recorded case 66)', 'sort=label:sideways', ORDER],
  ['an empty order', 'sort=label:', ORDER],
  ['an unknown order in an object', 'sort[label]=up', ORDER],
  ['an unknown order in an array item', 'sort[0]=label&sort[1]=count:x', ORDER],
  ['an empty field', 'sort=:desc', PARAM('Field cannot be empty')],
  ['an array where an order belongs', 'sort[label][0]=asc', PARAM('Invalid sort type expected object or string got object')],
  ['no value where an order belongs', 'sort[label]', PARAM('Invalid sort type expected object or string got object')],
  ['an unknown field', 'sort=nope', KEY('nope', null)],
  ['field names are case-sensitive', 'sort=Label', KEY('Label', null)],
  ['a private field is named with its path', 'sort=secret', KEY('secret', 'secret')],
  ['a password', 'sort=pass:desc', KEY('pass', 'pass')],
  ['a relation without a field', 'sort=owner', KEY('owner', 'owner')],
  ['a private relation', 'sort=reviewer.name', KEY('reviewer', 'reviewer')],
  ['an unknown field through a relation', 'sort=owner.nope', KEY('nope', 'owner', 'Invalid key nope at owner')],
  ['a private field through a relation', 'sort[owner][secret]=asc', KEY('secret', 'owner.secret', 'Invalid key secret at owner.secret')],
  ['a path below a scalar', 'sort=label.length', KEY('label', 'label')],
  ['a dynamic zone', 'sort=blocks', KEY('blocks', 'blocks'), 'blog'],
  ['a component without a field', 'sort=seo', KEY('seo', 'seo'), 'blog'],
  ['an unknown field of a component', 'sort=seo.nope', KEY('nope', 'seo', 'Invalid key nope at seo'), 'blog'],
];

for (const [name, query, expected, registry] of ERRORS) {
  test(`400: ${name} (${query})`, () => {
    expectApiError(() => parse(query, registry === 'blog' ? blog : types, registry === 'blog' ? 'articles' : 'samples'), {
      status: 400,
      name: 'ValidationError',
      ...expected,
    });
  });
}

test.run();
