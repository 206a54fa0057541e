import type { CmsConfig } from '../config/cms-config.js';
import { prepareRead } from '../documents/answer-read.js';
import { hashBodyPasswords } from '../documents/password-hashes.js';
import type { ProjectPort, WriteEvent } from '../documents/project-port.js';
import { discardDraft, unpublishDocument } from '../documents/publication.js';
import { findDocument } from '../documents/read-documents.js';
import { createDocument, deleteDocument, updateDocument, upsertSingleDocument } from '../documents/write-documents.js';
import { selectEntries } from '../engine/select-entries.js';
import { serializeEntries, serializeEntry } from '../engine/serialize-entry.js';
import { validationError } from '../errors/api-error.js';
import type { ContentType } from '../schema/content-type.js';
import type { ReadLifecycles } from './read-lifecycles.js';

/** What a document middleware sees: Strapi's `context` (`uid`, `action`, `params`, `contentType`). */
export interface DocumentContext {
  readonly uid: string;
  readonly action: string;
  params: Record<string, unknown>;
  readonly contentType: ContentType;
}

export type DocumentMiddleware = (context: DocumentContext, next: () => Promise<unknown>) => Promise<unknown>;

export interface DocumentServiceDeps {
  readonly project: ProjectPort;
  readonly config: CmsConfig;
  readonly warn: (message: string) => void;
  readonly middlewares: readonly DocumentMiddleware[];
  readonly now: () => string;
  /** The project's read lifecycles, once its code has subscribed (after bootstrap); undefined: none. */
  readonly reads?: (() => ReadLifecycles | undefined) | undefined;
}

/** Runs `final` inside the document middlewares, the first registered outermost (Strapi's order). */
export async function runDocumentMiddlewares(
  middlewares: readonly DocumentMiddleware[],
  context: DocumentContext,
  final: (params: Record<string, unknown>) => Promise<unknown> | unknown,
): Promise<unknown> {
  const dispatch = async (i: number): Promise<unknown> => {
    const middleware = middlewares[i];
    if (middleware === undefined) return final(context.params);
    return middleware(context, () => dispatch(i + 1));
  };
  return dispatch(0);
}

const READ_KEYS = ['filters', 'fields', 'populate', 'sort', 'locale', '_q'] as const;

