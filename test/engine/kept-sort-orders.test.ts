import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { KeptSort } from '../../server/engine/kept-sort.js';
import { heldSortOrders, sortOrderSteps } from '../../server/engine/kept-sort-orders.js';
import { madeSortOrder } from '../../server/engine/list-columns.js';
import type { SortOrderNote } from '../../server/store/sort-orders-file.js';
import { loadTestProject } from '../helpers/load-test-project.js';
import { answers } from '../helpers/random-edits.js';
import { createTempProject } from '../helpers/temp-project.js';

// The sort orders a server keeps when it stops, and makes again at the next start before they are
// asked (runtime/warm-up-steps.ts): the notes name them, and a note the schemas no longer allow is
// passed over.

const ASKED = ['sort=title:asc', 'sort[0]=views:desc&sort[1]=slug:asc&status=draft', 'sort=createdAt:desc', 'sort=author.name:asc'];

test('the sort orders an index keeps are noted (not one through a relation), and made again from the notes on another load', () => {
  const project = createTempProject('blog');
  try {
    const state = loadTestProject(project.dir);
    const type = state.registry.byRouteName.get('articles')!;
    const asked = answers(state, project.dir, type, ASKED);
    const notes = heldSortOrders(state.index);
    const uid = type.uid;
    assert.equal(
      notes.filter((note) => note.type === uid),
      [
        { type: uid, status: 'published', locale: null, sort: 'createdAt:desc' },
        { type: uid, status: 'draft', locale: null, sort: 'views:desc,slug:asc' },
        { type: uid, status: 'published', locale: null, sort: 'title:asc' },
      ],
      'most recently used first',
    );
    const fresh = loadTestProject(project.dir);
    const rejected: SortOrderNote[] = [
      { type: 'api::nothing.nothing', status: 'published', locale: null, sort: 'title:asc' },
      { type: uid, status: 'published', locale: null, sort: 'nope:asc' },
      { type: uid, status: 'published', locale: 'fr', sort: 'title:asc' },
      { type: uid, status: 'published', locale: null, sort: 'author.name:asc' },
      { type: uid, status: 'published', locale: null, sort: 'password:asc' },
    ];
    const steps = sortOrderSteps(fresh.index, [...rejected, ...notes]);
    while (steps.next().done !== true);
    const published = fresh.index.entries(type, 'published', null);
    const drafts = fresh.index.entries(type, 'draft', null);
    const made = (list: typeof published, key: string): string[] | undefined => madeSortOrder<KeptSort>(list, key)?.entries.map((entry) => entry.documentId);
    assert.ok(made(published, 'sort|published||title:asc|') !== undefined, 'made before it is asked');
    assert.ok(made(drafts, 'sort|draft||views:desc,slug:asc|') !== undefined);
    assert.ok(made(published, 'sort|published||createdAt:desc|') !== undefined);
    assert.is(made(published, 'sort|published||author.name:asc|author'), undefined);
    assert.ok(fresh.index.holdsMemo(type, 'sort|published||title:asc|'), "held as the type's memo: an edit before it is asked carries it over");
    // Asked now, the lists are answered from them, as the first index answered.
    assert.equal(answers(fresh, project.dir, type, ASKED), asked);
  } finally {
    project.cleanup();
  }
});

test.run();
