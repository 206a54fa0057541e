import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readSortOrders } from '../../server/store/sort-orders-file.js';
import { startTestServer } from '../helpers/test-server.js';

// A server that stops keeps the sort orders its lists were asked in, for the next start's warm-up
// to make before they are asked again (engine/kept-sort-orders.ts shows them made from the notes).

test('a server stopping notes the sort orders its lists were asked in (.cms/sort-orders.json), those of the last start after them', async () => {
  const earlier = { type: 'api::author.author', status: 'published', locale: null, sort: 'name:asc' };
  const first = await startTestServer('blog', { prepare: (project) => project.write('.cms/sort-orders.json', [earlier]) });
  try {
    assert.is((await first.get('/api/articles?sort=title:desc')).status, 200);
    assert.is((await first.get('/api/articles?sort[0]=views:asc&pagination[pageSize]=2')).status, 200);
    assert.is((await first.get('/api/articles?sort=author.name:asc')).status, 200);
    await first.server.close();
    assert.equal(
      readSortOrders(first.project.dir).map((note) => `${note.type} ${note.sort}`),
      ['api::article.article views:asc', 'api::article.article title:desc', 'api::author.author name:asc'],
      "most recently used first, none through a relation, then the last start's",
    );
  } finally {
    first.project.cleanup();
  }
});

test.run();