/** `strapi.documents(uid)`: the Document Service of one content type, over documents/ (the REST API's engine and write path). */
export function createDocumentService(deps: DocumentServiceDeps, type: ContentType): Record<string, (params?: Record<string, unknown>) => Promise<unknown>> {
  const run = (action: string, params: Record<string, unknown> | undefined, final: (p: Record<string, unknown>) => unknown): Promise<unknown> =>
    runDocumentMiddlewares(deps.middlewares, { uid: type.uid, action, params: { ...(params ?? {}) }, contentType: type }, async (p) => final(p));
  const read = (params: Record<string, unknown>, action: 'find' | 'findOne') => {
    const raw: Record<string, unknown> = { status: params['status'] ?? 'draft' };
    for (const key of READ_KEYS) if (params[key] !== undefined) raw[key] = params[key];
    const { context, query } = prepareRead(deps.project.current, { type, action, querystring: '', raw }, { config: deps.config, warn: deps.warn });
    const start = numberParam(params, 'start', 0);
    const limit = numberParam(params, 'limit', Number.MAX_SAFE_INTEGER);
    return { context, query: { ...query, pagination: { mode: 'offset' as const, start, limit, withCount: false } } };
  };
  const findManyNow = (params: Record<string, unknown>): Record<string, unknown>[] => {
    const { context, query } = read(params, 'find');
    return serializeEntries(context, type, selectEntries(context, type, query).page, query);
  };
  // Through the project's read lifecycles, when it has any (Strapi's Query Engine fires them for every read).
  const hooked = <T>(
    action: 'findMany' | 'findOne' | 'count',
    params: Record<string, unknown>,
    final: (p: Record<string, unknown>) => T,
    documentId?: string,
  ) => {
    const reads = deps.reads?.();
    if (reads === undefined) return final(params);
    return reads.run({ type, action, query: params, documentId, read: final, resultOf: (answer) => answer });
  };
  const findMany = (params: Record<string, unknown>) => hooked('findMany', params, findManyNow);
  const writes = async (event: WriteEvent, write: () => unknown): Promise<unknown> => {
    const hooks = deps.project.hooks;
    if (hooks) await hooks.before(event);
    const result = write();
    event.result = result;
    if (hooks) await hooks.after(event);
    return result;
  };
  const writeQuery = (params: Record<string, unknown>) => read({ ...params, status: params['status'] ?? 'draft' }, 'findOne');
  const context = (now = deps.now) => ({ project: deps.project, defaultLocale: deps.config.i18n.defaultLocale, now });
  const documentIdOf = (params: Record<string, unknown>): string => {
    const id = params['documentId'];
    if (typeof id !== 'string' || id === '') throw validationError('documentId is required');
    return id;
  };
  const localeOf = (params: Record<string, unknown>): string | null =>
    type.localized ? (typeof params['locale'] === 'string' ? params['locale'] : deps.config.i18n.defaultLocale) : null;
  const readBack = (documentId: string, params: Record<string, unknown>, status: string): unknown => {
    const { context: rc, query } = read({ ...params, status }, 'findOne');
    return findDocument(rc, type, documentId, query) ?? null;
  };
  const eventOf = (action: WriteEvent['action'], params: Record<string, unknown>): WriteEvent => {
    const p: WriteEvent['params'] = {};
    if (params['data'] !== undefined) p.data = params['data'] as Record<string, unknown>;
    if (typeof params['documentId'] === 'string') p.where = { documentId: params['documentId'] };
    if (typeof params['locale'] === 'string') p.locale = params['locale'];
    if (typeof params['status'] === 'string') p.status = params['status'];
    return { action, type, params: p, state: {} };
  };
  return {
    findMany: (params) => run('findMany', params, findMany),
    findFirst: (params) => run('findFirst', params, (p) => hooked('findOne', { ...p, start: 0, limit: 1 }, (q) => findManyNow(q)[0] ?? null)),
    findOne: (params) =>
      run('findOne', params, (p) =>
        hooked(
          'findOne',
          p,
          (q) => {
            const { context: rc, query } = read(q, 'findOne');
            return findDocument(rc, type, documentIdOf(q), query) ?? null;
          },
          typeof p['documentId'] === 'string' ? p['documentId'] : undefined,
        ),
      ),
    count: (params) =>
      run('count', params, (p) =>
        hooked('count', p, (q) => {
          const { context: rc, query } = read(q, 'find');
          return selectEntries(rc, type, { ...query, pagination: { ...query.pagination, start: 0, limit: 0 } }).total;
        }),
      ),
    create: (params) =>
      run('create', params, async (p) => {
        const event = eventOf('create', p);
        if (deps.project.hooks) await deps.project.hooks.before(event);
        return createWith(p, event);
      }),
    update: (params) =>
      run('update', params, async (p) => {
        const documentId = documentIdOf(p);
        const event = eventOf('update', p);
        if (deps.project.hooks) await deps.project.hooks.before(event);
        const hashes = await hashBodyPasswords(deps.project.current.registry, type, { data: event.params.data ?? {} });
        const { query } = writeQuery(p);
        const body = { data: event.params.data ?? {} };
        const entry =
          type.kind === 'singleType'
            ? upsertSingleDocument({ ...context(), passwordHashes: hashes }, type, body, query)
            : updateDocument({ ...context(), passwordHashes: hashes }, { type, documentId }, body, query);
        const result = entry === undefined ? null : serializeEntry(writeQuery(p).context, type, entry, query);
        event.result = result;
        if (deps.project.hooks) await deps.project.hooks.after(event);
        return result;
      }),
    delete: (params) =>
      run('delete', params, async (p) => {
        const documentId = type.kind === 'singleType' ? undefined : documentIdOf(p);
        const before = documentId === undefined ? null : readBack(documentId, p, 'draft');
        const { query } = writeQuery({ ...p, status: 'published' });
        await writes(eventOf('delete', p), () => deleteDocument(context(), type, documentId, query));
        return { documentId: documentId ?? null, entries: before === null ? [] : [before] };
      }),
    publish: (params) =>
      run('publish', params, async (p) => {
        const documentId = documentIdOf(p);
        const { query } = writeQuery({ ...p, status: 'published' });
        const event = eventOf('update', { ...p, data: {} });
        await writes(event, () => updateDocument(context(), { type, documentId }, { data: {} }, query));
        const entry = readBack(documentId, p, 'published');
        return { documentId, entries: entry === null ? [] : [entry] };
      }),
    unpublish: (params) =>
      run('unpublish', params, (p) => {
        const documentId = documentIdOf(p);
        const done = unpublishDocument(deps.project, { type, documentId, locale: localeOf(p) }, deps.now());
        return { documentId, entries: done ? [readBack(documentId, p, 'draft')] : [] };
      }),
    discardDraft: (params) =>
      run('discardDraft', params, (p) => {
        const documentId = documentIdOf(p);
        const done = discardDraft(deps.project, { type, documentId, locale: localeOf(p) }) !== undefined;
        return { documentId, entries: done ? [readBack(documentId, p, 'draft')] : [] };
      }),
  };

  async function createWith(p: Record<string, unknown>, event: WriteEvent): Promise<unknown> {
    const body = { data: event.params.data ?? {} };
    const hashes = await hashBodyPasswords(deps.project.current.registry, type, body);
    const { context: rc, query } = writeQuery(p);
    const entry = createDocument({ ...context(), passwordHashes: hashes }, type, body, query);
    const result = serializeEntry({ ...rc, index: deps.project.current.index }, type, entry, query);
    event.result = result;
    if (deps.project.hooks) await deps.project.hooks.after(event);
    return result;
  }
}

function numberParam(params: Record<string, unknown>, key: string, fallback: number): number {
  const value = params[key];
  if (value === undefined || value === null) return fallback;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) throw validationError(`Invalid ${key} parameter: expected a non-negative integer`);
  return number;
}
