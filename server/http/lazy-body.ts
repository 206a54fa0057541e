import type { Middleware } from 'koa';
import type { koaBody } from 'koa-body';

export type BodyOptions = NonNullable<Parameters<typeof koaBody>[0]>;

/** koa-body, loaded when the first body arrives: it and its parsers cost ~120 ms at start-up. */
export function lazyBody(options: BodyOptions): Middleware {
  let middleware: Middleware | undefined;
  return async (ctx, next) => {
    middleware ??= (await import('koa-body')).koaBody(options);
    return middleware(ctx, next);
  };
}

/**
 * Starts loading koa-body in the background once the server listens, so the first write does not
 * wait for it either. A failure to load shows on the first request that needs a body.
 */
export function preloadBody(): void {
  import('koa-body').catch(() => undefined);
}

/** The same, for code that builds its options per request. */
export async function parseBody(ctx: Parameters<Middleware>[0], options: BodyOptions): Promise<void> {
  const { koaBody: create } = await import('koa-body');
  await create(options)(ctx, async () => {});
}
