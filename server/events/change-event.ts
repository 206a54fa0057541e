import type { WebhookEvent } from '../config/webhook-events.js';

/** The uid whose `find` permission lets a caller see media events (the upload plugin's content API). */
export const MEDIA_FIND_ACTION = 'plugin::upload.content-api.find';

/** One change event, ready to send: the same text goes to every webhook and every stream reader. */
export interface ChangeEvent {
  /** `<boot>-<sequence>`: grows with every event of this server process (the SSE `id:`). */
  readonly id: string;
  readonly seq: number;
  readonly name: WebhookEvent;
  /** The action that lets a caller see it: `<content type uid>.find`, or the media library's find. */
  readonly findAction: string;
  /** Strapi's webhook body, `{event, createdAt, model, uid, entry}` or `{event, createdAt, media}`, as JSON text. */
  readonly body: string;
  /** The body without populated relations, when it has any (for readers who may not find every related type). */
  readonly bodyWithoutRelations: string | undefined;
  /** Content types the body's relations reach. */
  readonly reaches: readonly string[];
}
