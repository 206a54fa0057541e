import type { Context, Middleware } from 'koa';
import type { AuthState } from '../auth/auth-state.js';
import { authenticate } from '../auth/authenticate.js';
import { type Caller, canFind, isAllowed } from '../auth/caller.js';
import type { CmsConfig } from '../config/cms-config.js';
import { unauthorizedError } from '../errors/api-error.js';
import type { ChangeEvent } from '../events/change-event.js';
import type { EventHub } from '../events/event-hub.js';
import { openEventStream } from './open-event-stream.js';

/** The path of the stream. */
export const EVENTS_PATH = '/_events';
const HEARTBEAT_MS = 15_000;
/** A reader this far behind (unsent bytes) is cut off; it reconnects and resumes from its last id. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** How long a browser waits before reconnecting. */
const RETRY_MS = 1_000;

export interface EventStreamOptions {
  readonly config: CmsConfig;
  readonly hub: Pick<EventHub, 'subscribe' | 'since' | 'lastId'>;
  /** The auth state as it is now; a reader whose state was replaced (cms.config.json reloaded) is asked to reconnect. */
  readonly auth: (() => AuthState) | undefined;
  readonly heartbeatMs?: number | undefined;
}

export interface EventStream {
  readonly middleware: Middleware;
  /** Ends every stream (the server is closing) and stops the heartbeat. */
  close(): void;
}

interface Reader {
  readonly caller: Caller;
  readonly state: AuthState | undefined;
  readonly write: (text: string) => void;
  readonly end: () => void;
}

/**
 * `GET /_events`: Server-Sent Events with the change events webhooks get, as `message` events
 * whose data is the webhook body and whose `id:` lets a reader resume (`Last-Event-ID`) from a
 * short backlog. A reader sees the events of the types it may `find` (the media library's `find`
 * for media), with the same credentials as the API; an event whose relations reach a type it may
 * not find comes without its relations. First comes `event: ready` with the current id, or
 * `event: reset` when the events after `Last-Event-ID` are no longer all known (read afresh).
 */
export function createEventStream(options: EventStreamOptions): EventStream {
  const deliver = (events: readonly ChangeEvent[]): void => {
    for (const reader of readers.all) {
      if (options.auth !== undefined && options.auth() !== reader.state) reader.end();
      else reader.write(formatEvents(reader.caller, events));
    }
  };
  // Subscribed only while someone reads: without readers (or webhooks) the hub makes no bodies beyond its backlog.
  let unsubscribe: (() => void) | undefined;
  const readers: Readers = {
    all: new Set<Reader>(),
    add(reader) {
      this.all.add(reader);
      unsubscribe ??= options.hub.subscribe(deliver);
    },
    delete(reader) {
      this.all.delete(reader);
      if (this.all.size > 0) return;
      unsubscribe?.();
      unsubscribe = undefined;
    },
  };
  const heartbeat = setInterval(() => {
    for (const reader of readers.all) reader.write(': ping\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  const middleware: Middleware = async (ctx, next) => {
    if (ctx.path !== EVENTS_PATH || ctx.method !== 'GET') return next();
    const state = options.auth?.() ?? { config: options.config, apiTokenSalt: undefined, jwtSecret: undefined, users: undefined };
    const result = await authenticate(ctx.get('Authorization'), state);
    if (!result.ok) throw unauthorizedError(result.message);
    const { caller } = result;
    if (caller.kind === 'public' && caller.locked) throw unauthorizedError('Missing or invalid credentials');
    openStream(ctx, { caller, state: options.auth === undefined ? undefined : state, readers, hub: options.hub });
  };
  return {
    middleware,
    close() {
      clearInterval(heartbeat);
      for (const reader of readers.all) reader.end();
    },
  };
}

interface Readers {
  readonly all: Set<Reader>;
  add(reader: Reader): void;
  delete(reader: Reader): void;
}

interface Opening {
  readonly caller: Caller;
  readonly state: AuthState | undefined;
  readonly readers: Readers;
  readonly hub: EventStreamOptions['hub'];
}

function openStream(ctx: Context, opening: Opening): void {
  const { caller, state, readers, hub } = opening;
  const res = openEventStream(ctx, 'no-cache, no-transform');
  const reader: Reader = {
    caller,
    state,
    write(text) {
      if (text === '' || res.writableEnded) return;
      if (res.writableLength > MAX_BUFFERED_BYTES) return reader.end();
      res.write(text);
    },
    end() {
      readers.delete(reader);
      if (!res.writableEnded) res.end();
    },
  };
  const lastId = ctx.get('Last-Event-ID') || (typeof ctx.query['lastEventId'] === 'string' ? ctx.query['lastEventId'] : '');
  // Reading the backlog and joining the readers happen in one turn: no event falls between them.
  const missed = lastId === '' ? [] : hub.since(lastId);
  let first = `retry: ${RETRY_MS}\n\n`;
  if (missed === undefined) first += `event: reset\nid: ${hub.lastId}\ndata: {}\n\n`;
  else first += missed.length > 0 ? formatEvents(caller, missed) : `event: ready\nid: ${hub.lastId}\ndata: {}\n\n`;
  readers.add(reader);
  res.write(first);
  res.on('close', () => readers.delete(reader));
}

/** The events a caller may see, as SSE text (empty when none). */
function formatEvents(caller: Caller, events: readonly ChangeEvent[]): string {
  let text = '';
  for (const event of events) {
    if (!isAllowed(caller, event.findAction)) continue;
    const body = event.bodyWithoutRelations !== undefined && !event.reaches.every((uid) => canFind(caller, uid)) ? event.bodyWithoutRelations : event.body;
    text += `id: ${event.id}\ndata: ${body}\n\n`;
  }
  return text;
}
