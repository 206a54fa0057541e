import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../server/store/load-config.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import type { Status } from '../../server/content-index/entry.js';
import { compileFilter } from '../../server/engine/compile-filter.js';
import type { ReadContext } from '../../server/engine/read-context.js';
import type { FilterNode } from '../../server/query/filter-node.js';
import { parseFilters } from '../../server/query/parse-filters.js';
import { parseQueryString } from '../../server/query/parse-query-string.js';
import { FIXTURES_DIR } from '../helpers/paths.js';

/** A fixture project read into an index (read-only: nothing is written, so no temp copy). */
function openFixture(name: string) {
  const dir = path.join(FIXTURES_DIR, name);
  const config = loadConfig(dir, { watch: false });
  const index = loadTestProject(dir, config.i18n).index;
  return { config, index };
}

const types = openFixture('query-types');
const blog = openFixture('blog');

/** Readable names for the blog fixture's documentIds (the query-types fixture's ids are readable already). */
const BLOG_NAMES: Record<string, string> = {
  n0rkkhkmxloujb87i7huf7if: 'hello',
  z041qrnkdex5f4439ngy6wuh: 'apple',
  opniw21e4afikr4ltb3j5uzy: 'zebra',
  eopqbk5pxdvx55xuuk2proo9: 'tabs',
  thpng03diq57e9mwj3bzgoos: 'emile',
  dwskr8keskm6eso8drwmjp4i: 'tips',
  frng3kwg77f1y4f8w2dv4xc9: 'orphan',
  ym3ujlr8u31woavwnw3hg7qx: 'minimal',
  vbu1g17v4j38gcr3jzhybjnd: 'science',
  zuvut7z9xszedzzlwpit2luk: 'edited',
  evk8tg6571mbjyyajra4d0ca: 'draft-features',
  xb20k8enrgeqpua1lq5cdjoh: 'draft-secret',
  uqx84vzsfx8n4s3jmqvmxv37: 'ada',
  qlbzjy8ymwitxmczph8a7en0: 'alan',
  sjlq8hgxw8ame5jqieu9qb6m: 'grace',
  zltqvqf04d5e839ng102ihtk: 'technology',
  whpu1a5b21rfdxubibbra8j2: 'science',
  h2sx3g1avdmoa1tsvmlh38lo: 'culture',
  kgij077343nt9lhyy1ycu5vb: 'travel',
};

type Fixture = ReturnType<typeof openFixture>;

function contextOf(fixture: Fixture, status: Status): ReadContext {
  return { index: fixture.index, status, locale: undefined, defaultLocale: fixture.config.i18n.defaultLocale, warn: () => {} };
}

/** The documents of `plural` a `filters[...]` query string keeps, by readable name, in default order. */
function select(fixture: Fixture, plural: string, query: string, status: Status = 'published'): string[] {
  const type = fixture.index.registry.byRouteName.get(plural)!;
  const raw = parseQueryString(query, fixture.config.limits);
  const filters = parseFilters(raw['filters'], fixture.index.registry, { kind: 'document', set: type });
  const entries = fixture.index.entries(type, status, null);
  const kept = filters === undefined ? entries : entries.filter(compileFilter(contextOf(fixture, status), type, filters));
  return kept.map((entry) => BLOG_NAMES[entry.documentId] ?? entry.documentId.replace(/^[sp]-/, ''));
}

const sampleType = types.index.registry.byRouteName.get('samples')!;
const idOf = (documentId: string) => types.index.findEntry(sampleType, documentId, 'published', null)!.id;
const personType = types.index.registry.byRouteName.get('people')!;
const personId = (documentId: string) => types.index.findEntry(personType, documentId, 'published', null)!.id;
const mediaId = (file: string) => blog.index.media.findByPath(file)!.id;

const ALL = ['hello', 'apple', 'zebra', 'emile', 'emile-lower', 'wild', 'empty', 'emoji', 'fullwidth'];
const but = (...names: string[]) => ALL.filter((name) => !names.includes(name));

