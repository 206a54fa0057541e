import type { Context } from 'koa';

/**
 * Takes the response over for Server-Sent Events: no socket timeout, no Nagle delay, Koa's own
 * answering off, and the stream's headers beside those already set (CORS, Vary). Proxies are asked
 * not to buffer. The caller writes `res` from then on.
 */
export function openEventStream(ctx: Context, cacheControl: string): Context['res'] {
  const res = ctx.res;
  ctx.req.socket.setTimeout(0);
  ctx.req.socket.setNoDelay(true);
  ctx.respond = false;
  res.writeHead(200, {
    ...(ctx.response.headers as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': cacheControl,
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  return res;
}
