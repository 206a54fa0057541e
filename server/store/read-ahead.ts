import type { ContentPrefetch } from './content-prefetch.js';
import type { ContentStats } from './content-stats.js';

/**
 * What a worker the CLI starts before the server's modules load does for the start: reads and
 * decodes the content (a ContentPrefetch: no index cache to start from), or lists it and stats
 * every file (a ContentStats: the cache's files are checked against those stats). The start uses it
 * when it is for its project and of the kind the start needs; whoever started it closes it at the end.
 */
export type ReadAhead = ContentPrefetch | ContentStats;
