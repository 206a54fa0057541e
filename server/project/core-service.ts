import { answerRead } from '../documents/answer-read.js';
import type { ContentType } from '../schema/content-type.js';
import { type DocumentServiceDeps, runDocumentMiddlewares } from './document-service.js';
import type { RequestScopes } from './request-scope.js';

export type Methods = Record<string, (...args: never[]) => unknown>;

/**
 * Strapi's core service of a content type, with the REST API's semantics (default status
 * `published`, pagination with its defaults): `find`, `findOne`, `create`, `update`, `delete` for
 * collection types, `find`, `createOrUpdate`, `delete` for single types. Reads run inside the
 * document middlewares with the caller's permissions.
 */
export function createCoreService(
  deps: DocumentServiceDeps,
  scopes: RequestScopes,
  type: ContentType,
  documents: Record<string, (p?: Record<string, unknown>) => Promise<unknown>>,
): Methods {
  const readOptions = () => scopes.current()?.read ?? { config: deps.config, warn: deps.warn };
  const read = (action: string, documentId: string | undefined, params: Record<string, unknown> | undefined) =>
    runDocumentMiddlewares(deps.middlewares, { uid: type.uid, action, params: { ...(params ?? {}) }, contentType: type }, (p) =>
      answerRead(deps.project.current, { type, documentId, querystring: '', raw: p }, readOptions()),
    ) as Promise<{ data: unknown; meta: { pagination?: unknown } }>;
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
