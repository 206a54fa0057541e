import type { ReadOptions } from '../documents/answer-read.js';

/** What a request of the project's routes reads with: the caller's permissions and the answer's format. */
export interface RequestScope {
  readonly read: ReadOptions;
  /** Who asks and in which format, for the read cache (`public|v5`). */
  readonly cacheKey: string;
}

/** Where http/ leaves a request's scope: `ctx.state.cmsScope`. */
export const SCOPE_KEY = 'cmsScope';

/** The scope http/ gave a request (core controllers read with it); undefined outside a project route. */
export function scopeOf(ctx: { readonly state?: Record<string, unknown> } | undefined): RequestScope | undefined {
  return ctx?.state?.[SCOPE_KEY] as RequestScope | undefined;
}
