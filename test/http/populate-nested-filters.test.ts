import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type TestServer, startTestServer } from '../helpers/test-server.js';

// Populate options at every depth: nested components, relations and media inside components and
// fragments, components inside populated relations (test/query/populate-matrix.md).

let server: TestServer;

test.before(async () => {
  server = await startTestServer('relations');
});
test.after(async () => {
  await server.close();
});

const HELLO = '/api/posts?fields[0]=title&filters[title][$eq]=Hello';

async function hello(populate: string): Promise<any> {
  const response = await server.get(`${HELLO}&${populate}`);
  assert.is(response.status, 200, `${populate}: ${response.text}`);
  assert.is(response.body.data.length, 1);
  return response.body.data[0];
}

/** What a populated value shows, compactly: headings, labels, bodies, captions or names. */
function show(value: any): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(show);
  return value.heading ?? value.label ?? value.body ?? value.caption ?? value.name ?? value.title;
}

const CASES: [name: string, populate: string, pick: (post: any) => unknown, expected: unknown][] = [
  ['a nested component inside the filter', 'populate[hero][filters][cta][label][$eq]=Read%20intro', (p) => show(p.hero), 'Welcome'],
  ['a nested component inside the filter, not matching', 'populate[hero][filters][cta][label][$eq]=Nope', (p) => p.hero, null],
  ['a relation inside a nested component', 'populate[hero][filters][cta][target][title][$eq]=Intro', (p) => show(p.hero), 'Welcome'],
  ['a relation inside the component', 'populate[hero][filters][author][name][$eq]=Ada', (p) => p.hero, null],
  ['a media inside the component', 'populate[hero][filters][image][name][$endsWith]=.png', (p) => show(p.hero), 'Welcome'],
  ['$not over a nested component', 'populate[hero][filters][$not][cta][label][$null]=true', (p) => show(p.hero), 'Welcome'],
  [
    'a filter one component down leaves the outer one',
    'populate[hero][populate][cta][filters][label][$eq]=Nope',
    (p) => [show(p.hero), p.hero.cta],
    ['Welcome', null],
  ],
  [
    'a filter one component down, matching',
    'populate[hero][populate][cta][filters][label][$eq]=Read%20intro&populate[hero][populate][cta][populate][target][fields][0]=title',
    (p) => [show(p.hero.cta), show(p.hero.cta.target)],
    ['Read intro', 'Intro'],
  ],
  [
    'a fragment filtered through its nested component',
    'populate[sections][on][layout.hero][filters][cta][label][$eq]=Nope&populate[sections][on][content.text]=true',
    (p) => show(p.sections),
    ['First *section*.', 'Last section.'],
  ],
  [
    'a fragment filtered through a to-many relation inside it',
    'populate[sections][on][content.gallery-block][filters][people][name][$eq]=Linus&populate[sections][on][layout.hero]=true',
    (p) => show(p.sections),
    ['Inline hero'],
  ],
  [
    'a fragment filtered through a multiple media inside it',
    'populate[sections][on][content.gallery-block][filters][images][name][$contains]=red',
    (p) => show(p.sections),
    ['Pixels'],
  ],
  [
    'a relation inside a fragment: filters, sort and limit',
    'populate[sections][on][content.gallery-block][populate][people][sort]=name:desc&populate[sections][on][content.gallery-block][populate][people][limit]=1',
    (p) => show(p.sections[0].people),
    ['Grace'],
  ],
  [
    'a relation inside a fragment: filters',
    'populate[sections][on][content.gallery-block][populate][people][filters][name][$ne]=Grace',
    (p) => show(p.sections[0].people),
    ['Ada'],
  ],
  ['a media inside a fragment: start', 'populate[sections][on][content.gallery-block][populate][images][start]=1', (p) => p.sections[0].images.length, 1],
  [
    'a relation inside a fragment: count',
    'populate[sections][on][content.gallery-block][populate][people][count]=true',
    (p) => p.sections[0].people,
    { count: 2 },
  ],
  [
    'a nested component inside a fragment, filtered',
    'populate[sections][on][layout.hero][populate][cta][filters][label][$eq]=Nope',
    (p) => [show(p.sections), p.sections[0].cta],
    [['Inline hero'], null],
  ],
];

for (const [name, populate, pick, expected] of CASES) {
  test(name, async () => {
    assert.equal(pick(await hello(populate)), expected);
  });
}

test('a component inside populated related documents: null on those that do not match', async () => {
  const response = await server.get(
    '/api/writers?fields[0]=name&sort=name&populate[posts][fields][0]=title&populate[posts][sort]=title&populate[posts][populate][hero][filters][heading][$eq]=Welcome',
  );
  assert.is(response.status, 200, response.text);
  const ada = response.body.data.find((writer: any) => writer.name === 'Ada');
  assert.equal(
    ada.posts.map((post: any) => [post.title, show(post.hero)]),
    [
      ['Hello', 'Welcome'],
      ['Intro', null],
    ],
  );
});

test.run();
