import type { ContentType } from '../schema/content-type.js';
import type { LifecycleRunner } from './lifecycles.js';

/** The read lifecycles of Strapi's Query Engine that cms fires. */
export type ReadAction = 'findMany' | 'findOne' | 'count';

const READ_HOOKS = ['beforeFindMany', 'afterFindMany', 'beforeFindOne', 'afterFindOne', 'beforeCount', 'afterCount'] as const;

/** The Query Engine's name of each read parameter beside the read's own (`where` ⇄ `filters` is handled apart). */
const ENGINE_KEYS: readonly (readonly [engine: string, own: string])[] = [
  ['select', 'fields'],
  ['orderBy', 'sort'],
  ['populate', 'populate'],
  ['limit', 'limit'],
  ['offset', 'start'],
  ['locale', 'locale'],
  ['status', 'status'],
];

/** A read the hooks run around: the query parameters in the REST / Document Service form, and the read itself. */
export interface HookedRead<T> {
  readonly type: ContentType;
  readonly action: ReadAction;
  /** `filters`, `fields`, `sort`, `populate`, `start`/`limit`, `status`, `locale`, as the read takes them. */
  readonly query: Record<string, unknown>;
  /** The document a findOne reads (in `params.where.documentId`). */
  readonly documentId?: string | undefined;
  readonly read: (query: Record<string, unknown>) => Promise<T> | T;
  /** What `event.result` is: the documents, the document (or null), the count. */
  readonly resultOf: (answer: T) => unknown;
}

/** The read lifecycles of a project's subscribers: whether a type has any, and running them around a read. */
export interface ReadLifecycles {
  covers(uid: string): boolean;
  run<T>(read: HookedRead<T>): Promise<T>;
}

/**
 * `beforeFindMany`/`afterFindMany`, `beforeFindOne`/`afterFindOne`, `beforeCount`/`afterCount` with
 * Strapi's event: `params` in the Query Engine's words (`where`, `select`, `orderBy`, `populate`,
 * `limit`, `offset`), which a before-hook may change (a new `where` filters the read), and `result`
 * after. Undefined when no subscriber has a read hook, so reads keep their direct, cached path.
 */
export function createReadLifecycles(runner: LifecycleRunner, uids: readonly string[]): ReadLifecycles | undefined {
  const covered = new Set(uids.filter((uid) => runner.has(uid, READ_HOOKS)));
  if (covered.size === 0) return undefined;
  return {
    covers: (uid) => covered.has(uid),
    async run(request) {
      const { type, action, query, documentId } = request;
      if (!covered.has(type.uid)) return request.read(query);
      const name = `${action[0]?.toUpperCase()}${action.slice(1)}`;
      const params = toEngineParams(query, documentId);
      // Kept as text: a hook may replace a value or change it in place.
      const given = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)]));
      const state: Record<string, unknown> = {};
      await runner.run(`before${name}`, type.uid, { params, state });
      const answer = await request.read(fromEngineParams(query, params, given));
      await runner.run(`after${name}`, type.uid, { params, state, result: request.resultOf(answer) });
      return answer;
    },
  };
}

function toEngineParams(query: Record<string, unknown>, documentId: string | undefined): Record<string, unknown> {
  const filters = query['filters'] ?? {};
  const params: Record<string, unknown> = { where: documentId === undefined ? filters : { ...(filters as object), documentId } };
  for (const [engine, own] of ENGINE_KEYS) if (query[own] !== undefined) params[engine] = query[own];
  return params;
}

/** The read's query with what a before-hook changed put back in the read's words. */
function fromEngineParams(query: Record<string, unknown>, params: Record<string, unknown>, given: Record<string, string | undefined>): Record<string, unknown> {
  const next = { ...query };
  const changed = (key: string) => JSON.stringify(params[key]) !== given[key];
  for (const [engine, own] of ENGINE_KEYS) if (changed(engine)) next[own] = params[engine];
  if (changed('where')) {
    const where = { ...(params['where'] as object) } as Record<string, unknown>;
    delete where['documentId'];
    next['filters'] = where;
  }
  return next;
}
