import { answerRead } from '../documents/answer-read.js';
import type { ContentType } from '../schema/content-type.js';
import { type DocumentServiceDeps, runDocumentMiddlewares } from './document-service.js';
import type { ReadOptions } from '../documents/answer-read.js';

export type Methods = Record<string, (...args: never[]) => unknown>;

/**
 * Strapi's core service of a content type, with the REST API's semantics (default status
 * `published`, pagination with its defaults): `find`, `findOne`, `create`, `update`, `delete` for
 * collection types, `find`, `createOrUpdate`, `delete` for single types. Reads run inside the
 * document middlewares.
 */
export function createCoreService(
  deps: DocumentServiceDeps,
  type: ContentType,
  documents: Record<string, (p?: Record<string, unknown>) => Promise<unknown>>,
): Methods {
  // Services read with full access, as Strapi's do; core controllers read with the caller's permissions.
  const read = (action: string, documentId: string | undefined, params: Record<string, unknown> | undefined) =>
    readThroughMiddlewares(deps, type, { action, documentId, params }, { config: deps.config, warn: deps.warn });
  const write = (action: 'create' | 'update' | 'delete', documentId: string | undefined, params: Record<string, unknown> | undefined) => {
    const p: Record<string, unknown> = { ...(params ?? {}), status: params?.['status'] ?? 'published' };
    if (documentId !== undefined) p['documentId'] = documentId;
    return documents[action]?.(p);
  };
  if (type.kind === 'singleType') {
    return {
      find: async (params: Record<string, unknown>) => (await read('findFirst', undefined, params)).data,
      createOrUpdate: (params: Record<string, unknown>) => write('update', undefined, params),
      delete: (params: Record<string, unknown>) => write('delete', undefined, params),
    };
  }
  return {
    find: async (params: Record<string, unknown>) => {
      const answer = await read('findMany', undefined, params);
      return { results: answer.data, pagination: answer.meta.pagination };
    },
    findOne: async (documentId: string, params: Record<string, unknown>) => (await read('findOne', documentId, params)).data,
    create: (params: Record<string, unknown>) => write('create', undefined, params),
    update: (documentId: string, params: Record<string, unknown>) => write('update', documentId, params),
    delete: (documentId: string, params: Record<string, unknown>) => write('delete', documentId, params),
  };
}

/** A core read: what the core action would answer, with the REST API's semantics, inside the document middlewares. */
export function readThroughMiddlewares(
  deps: DocumentServiceDeps,
  type: ContentType,
  request: { readonly action: string; readonly documentId: string | undefined; readonly params: Record<string, unknown> | undefined },
  options: ReadOptions,
): Promise<{ data: unknown; meta: { pagination?: unknown } }> {
  const { action, documentId, params } = request;
  const reads = deps.reads?.();
  const answer = (p: Record<string, unknown>) => answerRead(deps.project.current, { type, documentId, querystring: '', raw: p }, options);
  const final =
    reads === undefined
      ? answer
      : // A list is a findMany, then a count for its pagination; one document (or a single type) is a findOne.
        async (p: Record<string, unknown>) => {
          if (action !== 'findMany') return reads.run({ type, action: 'findOne', query: p, documentId, read: answer, resultOf: (a) => a.data });
          const list = await reads.run({ type, action: 'findMany', query: p, read: answer, resultOf: (a) => a.data });
          const total = (list.meta as { pagination?: { total?: unknown } }).pagination?.total;
          if (typeof total === 'number') await reads.run({ type, action: 'count', query: p, read: () => list, resultOf: () => total });
          return list;
        };
  return runDocumentMiddlewares(deps.middlewares, { uid: type.uid, action, params: { ...(params ?? {}) }, contentType: type }, final) as Promise<{
    data: unknown;
    meta: { pagination?: unknown };
  }>;
}
