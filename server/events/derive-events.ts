import type { IndexChanges, MediaChange, RecordChange } from '../content-index/change-journal.js';
import { type Entry, versionOf } from '../content-index/entry.js';
import type { MediaRecord } from '../content-index/media-record.js';
import type { WebhookEvent } from '../config/webhook-events.js';
import type { ContentType } from '../schema/content-type.js';
import { USER_UID } from '../schema/user-type.js';

/** An event derived from a change, before its body is made: what happened, and to which version. */
export type PendingEvent =
  | { readonly kind: 'entry'; readonly name: WebhookEvent; readonly type: ContentType; readonly entry: Entry; readonly populate: boolean }
  | { readonly kind: 'media'; readonly name: WebhookEvent; readonly record: MediaRecord };

/**
 * The events Strapi's document service would emit for each change, in the order of the changes:
 * whatever made it (an API write, a hand edit, a `git pull`), the same change gives the same events.
 *
 * - A new document: `entry.create` (its draft), then `entry.publish` when it is published.
 * - A removed one: one `entry.delete`, with its published version if it had one.
 * - A changed one: `entry.update` when its draft changed, `entry.unpublish` when its published
 *   version went, `entry.publish` when one came or changed. Without Draft & Publish: `entry.update`.
 * - Media: `media.create`, `media.update`, `media.delete` for a file of the library.
 *
 * Deleted and unpublished entries are not populated (Strapi sends the row it removed).
 */
export function deriveEvents(changes: IndexChanges): PendingEvent[] {
  const out: PendingEvent[] = [];
  for (const change of changes.documents) deriveDocumentEvents(change, out);
  for (const change of changes.media) deriveMediaEvent(change, out);
  return out;
}

function deriveDocumentEvents({ before, after }: RecordChange, out: PendingEvent[]): void {
  const record = after ?? before;
  // Users are entries of the index (relations point at them), but their changes are no content events.
  if (record === undefined || record.type.uid === USER_UID) return;
  const type = record.type;
  const emit = (name: WebhookEvent, entry: Entry | undefined, populate = true): void => {
    if (entry !== undefined) out.push({ kind: 'entry', name, type, entry, populate });
  };
  if (!type.draftAndPublish) {
    const was = before && (before.main ?? before.draftFile);
    const is = after && (after.main ?? after.draftFile);
    if (was === undefined) emit('entry.create', is);
    else if (is === undefined) emit('entry.delete', was, false);
    else if (!isSameVersion(was, is)) emit('entry.update', is);
    return;
  }
  const draftBefore = before && versionOf(before, 'draft');
  const draftAfter = after && versionOf(after, 'draft');
  const publishedBefore = before && versionOf(before, 'published');
  const publishedAfter = after && versionOf(after, 'published');
  if (draftBefore === undefined) {
    emit('entry.create', draftAfter);
    emit('entry.publish', publishedAfter);
  } else if (after === undefined || draftAfter === undefined) {
    emit('entry.delete', publishedBefore ?? draftBefore, false);
  } else {
    if (!isSameVersion(draftBefore, draftAfter)) emit('entry.update', draftAfter);
    if (publishedBefore !== undefined && publishedAfter === undefined) emit('entry.unpublish', publishedBefore, false);
    if (publishedAfter !== undefined && (publishedBefore === undefined || !isSameVersion(publishedBefore, publishedAfter)))
      emit('entry.publish', publishedAfter);
  }
}

function deriveMediaEvent({ before, after }: MediaChange, out: PendingEvent[]): void {
  if (after === undefined) {
    if (before !== undefined) out.push({ kind: 'media', name: 'media.delete', record: before });
  } else if (before === undefined) out.push({ kind: 'media', name: 'media.create', record: after });
  else if (!isSameVersion(before, after) || before.id !== after.id) out.push({ kind: 'media', name: 'media.update', record: after });
}

/** Whether two versions hold the same values and timestamps (a record replaced by an identical one is no change). */
export function isSameVersion(a: Entry, b: Entry): boolean {
  if (a === b) return true;
  return (
    a.createdAt === b.createdAt &&
    a.updatedAt === b.updatedAt &&
    a.publishedAt === b.publishedAt &&
    a.documentId === b.documentId &&
    hasSameValues(a.data, b.data)
  );
}

/** Keys of a file's data that are versions' own fields, compared as such (a draft view shares its file's `publishedAt`). */
const SYSTEM_KEYS = new Set(['createdAt', 'updatedAt', 'publishedAt']);

function hasSameValues(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  if (a === b) return true;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!SYSTEM_KEYS.has(key) && JSON.stringify(a[key]) !== JSON.stringify(b[key])) return false;
  }
  return true;
}