// The query-types fixture, in default order:
//   name         label            count  big               ratio  price  flag   day         clock         stamp/moment
//   hello        Hello World      5      9007199254740993  1.5    10.25  true   2024-01-15  08:30:00.000  2024-01-15T08:30:00.000Z
//   apple        apple pie        42     12                -0.5   3      false  2023-12-31  23:59:59.999  2023-12-31T23:59:59.999Z
//   zebra        Zebra            -3     -5                0      0      true   2025-06-01  00:00:00.000  2025-06-01T00:00:00.000Z
//   emile        Émile            0      0                 2.25   99.99  false  2024-02-29  12:00:00.000  2024-02-29T12:00:00.000Z
//   emile-lower  émile            7      7                 7.5    7.5    true   2024-03-01  12:00:00.000  2024-03-01T12:00:00.000Z
//   wild         100% pure_joy    100    100               100    100    null   null        null          null
//   empty        (every attribute null)
//   emoji        😀 smile         1000   1000              -10    -10    false  1999-12-31  06:00:00.000  1999-12-31T06:00:00.000Z
//   fullwidth    ｆｕｌｌ           8      8                 8      8      true   2024-01-15  08:30:00.000  2024-01-15T08:30:00.001Z
const SAMPLE_CASES: [name: string, query: string, expected: string[]][] = [
  // integer, every operator
  ['$eq on an integer', 'filters[count][$eq]=5', ['hello']],
  ['a bare value is $eq', 'filters[count]=5', ['hello']],
  ['$ne never matches NULL', 'filters[count][$ne]=5', but('hello', 'empty')],
  ['$lt', 'filters[count][$lt]=0', ['zebra']],
  ['$lte', 'filters[count][$lte]=0', ['zebra', 'emile']],
  ['$gt compares numbers, not text', 'filters[count][$gt]=42', ['wild', 'emoji']],
  ['$gte', 'filters[count][$gte]=42', ['apple', 'wild', 'emoji']],
  ['$in', 'filters[count][$in][0]=5&filters[count][$in][1]=7', ['hello', 'emile-lower']],
  ['a bare array is $in', 'filters[count][0]=5&filters[count][1]=7', ['hello', 'emile-lower']],
  ['$in with a single value', 'filters[count][$in]=5', ['hello']],
  ['$notIn never matches NULL', 'filters[count][$notIn][0]=5&filters[count][$notIn][1]=7', but('hello', 'emile-lower', 'empty')],
  ['$notIn with a NULL in the list matches nothing (x NOT IN (5, NULL))', 'filters[count][$notIn][0]=5&filters[count][$notIn][1]', []],
  ['$in with a NULL in the list still matches the others', 'filters[count][$in][0]=5&filters[count][$in][1]', ['hello']],
  ['$between is inclusive', 'filters[count][$between][0]=0&filters[count][$between][1]=8', ['hello', 'emile', 'emile-lower', 'fullwidth']],
  ['$eq with an array is the OR of each', 'filters[count][$eq][0]=5&filters[count][$eq][1]=7', ['hello', 'emile-lower']],
  ['$gt with an array is the OR of each', 'filters[count][$gt][0]=500&filters[count][$gt][1]=99', ['wild', 'emoji']],
  ['$eq null (no value) is IS NULL', 'filters[count][$eq]', ['empty']],
  ['$ne null (no value) is IS NOT NULL', 'filters[count][$ne]', but('empty')],
  ['$lt null matches nothing', 'filters[count][$lt]', []],
  ['$contains on an integer compares its text', 'filters[count][$contains]=0', ['emile', 'wild', 'emoji']],
  ['$startsWith on an integer', 'filters[count][$startsWith]=-', ['zebra']],
  ['$not on an attribute excludes NULL', 'filters[count][$not][$eq]=5', but('hello', 'empty')],
  ['$not with a bare value', 'filters[count][$not]=5', but('hello', 'empty')],
  ['$not around $in excludes NULL', 'filters[count][$not][$in][0]=5&filters[count][$not][$in][1]=7', but('hello', 'emile-lower', 'empty')],
  ['two operators on one attribute must both hold', 'filters[count][$gt]=0&filters[count][$lt]=10', ['hello', 'emile-lower', 'fullwidth']],
  ['$or at attribute level', 'filters[count][$or][0][$lt]=0&filters[count][$or][1][$gt]=100', ['zebra', 'emoji']],
  ['$and at attribute level', 'filters[count][$and][0][$gt]=0&filters[count][$and][1][$lt]=8', ['hello', 'emile-lower']],

  // $null / $notNull and their coercions
  ['$null=true', 'filters[count][$null]=true', ['empty']],
  ['$null=t', 'filters[count][$null]=t', ['empty']],
  ['$null=1', 'filters[count][$null]=1', ['empty']],
  ['$null=anything is truthy', 'filters[count][$null]=anything', ['empty']],
  ['$null=false', 'filters[count][$null]=false', but('empty')],
  ['$null=f', 'filters[count][$null]=f', but('empty')],
  ['$null=0', 'filters[count][$null]=0', but('empty')],
  ['$null= (empty) is false', 'filters[count][$null]=', but('empty')],
  ['$null without a value is false', 'filters[count][$null]', but('empty')],
  ['$notNull=true', 'filters[count][$notNull]=true', but('empty')],
  ['$notNull=0', 'filters[count][$notNull]=0', ['empty']],
  ['$notNull=anything', 'filters[count][$notNull]=anything', but('empty')],

  // biginteger, float, decimal
  ['biginteger compares exactly past 2^53', 'filters[big][$gt]=9007199254740992', ['hello']],
  ['biginteger $eq past 2^53', 'filters[big][$eq]=9007199254740993', ['hello']],
  ['biginteger $eq a neighbour past 2^53', 'filters[big][$eq]=9007199254740992', []],
  ['biginteger stored as text compares as a number', 'filters[big][$lt]=10', ['zebra', 'emile', 'emile-lower', 'fullwidth']],
  ['biginteger $in', 'filters[big][$in][0]=12&filters[big][$in][1]=-5', ['apple', 'zebra']],
  ['float $gt', 'filters[ratio][$gt]=1.5', ['emile', 'emile-lower', 'wild', 'fullwidth']],
  ['float $lt a negative', 'filters[ratio][$lt]=0', ['apple', 'emoji']],
  ['float $eq 0', 'filters[ratio][$eq]=0', ['zebra']],
  ['float in exponent form', 'filters[ratio][$eq]=1e2', ['wild']],
  ['float $between', 'filters[ratio][$between][0]=-1&filters[ratio][$between][1]=2', ['hello', 'apple', 'zebra']],
  ['decimal $gte', 'filters[price][$gte]=99.99', ['emile', 'wild']],
  ['decimal $eq', 'filters[price][$eq]=10.25', ['hello']],

  // boolean
  ['boolean true', 'filters[flag]=true', ['hello', 'zebra', 'emile-lower', 'fullwidth']],
  ['boolean t', 'filters[flag][$eq]=t', ['hello', 'zebra', 'emile-lower', 'fullwidth']],
  ['boolean 1', 'filters[flag][$eq]=1', ['hello', 'zebra', 'emile-lower', 'fullwidth']],
  ['boolean false', 'filters[flag][$eq]=false', ['apple', 'emile', 'emoji']],
  ['boolean f', 'filters[flag]=f', ['apple', 'emile', 'emoji']],
  ['boolean 0', 'filters[flag]=0', ['apple', 'emile', 'emoji']],
  ['boolean $ne never matches NULL', 'filters[flag][$ne]=true', ['apple', 'emile', 'emoji']],
  ['boolean $null', 'filters[flag][$null]=true', ['wild', 'empty']],
  ['boolean $in both', 'filters[flag][$in][0]=true&filters[flag][$in][1]=false', but('wild', 'empty')],
  ['a boolean column holds 1 or 0 for LIKE', 'filters[flag][$contains]=1', ['hello', 'zebra', 'emile-lower', 'fullwidth']],
  ['so LIKE true finds nothing', 'filters[flag][$contains]=true', []],

  // date, time, datetime, timestamp
  ['date $eq', 'filters[day][$eq]=2024-01-15', ['hello', 'fullwidth']],
  ['date $eq with a date-time keeps the date', 'filters[day][$eq]=2024-01-15T23:00:00Z', ['hello', 'fullwidth']],
  ['date $gt', 'filters[day][$gt]=2024-01-15', ['zebra', 'emile', 'emile-lower']],
  ['date $lt', 'filters[day][$lt]=2024-01-01', ['apple', 'emoji']],
  ['date $between', 'filters[day][$between][0]=2024-01-01&filters[day][$between][1]=2024-02-29', ['hello', 'emile', 'fullwidth']],
  ['date $startsWith compares its text', 'filters[day][$startsWith]=2024-0', ['hello', 'emile', 'emile-lower', 'fullwidth']],
  ['time $eq fills seconds and milliseconds', 'filters[clock][$eq]=08:30', ['hello', 'fullwidth']],
  ['time $gt', 'filters[clock][$gt]=12:00:00', ['apple']],
  ['time $gte', 'filters[clock][$gte]=12:00', ['apple', 'emile', 'emile-lower']],
  ['time $lt with milliseconds', 'filters[clock][$lt]=06:00:00.001', ['zebra', 'emoji']],
  ['datetime $gt is exact to the millisecond', 'filters[moment][$gt]=2024-01-15T08:30:00.000Z', ['zebra', 'emile', 'emile-lower', 'fullwidth']],
  ['datetime $eq without milliseconds', 'filters[moment][$eq]=2024-01-15T08:30:00Z', ['hello']],
  ['datetime $eq in another time zone', 'filters[moment][$eq]=2024-01-15T09:30:00%2B01:00', ['hello']],
  ['datetime $eq in epoch milliseconds', 'filters[moment][$eq]=1705307400000', ['hello']],
  ['datetime $lt a date', 'filters[moment][$lt]=2000-01-01', ['emoji']],
  ['timestamp $eq', 'filters[stamp][$eq]=1705307400000', ['hello']],
  ['timestamp $gt', 'filters[stamp][$gt]=1705307400000', ['zebra', 'emile', 'emile-lower', 'fullwidth']],
  ['timestamp $eq an ISO date-time', 'filters[stamp][$eq]=2024-01-15T08:30:00.000Z', ['hello']],
  ['timestamp $lt', 'filters[stamp][$lt]=2000-01-01T00:00:00Z', ['emoji']],

  // text: SQLite's = is case-sensitive, LIKE and LOWER fold ASCII only
  ['string $eq is case-sensitive', 'filters[label][$eq]=hello world', []],
  ['string $eq', 'filters[label][$eq]=Hello World', ['hello']],
  ['$eqi', 'filters[label][$eqi]=hello world', ['hello']],
  ['$eqi upper', 'filters[label][$eqi]=HELLO WORLD', ['hello']],
  ['$eqi does not fold É', 'filters[label][$eqi]=émile', ['emile-lower']],
  ['$eqi folds only the ASCII letters of the value', 'filters[label][$eqi]=ÉMILE', ['emile']],
  ['$eqi null is IS NULL', 'filters[label][$eqi]', ['empty']],
  ['$ne', 'filters[label][$ne]=Zebra', but('zebra', 'empty')],
  ['$nei', 'filters[label][$nei]=zebra', but('zebra', 'empty')],
  ['$nei null is IS NOT NULL', 'filters[label][$nei]', but('empty')],
  ['$contains folds ASCII case', 'filters[label][$contains]=world', ['hello']],
  ['$contains upper', 'filters[label][$contains]=WORLD', ['hello']],
  ['$contains does not fold É', 'filters[label][$contains]=émile', ['emile-lower']],
  ['$contains a common part', 'filters[label][$contains]=mile', ['emile', 'emile-lower', 'emoji']],
  ['$containsi', 'filters[label][$containsi]=PIE', ['apple']],
  ['$containsi folds only ASCII', 'filters[label][$containsi]=ÉMILE', ['emile']],
  ['$notContains never matches NULL', 'filters[label][$notContains]=e', ['fullwidth']],
  ['$notContainsi', 'filters[label][$notContainsi]=E', ['fullwidth']],
  ['$notContains with an array is the OR of each', 'filters[label][$notContains][0]=e&filters[label][$notContains][1]=z', but('zebra', 'empty')],
  ['$contains with an array is the OR of each', 'filters[label][$contains][0]=zebra&filters[label][$contains][1]=apple', ['apple', 'zebra']],
  ['$startsWith lower matches upper', 'filters[label][$startsWith]=z', ['zebra']],
  ['$startsWith upper', 'filters[label][$startsWith]=Z', ['zebra']],
  ['$startsWithi', 'filters[label][$startsWithi]=z', ['zebra']],
  ['$endsWith folds ASCII case', 'filters[label][$endsWith]=WORLD', ['hello']],
  ['$endsWithi', 'filters[label][$endsWithi]=PIE', ['apple']],
  ['% is a literal character', 'filters[label][$contains]=%25', ['wild']],
  ['_ is a literal character', 'filters[label][$contains]=_', ['wild']],
  ['$startsWith with %', 'filters[label][$startsWith]=100%25', ['wild']],
  ['_ does not match any character', 'filters[label][$contains]=p_re', []],
  ['$contains null looks for the text null', 'filters[label][$contains]', []],
  ['. is a literal character', 'filters[note][$contains]=.', ['hello', 'apple']],
  ['regular-expression characters are literal', 'filters[label][$contains]=(', []],
  ['a backslash is literal', 'filters[label][$endsWith]=%5C', []],
  ['* and + are literal', 'filters[note][$containsi]=*%2B', []],
  ['$eqi with regular-expression characters', 'filters[label][$eqi]=.*', []],
  ['$in is case-sensitive', 'filters[label][$in][0]=zebra&filters[label][$in][1]=apple pie', ['apple']],
  ['$lt orders text by code point', 'filters[label][$lt]=a', ['hello', 'zebra', 'wild']],
  ['$gt orders text by code point', 'filters[label][$gt]=z', ['emile', 'emile-lower', 'emoji', 'fullwidth']],
  ['$null on text', 'filters[label][$null]=true', ['empty']],
  ['text attribute', 'filters[note][$contains]=100%25', ['wild']],
  ['text $containsi does not fold É of the value', 'filters[note][$containsi]=CAFÉ', []],
  ['text $containsi', 'filters[note][$containsi]=CAFé', ['emile']],
  ['richtext', 'filters[body][$startsWith]=%23', ['hello']],
  ['email $eqi', 'filters[mail][$eqi]=apple@EXAMPLE.com', ['apple']],
  ['email $endsWith', 'filters[mail][$endsWith]=@example.com', ['hello', 'apple']],
  ['uid', 'filters[code]=zebra', ['zebra']],
  ['enumeration', 'filters[kind]=alpha', ['hello', 'emile']],
  ['enumeration $ne', 'filters[kind][$ne]=alpha', ['apple', 'zebra', 'wild', 'emoji', 'fullwidth']],
  ['enumeration value outside the list', 'filters[kind][$eq]=bogus', []],
  ['a searchable:false attribute can still be filtered', 'filters[quiet]=needle', ['hello']],

  // json and blocks compare their JSON text
  ['json $contains on the JSON text, ASCII case folded', 'filters[meta][$contains]=intro', ['hello', 'wild']],
  ['json $contains with quotes', 'filters[meta][$contains]="easy"', ['apple']],
  ['json $contains across a key and value', 'filters[meta][$contains]=minutes":60', ['apple']],
  ['json $eq the whole text', 'filters[meta][$eq]=[]', ['emile-lower']],
  ['json string value', 'filters[meta][$contains]=just', ['zebra']],
  ['a json string is quoted in its JSON text', 'filters[meta][$eq]="just text"', ['zebra']],
  ['so the bare string is not equal', 'filters[meta][$eq]=just text', []],
  ['json $null', 'filters[meta][$null]=true', ['emile', 'empty', 'emoji', 'fullwidth']],
  ['blocks $contains', 'filters[doc][$contains]=Block text', ['hello']],

  // system fields
  ['id', `filters[id]=${idOf('s-zebra')}`, ['zebra']],
  ['id $in', `filters[id][$in][0]=${idOf('s-zebra')}&filters[id][$in][1]=${idOf('s-apple')}`, ['apple', 'zebra']],
  ['documentId', 'filters[documentId]=s-zebra', ['zebra']],
  ['documentId $startsWith', 'filters[documentId][$startsWith]=s-emile', ['emile', 'emile-lower']],
  ['createdAt $gte', 'filters[createdAt][$gte]=2026-01-01T00:00:07Z', ['empty', 'emoji', 'fullwidth']],
  ['createdAt $eq', 'filters[createdAt][$eq]=2026-01-01T00:00:04.000Z', ['emile', 'emile-lower']],
  ['updatedAt $lt', 'filters[updatedAt][$lt]=2026-01-01T00:00:02Z', ['hello']],
  ['publishedAt is set without Draft & Publish', 'filters[publishedAt][$notNull]=true', ALL],
  ['locale is NULL on a type that is not localized', 'filters[locale][$null]=true', ALL],

  // logical operators, with SQL's three-valued logic
  ['$or', 'filters[$or][0][count]=5&filters[$or][1][label]=Zebra', ['hello', 'zebra']],
  ['$and', 'filters[$and][0][count][$gt]=0&filters[$and][1][flag]=true', ['hello', 'emile-lower', 'fullwidth']],
  ['$not excludes rows where the condition is unknown', 'filters[$not][flag]=true', ['apple', 'emile', 'emoji']],
  ['$not around $or (unknown OR false is unknown)', 'filters[$not][$or][0][count]=5&filters[$not][$or][1][flag]=true', ['apple', 'emile', 'emoji']],
  ['$not $not', 'filters[$not][$not][count]=5', ['hello']],
  ['$not with LIKE', 'filters[$not][label][$contains]=e', ['fullwidth']],
  ['$or with $ne', 'filters[$or][0][flag][$ne]=true&filters[$or][1][count][$gt]=99', ['apple', 'emile', 'wild', 'emoji']],
  [
    'an array inside $or is an implicit $and',
    'filters[$or][0][0][count][$gt]=0&filters[$or][0][1][flag]=false&filters[$or][1][label]=Zebra',
    ['apple', 'zebra', 'emoji'],
  ],
  ['several attributes at one level must all hold', 'filters[flag]=true&filters[count][$lt]=6', ['hello', 'zebra']],
  ['a list of filter objects must all hold', 'filters[0][flag]=true&filters[1][count][$lt]=6', ['hello', 'zebra']],

  // relations: the owning side and the mappedBy side, with LEFT JOIN semantics
  ['relation field', 'filters[owner][name]=Ada Lovelace', ['hello', 'zebra']],
  ['a NULL test on a related field also matches documents without a related row', 'filters[owner][name][$null]=true', ['emile', 'empty', 'emoji', 'fullwidth']],
  ['relation $null', 'filters[owner][$null]=true', ['emile', 'empty', 'emoji', 'fullwidth']],
  ['relation $notNull', 'filters[owner][$notNull]=true', ['hello', 'apple', 'zebra', 'emile-lower', 'wild']],
  ['relation by id', `filters[owner]=${personId('p-ada')}`, ['hello', 'zebra']],
  // SQLite compares an INTEGER id with text that is no number as text, above every number (Strapi does not cast ids).
  ['an id equal to text matches nothing', 'filters[id][$eq]=abc', []],
  ['an id not equal to text matches every row', 'filters[id][$ne]=abc', ALL],
  ['an id below text matches every row', 'filters[id][$lt]=abc', ALL],
  ['an id above text matches nothing', 'filters[id][$gt]=abc', []],
  ['a related id equal to text matches nothing', 'filters[owner][$eq]=nobody', []],
  ['relation by id with an operator', `filters[owner][$in][0]=${personId('p-ada')}&filters[owner][$in][1]=${personId('p-alan')}`, ['hello', 'apple', 'zebra']],
  ['relation by documentId', 'filters[owner][documentId]=p-grace', ['emile-lower', 'wild']],
  ['$ne through a relation never matches a missing row', 'filters[owner][name][$ne]=Ada Lovelace', ['apple', 'emile-lower', 'wild']],
  ['$not through a relation tests each joined row', 'filters[$not][owner][name]=Ada Lovelace', ['apple', 'emile-lower', 'wild']],
];

