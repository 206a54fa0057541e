import type { Context } from 'koa';
import type { ChangeEvent } from '../events/change-event.js';
import type { EventHub } from '../events/event-hub.js';
import { openEventStream } from '../http/open-event-stream.js';

/** A reader is cut off this far behind (unsent bytes); the browser reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 15_000;
const RETRY_MS = 1_000;

/** What the editor learns of one change: which document (or media file) changed, not its content. */
export interface EditorChange {
  readonly event: string;
  readonly uid: string | null;
  readonly documentId: string | null;
  readonly locale: string | null;
}

export interface AdminEventStream {
  /** Answers `GET /admin/events` for a signed-in administrator; `isLive` says whether the session still holds. */
  open(ctx: Context, isLive: () => boolean): void;
  /** Ends every stream (the server is closing). */
  close(): void;
}

interface Reader {
  write(text: string): void;
  end(): void;
}

/**
 * The editor's change stream: Server-Sent Events, one `message` per batch of the hub's change
 * events, whose data is a JSON array of `{event, uid, documentId, locale}` (media: uid
 * `plugin::upload.file`). Only names and ids go out, so every role may read it; the edit view
 * reads the document again to see whether it really changed. A stream whose session ended (sign-out,
 * expiry) is closed at the next event or heartbeat.
 */
export function createAdminEventStream(hub: Pick<EventHub, 'subscribe'>, heartbeatMs = HEARTBEAT_MS): AdminEventStream {
  const readers = new Set<Reader>();
  let unsubscribe: (() => void) | undefined;
  const deliver = (events: readonly ChangeEvent[]): void => {
    const text = `data: ${JSON.stringify(events.map(summaryOf))}\n\n`;
    for (const reader of readers) reader.write(text);
  };
  const heartbeat = setInterval(() => {
    for (const reader of readers) reader.write(': ping\n\n');
  }, heartbeatMs);
  heartbeat.unref();
  const remove = (reader: Reader): void => {
    readers.delete(reader);
    if (readers.size > 0) return;
    unsubscribe?.();
    unsubscribe = undefined;
  };

  return {
    open(ctx, isLive) {
      const res = openEventStream(ctx, 'no-store, no-transform');
      const reader: Reader = {
        write(text) {
          if (res.writableEnded) return;
          if (!isLive() || res.writableLength > MAX_BUFFERED_BYTES) return reader.end();
          res.write(text);
        },
        end() {
          remove(reader);
          if (!res.writableEnded) res.end();
        },
      };
      readers.add(reader);
      unsubscribe ??= hub.subscribe(deliver);
      res.write(`retry: ${RETRY_MS}\n\nevent: ready\ndata: {}\n\n`);
      res.on('close', () => remove(reader));
    },
    close() {
      clearInterval(heartbeat);
      for (const reader of readers) reader.end();
    },
  };
}

/** The names and ids of an event, read from its webhook body (once per batch: the same text goes to every reader). */
function summaryOf(event: ChangeEvent): EditorChange {
  const body = JSON.parse(event.body) as { uid?: unknown; entry?: { documentId?: unknown; locale?: unknown }; media?: { documentId?: unknown } };
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return body.media !== undefined
    ? { event: event.name, uid: 'plugin::upload.file', documentId: text(body.media.documentId), locale: null }
    : { event: event.name, uid: text(body.uid), documentId: text(body.entry?.documentId), locale: text(body.entry?.locale) };
}
