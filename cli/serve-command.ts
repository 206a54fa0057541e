import v8 from 'node:v8';
import { loadConfig } from '../server/store/load-config.js';
import { startServer } from '../server/runtime/start-server.js';
import type { ReadAhead } from '../server/store/read-ahead.js';
import { type HeapInUse, HeapWatch } from './heap-watch.js';
import { createConsoleLog } from './console-log.js';

export interface ServeOptions {
  dir: string;
  port?: number | undefined;
  host?: string | undefined;
  watch: boolean;
  /** False with `--no-cache`: every file is read, and no index cache is written. */
  cache?: boolean | undefined;
  /** False with `--no-admin`: the editor is not served. */
  admin?: boolean | undefined;
  /**
   * A worker cli/main.ts started before this module loaded: reading the content, or, when the
   * project has an index cache, listing and stat'ing it.
   */
  readAhead?: ReadAhead | undefined;
}

/** `cms serve`: starts the server and keeps it running until SIGINT/SIGTERM. Resolves to an exit code. */
export async function runServe(options: ServeOptions): Promise<number> {
  const log = createConsoleLog();
  const started = Date.now();
  const { readAhead } = options;
  let server;
  try {
    const config = loadConfig(options.dir, {
      port: options.port,
      host: options.host,
      watch: options.watch,
      indexCache: options.cache !== false,
      admin: options.admin === false ? false : undefined,
    });
    server = await startServer(config, log, readAhead);
  } catch (error) {
    // A worker left running would keep the process from exiting.
    readAhead?.close();
    throw error;
  }
  // V8's full collections from here on: the start's work after listening makes some on a large heap.
  const heap = new HeapWatch();
  const { index, registry } = server.project.current;
  const problems = server.project.current.problems.size;
  const running = server;
  // Listening for the signals before the ready line: whoever waits for that line may signal at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // A second signal, or a close that does not finish in time, ends the process at once: every
      // write is one synchronous commit, so none is ever half done between two events.
      const force = () => {
        log.warn('stopping now');
        process.exit(0);
      };
      process.once('SIGINT', force);
      process.once('SIGTERM', force);
      setTimeout(force, SHUTDOWN_LIMIT_MS).unref();
      void running.close().then(resolve, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const readyMs = Date.now() - started;
  log.info(
    `cms serving ${index.documentCount()} documents of ${registry.contentTypes.size} content types and ${index.media.size} media files ` +
      `at ${server.url}/api (ready in ${readyMs} ms, heap limit ${Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20)} MB` +
      `${problems ? `, ${problems} file${problems > 1 ? 's' : ''} with problems above` : ''})`,
  );
  let closing = false;
  void stopped.then(() => (closing = true));
  // Measured once the start's work after listening is done, off the way to the first answers.
  // Stopped by a reload, that work leaves no load to tell of: the watch just ends.
  void server.settled.then(async (finished) => {
    if (!finished) return heap.stop();
    const inUse = await heap.inUse(HEAP_WAIT_MS);
    if (!closing) log.info(describeHeap(inUse, index.documentCount()));
  });
  await stopped;
  return 0;
}

/** How long the heap line waits for V8's next full collection (none came since the ready line) before it tells the heap as it is. */
const HEAP_WAIT_MS = 10_000;

/**
 * The heap in use after loading, per 10,000 documents once there are that many (what a project
 * needs: cli/heap-size.ts sizes the heap by it), after a full collection when one came (heap-watch.ts),
 * so that it counts what the index holds, not what the load left for the collector.
 */
function describeHeap(heap: HeapInUse, documents: number): string {
  const used = heap.bytes / 1e6;
  const perTenThousand = documents >= 10_000 ? `, ${((used * 10_000) / documents).toFixed(1)} MB per 10,000 documents` : '';
  return `heap ${used.toFixed(0)} MB${perTenThousand}${heap.collected ? ' after a full collection' : ' (no full collection yet: garbage included)'}`;
}

/** How long a stop may take before the process ends without waiting further. */
const SHUTDOWN_LIMIT_MS = 4_000;