for (const [name, query, expected] of SAMPLE_CASES) {
  test(`samples: ${name} (${query})`, () => {
    assert.equal(select(types, 'samples', query), expected);
  });
}

// People: ada owns hello and zebra, alan owns apple, grace owns emile-lower and wild, nobody owns nothing.
const PEOPLE_CASES: [name: string, query: string, expected: string[]][] = [
  ['mappedBy side: some related document matches', 'filters[samples][label]=Zebra', ['ada']],
  ['mappedBy side with an operator', 'filters[samples][count][$gt]=50', ['grace']],
  ['mappedBy $null', 'filters[samples][$null]=true', ['nobody']],
  ['mappedBy $notNull', 'filters[samples][$notNull]=true', ['ada', 'alan', 'grace']],
  [
    'a nested $and must hold for one related document',
    'filters[samples][$and][0][label][$contains]=hello&filters[samples][$and][1][label][$contains]=zebra',
    [],
  ],
  ['two conditions at the top are two joins', 'filters[$and][0][samples][label][$contains]=hello&filters[$and][1][samples][label][$contains]=zebra', ['ada']],
  ['conditions in one nested object hold for one related document', 'filters[samples][label][$contains]=e&filters[samples][count][$gt]=10', ['alan', 'grace']],
];

for (const [name, query, expected] of PEOPLE_CASES) {
  test(`people: ${name} (${query})`, () => {
    assert.equal(select(types, 'people', query), expected);
  });
}

