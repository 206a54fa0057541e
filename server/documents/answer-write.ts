import { notFoundError } from '../errors/api-error.js';
import type { Entry } from '../content-index/entry.js';
import { serializeEntry } from '../engine/serialize-entry.js';
import type { ContentType } from '../schema/content-type.js';
import { type ReadOptions, formatAnswer, prepareRead } from './answer-read.js';
import { NO_PASSWORD_HASHES, hashBodyPasswords } from './password-hashes.js';
import type { ProjectPort, WriteEvent } from './project-port.js';
import { isPlainObject } from '../config/is-plain-object.js';
import { createDocument, deleteDocument, updateDocument, upsertSingleDocument } from './write-documents.js';

/** A write the content API takes: create (collection types), update or delete. */
export interface WriteRequest {
  readonly type: ContentType;
  readonly action: 'create' | 'update' | 'delete';
  /** The document of a collection type's update or delete; undefined for single types and creates. */
  readonly documentId: string | undefined;
  readonly body: unknown;
  readonly querystring: string;
}

export interface WriteOptions extends ReadOptions {
  /** The current time as an ISO string (injectable for tests). */
  readonly now: () => string;
}

/** The status and body of a write's answer; a delete answers 204 without a body. */
export interface WriteAnswer {
  readonly status: 200 | 201 | 204;
  readonly body: { data: unknown; meta: unknown } | undefined;
}

/**
 * Makes a Content API write through the document service and answers it as Strapi does: the
 * document as the next GET would show it (with the request's `fields` and `populate`), 201 for a
 * create, 204 for a delete, 404 when the document does not exist. Throws Strapi's 400s. Password
 * values are hashed first (the only await), so the write stores hashes and never the plain text.
 */
export async function answerWrite(project: ProjectPort, request: WriteRequest, options: WriteOptions): Promise<WriteAnswer> {
  const { type, action, documentId, body, querystring } = request;
  const hooks = project.hooks;
  const event = hooks === undefined ? undefined : writeEvent(type, action, documentId, body);
  if (hooks !== undefined && event !== undefined) await hooks.before(event);
  // bcrypt runs here, asynchronously, before the write: the write itself is one synchronous commit.
  const passwordHashes = action === 'delete' ? NO_PASSWORD_HASHES : await hashBodyPasswords(project.current.registry, type, body);
  const { context, query } = prepareRead(project.current, { type, action, querystring }, options);
  const writes = { project, defaultLocale: options.config.i18n.defaultLocale, now: options.now, canFind: options.canFind, passwordHashes };
  if (action === 'delete') {
    deleteDocument(writes, type, documentId, query);
    if (hooks !== undefined && event !== undefined) await hooks.after(event);
    return { status: 204, body: undefined };
  }
  let entry: Entry | undefined;
  if (action === 'create') entry = createDocument(writes, type, body, query);
  else entry = documentId === undefined ? upsertSingleDocument(writes, type, body, query) : updateDocument(writes, { type, documentId }, body, query);
  if (entry === undefined) throw notFoundError();
  // Read back through the index the write produced, as the next GET would see it.
  const snapshot = project.current;
  const data = serializeEntry({ ...context, index: snapshot.index }, type, entry, query);
  if (hooks !== undefined && event !== undefined) {
    event.result = data;
    await hooks.after(event);
  }
  return { status: action === 'create' ? 201 : 200, body: formatAnswer(snapshot, type, { data, meta: {} }, options.format) };
}

/** The lifecycle event of a route's write; `params.data` is the body's own `data`, so a before-hook's change is written. */
function writeEvent(type: ContentType, action: WriteRequest['action'], documentId: string | undefined, body: unknown): WriteEvent {
  const data = isPlainObject(body) && isPlainObject(body['data']) ? body['data'] : undefined;
  const params: WriteEvent['params'] = {};
  if (data !== undefined && action !== 'delete') params.data = data;
  if (documentId !== undefined) params.where = { documentId };
  return { action, type, params, state: {} };
}
