import type { IndexChanges } from '../content-index/change-journal.js';
import type { ContentType } from '../schema/content-type.js';
import { serializeMedia } from '../engine/serialize-entry.js';
import { EMPTY_POPULATE } from '../query/document-query.js';
import { type ChangeEvent, MEDIA_FIND_ACTION } from './change-event.js';
import { type PendingEvent, deriveEvents } from './derive-events.js';
import { type IndexView, diffSnapshots } from './diff-snapshots.js';
import { type EntryShapes, buildEntryShapes, serializeWebhookEntry } from './webhook-entry.js';

/** Events whose bodies are made per turn of the event loop, so a burst never holds up requests for long. */
const CHUNK = 200;
const DEFAULT_BACKLOG = 1_000;

export type EventListener = (events: readonly ChangeEvent[]) => void;

/** A change of the project as the runtime hands it over: the state after, and what changed (undefined: everything may have, after a reload). */
export interface ProjectChange {
  readonly before: IndexView;
  readonly after: IndexView;
  readonly changes: IndexChanges | undefined;
}

interface Queued {
  readonly seq: number;
  readonly view: IndexView;
  readonly event: PendingEvent;
  readonly createdAt: string;
}

/**
 * Turns the runtime's changes into events: derived at once (cheap, synchronous, in order), their
 * bodies made in chunks between requests, then handed to the listeners (webhooks, event streams)
 * and kept in a short backlog for readers that reconnect (`Last-Event-ID`).
 */
export class EventHub {
  private readonly boot = Date.now().toString(36);
  private seq = 0;
  private readonly queue: Queued[] = [];
  private readonly backlog: ChangeEvent[] = [];
  private readonly listeners = new Set<EventListener>();
  private readonly shapes = new WeakMap<ContentType, EntryShapes>();
  private scheduled: NodeJS.Immediate | undefined;
  private closed = false;

  constructor(
    private readonly backlogSize = DEFAULT_BACKLOG,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes one change of the project (a commit, a batch of file events, a reload). */
  publish(change: ProjectChange): void {
    if (this.closed) return;
    const changes = change.changes ?? diffSnapshots(change.before, change.after);
    const createdAt = this.now().toISOString();
    for (const event of deriveEvents(changes)) this.queue.push({ seq: ++this.seq, view: change.after, event, createdAt });
    if (this.queue.length > 0) this.scheduled ??= setImmediate(() => this.drain());
  }

  /** Calls `listener` with each batch of events, in order. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The id of the last event made (the point a new reader starts from). */
  get lastId(): string {
    return `${this.boot}-${this.seq - this.queue.length}`;
  }

  /**
   * Events after `lastId` still in the backlog; undefined when some of them are gone (or the id is
   * from another server process), so the reader must start afresh.
   */
  since(lastId: string): ChangeEvent[] | undefined {
    const match = /^([a-z0-9]+)-(\d+)$/.exec(lastId);
    if (match === null || match[1] !== this.boot) return undefined;
    const seq = Number(match[2]);
    const made = this.seq - this.queue.length;
    if (seq > made) return undefined;
    const oldest = this.backlog[0]?.seq ?? made + 1;
    if (seq < oldest - 1) return undefined;
    return this.backlog.filter((event) => event.seq > seq);
  }

  close(): void {
    this.closed = true;
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.queue.length = 0;
    this.listeners.clear();
  }

  private drain(): void {
    this.scheduled = undefined;
    const batch: ChangeEvent[] = [];
    for (const item of this.queue.splice(0, CHUNK)) {
      // Nobody listens and the backlog would drop it before anyone asks: its body is never made, and
      // what came before it can no longer be resumed from without a gap.
      if (this.listeners.size === 0 && this.seq - item.seq >= this.backlogSize) {
        this.backlog.length = 0;
        continue;
      }
      const event = this.toChangeEvent(item);
      batch.push(event);
      this.backlog.push(event);
    }
    if (this.backlog.length > this.backlogSize) this.backlog.splice(0, this.backlog.length - this.backlogSize);
    if (batch.length === 0) {
      if (this.queue.length > 0) this.scheduled = setImmediate(() => this.drain());
      return;
    }
    for (const listener of this.listeners) listener(batch);
    if (this.queue.length > 0) this.scheduled = setImmediate(() => this.drain());
  }

  private toChangeEvent({ seq, view, event, createdAt }: Queued): ChangeEvent {
    const id = `${this.boot}-${seq}`;
    if (event.kind === 'media') {
      const media = serializeMedia(view.index.registry.uploadFile, event.record, undefined);
      const body = JSON.stringify({ event: event.name, createdAt, media });
      return { id, seq, name: event.name, findAction: MEDIA_FIND_ACTION, body, bodyWithoutRelations: undefined, reaches: [] };
    }
    const { type, entry, name } = event;
    let shapes = this.shapes.get(type);
    if (shapes === undefined) {
      shapes = buildEntryShapes(view.index.registry, type);
      this.shapes.set(type, shapes);
    }
    const head = { event: name, createdAt, model: type.singularName, uid: type.uid };
    const populate = event.populate ? shapes.populated : EMPTY_POPULATE;
    const body = JSON.stringify({ ...head, entry: serializeWebhookEntry(view.index, type, entry, populate) });
    const reaches = event.populate ? shapes.reaches : [];
    const bodyWithoutRelations =
      reaches.length === 0 ? undefined : JSON.stringify({ ...head, entry: serializeWebhookEntry(view.index, type, entry, shapes.withoutRelations) });
    return { id, seq, name, findAction: `${type.uid}.find`, body, bodyWithoutRelations, reaches };
  }
}