// Blog articles, published, in default order: hello apple zebra tabs emile tips orphan minimal science edited.
const ARTICLE_CASES: [name: string, query: string, expected: string[], status?: Status][] = [
  ['to-one relation (recorded case 44)', 'filters[author][name][$eq]=Alan Turing', ['zebra', 'tabs']],
  ['to-one related field $null matches the missing author', 'filters[author][name][$null]=true', ['orphan', 'minimal']],
  ['to-one $notNull', 'filters[author][$notNull]=true', ['hello', 'apple', 'zebra', 'tabs', 'emile', 'tips', 'science', 'edited']],
  ['to-one by documentId', 'filters[author][documentId]=uqx84vzsfx8n4s3jmqvmxv37', ['hello', 'emile', 'science', 'edited']],
  ['to-many: some related document matches', 'filters[categories][name]=Science', ['hello', 'zebra', 'science']],
  ['to-many $ne: some related document differs', 'filters[categories][name][$ne]=Science', ['hello', 'apple', 'zebra', 'tabs', 'emile', 'tips', 'edited']],
  [
    'to-many $not: some related document does not match',
    'filters[$not][categories][name]=Science',
    ['hello', 'apple', 'zebra', 'tabs', 'emile', 'tips', 'edited'],
  ],
  ['to-many $in', 'filters[categories][name][$in][0]=Science&filters[categories][name][$in][1]=Travel', ['hello', 'zebra', 'emile', 'tips', 'science']],
  ['to-many: a nested $and must hold for one category', 'filters[categories][$and][0][name]=Science&filters[categories][$and][1][name]=Travel', []],
  ['to-many: two joins can match two categories', 'filters[$and][0][categories][name]=Science&filters[$and][1][categories][name]=Travel', ['zebra']],
  ['to-many $null', 'filters[categories][$null]=true', ['orphan', 'minimal']],
  ['two hops, through the mappedBy side back', 'filters[author][articles][title]=Zebra facts', ['zebra', 'tabs']],
  ['component field', 'filters[seo][metaTitle]=Hello', ['hello']],
  ['component $null', 'filters[seo][$null]=true', ['apple', 'tabs', 'emile', 'tips', 'orphan', 'minimal', 'science', 'edited']],
  [
    'component field $null also matches a missing component',
    'filters[seo][metaDescription][$null]=true',
    ['apple', 'zebra', 'tabs', 'emile', 'tips', 'orphan', 'minimal', 'science', 'edited'],
  ],
  ['repeatable component: some item matches', 'filters[links][label]=Docs', ['hello']],
  ['repeatable component: conditions in one object hold for one item', 'filters[links][label]=Tickets&filters[links][url][$contains]=tickets', ['tips']],
  ['repeatable component: a nested $and must hold for one item', 'filters[links][$and][0][label]=Map&filters[links][$and][1][url][$contains]=tickets', []],
  ['repeatable component field $null', 'filters[links][url][$null]=true', ['zebra', 'tabs', 'emile', 'tips', 'orphan', 'minimal', 'science', 'edited']],
  ['media field', 'filters[cover][ext]=.png', ['hello', 'zebra']],
  ['media $null', 'filters[cover][$null]=true', ['apple', 'tabs', 'emile', 'tips', 'orphan', 'minimal', 'science', 'edited']],
  ['media by name', 'filters[cover][name]=red-pixel.png', ['hello']],
  ['media by id', `filters[cover]=${mediaId('red_pixel_3285557a91.png')}`, ['hello']],
  ['media id $in', `filters[cover][id][$in][0]=${mediaId('blue_pixel_287152e86d.png')}`, ['zebra']],
  ['multiple media: some file matches', 'filters[gallery][name]=blue-pixel.png', ['hello', 'tips']],
  [
    'media field $null also matches a missing file',
    'filters[cover][alternativeText][$null]=true',
    ['apple', 'zebra', 'tabs', 'emile', 'tips', 'orphan', 'minimal', 'science', 'edited'],
  ],
  ['media inside a component', 'filters[seo][shareImage][name]=blue-pixel.png', ['hello']],
  ['drafts are filtered in their draft version', 'filters[title][$startsWith]=Draft', ['draft-features', 'draft-secret'], 'draft'],
  ['the draft file of a published document', 'filters[title][$endsWith]=(draft changes)', ['edited'], 'draft'],
  ['the published version does not have the draft title', 'filters[title][$endsWith]=(draft changes)', []],
];

for (const [name, query, expected, status] of ARTICLE_CASES) {
  test(`articles: ${name} (${query})`, () => {
    assert.equal(select(blog, 'articles', query, status), expected);
  });
}

test('categories and authors: the mappedBy side of the blog', () => {
  assert.equal(select(blog, 'categories', 'filters[articles][title][$contains]=zebra'), ['science', 'travel']);
  assert.equal(select(blog, 'authors', 'filters[articles][views][$gt]=50'), ['ada', 'grace']);
  assert.equal(select(blog, 'authors', 'filters[articles][$null]=true'), []);
});

test('a hand-made compare on a relation tests the related ids', () => {
  const type = blog.index.registry.byRouteName.get('articles')!;
  const author = blog.index.findEntry(blog.index.registry.byRouteName.get('authors')!, 'qlbzjy8ymwitxmczph8a7en0', 'published', null)!;
  const node: FilterNode = { kind: 'compare', field: 'author', operator: '$eq', value: author.id };
  const kept = blog.index.entries(type, 'published', null).filter(compileFilter(contextOf(blog, 'published'), type, node));
  assert.equal(
    kept.map((entry) => BLOG_NAMES[entry.documentId]),
    ['zebra', 'tabs'],
  );
});

test.run();
