import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CmsConfig } from '../../server/config/cms-config.js';
import { loadConfig } from '../../server/store/load-config.js';
import { ApiError } from '../../server/errors/api-error.js';
import type { DocumentQuery } from '../../server/query/document-query.js';
import { type RouteAction, parseDocumentQuery } from '../../server/query/parse-document-query.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { loadSchemas } from '../../server/store/load-schemas.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

const blogDir = path.join(FIXTURES_DIR, 'blog');
const registry = loadSchemas(blogDir);
const config = loadConfig(blogDir, { watch: false });

function parse(query: string, plural = 'articles', action: RouteAction = 'find', options: CmsConfig = config): DocumentQuery {
  return parseDocumentQuery(parseQueryString(query, options.limits), { type: registry.byRouteName.get(plural)!, registry, config: options, action });
}

function errorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    assert.instance(error, ApiError);
    return error as ApiError;
  }
  throw new Error('expected a 400');
}

test('an empty query: published, default locale, first page, nothing else', () => {
  const query = parse('');
  assert.equal(query.fields, undefined);
  assert.equal(query.filters, undefined);
  assert.equal(query.search, undefined);
  assert.equal(query.sort, []);
  assert.equal(query.pagination, { mode: 'page', start: 0, limit: 25, withCount: true });
  assert.is(query.populate.size, 0);
  assert.is(query.status, 'published');
  assert.is(query.locale, undefined);
});

test('every parameter of a list together', () => {
  const query = parse('fields=title&filters[views][$gt]=1&_q=x&pagination[page]=2&sort=views:desc&populate=author&status=draft&locale=fr');
  assert.equal(query.fields, ['title']);
  assert.equal(query.filters, { kind: 'compare', field: 'views', operator: '$gt', value: 1 });
  assert.is(query.search, 'x');
  assert.equal(query.sort, [{ path: ['views'], order: 'desc' }]);
  assert.equal(query.pagination, { mode: 'page', start: 25, limit: 25, withCount: true });
  assert.equal([...query.populate.keys()], ['author']);
  assert.is(query.status, 'draft');
  assert.is(query.locale, 'fr');
});

const STRICT: [name: string, query: string, plural: string, action: RouteAction, key: string][] = [
  ['an unknown key', 'foo=1', 'articles', 'find', 'foo'],
  ['a key without a value', 'debug', 'articles', 'find', 'debug'],
  ['keys are case-sensitive', 'Filters[views]=1', 'articles', 'find', 'Filters'],
  ['the v4 page key at the top', 'page=2', 'articles', 'find', 'page'],
  ['_q on get-one', '_q=x', 'articles', 'findOne', '_q'],
  ['pagination on get-one', 'pagination[page]=1', 'articles', 'findOne', 'pagination'],
  ['sort on a single type', 'sort=heroTitle', 'homepage', 'find', 'sort'],
  ['pagination on a single type', 'pagination[page]=1', 'homepage', 'find', 'pagination'],
  ['filters on create', 'filters[views]=1', 'articles', 'create', 'filters'],
];

for (const [name, query, plural, action, key] of STRICT) {
  test(`strictParams: ${name} (${action} ${query}) is 400 Invalid key`, () => {
    const error = errorOf(() => parse(query, plural, action));
    assert.is(error.status, 400);
    assert.is(error.name, 'ValidationError');
    assert.is(error.message, `Invalid key ${key}`);
    assert.equal(error.details, { key, path: null, source: 'query' });
  });
}

test('without strictParams unknown keys are ignored, and so are keys the route does not take', () => {
  const loose: CmsConfig = { ...config, rest: { ...config.rest, strictParams: false } };
  assert.equal(parse('foo=1&page=2', 'articles', 'find', loose).pagination, { mode: 'page', start: 0, limit: 25, withCount: true });
  assert.is(parse('_q=x', 'articles', 'findOne', loose).search, undefined);
});

test('the keys each route takes', () => {
  parse('fields=title&filters[views]=1&sort=title&populate=author&status=draft&locale=en', 'articles', 'findOne');
  parse('fields=title&populate=author&status=draft&locale=en', 'articles', 'create');
  parse('fields=heroTitle&filters[heroTitle]=x&populate=featuredArticle&status=draft', 'homepage', 'find');
});

const PARAMS: [name: string, query: string, message: string][] = [
  ['an unknown status (recorded case 82)', 'status=bogus', "Invalid parameter at 'status'. Expected 'published' or 'draft', received: bogus"],
  ['a status list', 'status[0]=draft', "Invalid parameter at 'status'. Expected 'published' or 'draft', received: [\"draft\"]"],
  ['_q as an object', '_q[a]=1', 'Invalid _q parameter. Expected a string'],
  ['a locale list', 'locale[0]=en', 'Invalid locale parameter. Expected a locale code'],
];

for (const [name, query, message] of PARAMS) {
  test(`400: ${name} (${query})`, () => {
    const error = errorOf(() => parse(query));
    assert.is(error.status, 400);
    assert.is(error.name, 'ValidationError');
    assert.is(error.message, message);
    assert.equal(error.details, {});
  });
}

test('locale=* is for lists only', () => {
  assert.is(parse('locale=*').locale, '*');
  assert.is(errorOf(() => parse('locale=*', 'articles', 'findOne')).status, 400);
});

test('an empty _q is kept as no search term for the engine to skip', () => {
  assert.is(parse('_q=').search, '');
  assert.is(parse('_q').search, undefined);
});

test('the first invalid parameter wins in a fixed order: filters, sort, fields', () => {
  assert.equal(errorOf(() => parse('fields=nope&sort=nope&filters[nope]=1')).details?.['param'], 'filters');
  assert.equal(errorOf(() => parse('fields=nope&sort=nope')).details?.['param'], 'sort');
});

test.run();
