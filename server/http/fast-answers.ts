import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { AuthState } from '../auth/auth-state.js';
import { authenticate } from '../auth/authenticate.js';
import type { Caller } from '../auth/caller.js';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectPort } from '../documents/project-port.js';
import type { ProjectApp } from '../project/project-app.js';
import { matchesIfNoneMatch } from './if-none-match.js';
import { type CachedAnswer, callerKeyFor, callerKeyOf } from './read-cache.js';

/** What an answer depends on besides its request; the fast path is off for a sent answer once one of them changed. */
export interface FastAnswerSources {
  readonly config: CmsConfig;
  readonly project: ProjectPort;
  readonly isReady: () => boolean;
  readonly auth?: (() => AuthState) | undefined;
  readonly projectApp?: (() => ProjectApp | undefined) | undefined;
}

export interface FastAnswers {
  /** The Koa app's first middleware: records what the Koa path sent for a read answer the read cache keeps. */
  readonly record: Middleware;
  /** The http server's listener: a request whose answer was recorded is answered here, any other goes on to `koa`. */
  listener(koa: RequestListener): RequestListener;
  /** How many answers are recorded now, and how many requests were answered without Koa since the start. */
  stats(): { readonly recorded: number; readonly replayed: number };
}

/**
 * Answers a repeated read before Koa is entered, with the bytes the Koa path sent for it: status,
 * every header as the middlewares set them (CORS, Vary, ETag, Cache-Control …), the 304 that a
 * matching If-None-Match gets (the same headers without Content-Type and Content-Length, as Koa
 * sends it) and HEAD without a body. Only an answer of the Content API's read routes that the
 * read cache keeps (asked twice) is recorded, as the Koa path sent it, keyed by method, caller
 * (callerKeyOf), response format, Origin and URL. Routing takes the method and path only, so a
 * request that reached the read route once reaches it again while the project's code is the same
 * one: a path a project route takes (its middlewares, policies, controller) never reaches the read
 * route and is never recorded. Every recorded answer is dropped when the index (or its version),
 * the schemas, the REST settings, the auth state (tokens, permissions) or the project's code
 * change; one whose sources changed while it was being made is not recorded.
 */
export function createFastAnswers(sources: FastAnswerSources): FastAnswers {
  let entries = new Map<string, Recorded>();
  let bytes = 0;
  let forSources: Sources | undefined;
  let replayed = 0;
  /** The entries, emptied first when a source changed since they were recorded. */
  const current = (now: Sources): Map<string, Recorded> => {
    if (forSources === undefined || !sameSources(forSources, now)) {
      entries = new Map();
      bytes = 0;
      forSources = now;
    }
    return entries;
  };
  const sourcesNow = (): Sources => {
    const snapshot = sources.project.current;
    return {
      index: snapshot.index,
      version: snapshot.index.version,
      registry: snapshot.registry,
      rest: sources.config.rest,
      auth: sources.auth?.(),
      code: sources.projectApp?.(),
    };
  };

  const record: Middleware = async (ctx, next) => {
    const method = ctx.method;
    // Only reads are recorded: a write goes its way without the sources being looked at.
    if (method !== 'GET' && method !== 'HEAD') return next();
    const url = ctx.url;
    const before = sourcesNow();
    await next();
    const made = ctx.state[MADE] as Made | undefined;
    if (made === undefined || ctx.status !== 200 || ctx.body !== made.answer.text) return;
    // A cookie is for one client only: such an answer is never sent to another.
    if (ctx.res.hasHeader('Set-Cookie')) return;
    const now = sourcesNow();
    if (!sameSources(before, now) || made.index !== now.index || made.version !== now.version) return;
    const held = current(now);
    const recorded = recordedOf(ctx.res, made.answer);
    if (recorded.body.length > MAX_BYTES / 4) return;
    const key = keyOf(method, callerKeyOf(ctx), ctx.get('Origin'), url);
    const old = held.get(key);
    if (old !== undefined) {
      held.delete(key);
      bytes -= old.body.length;
    }
    // The oldest recordings make room (the read cache keeps few new answers once full: few go).
    for (const [oldKey, oldest] of held) {
      if (held.size < MAX_ENTRIES && bytes + recorded.body.length <= MAX_BYTES) break;
      held.delete(oldKey);
      bytes -= oldest.body.length;
    }
    held.set(key, recorded);
    bytes += recorded.body.length;
  };

  /** The recorded answer for this request, or undefined when Koa must answer it (`caller` when it authenticated). */
  const find = (req: IncomingMessage, caller: Caller | undefined): Recorded | undefined => {
    const headers = req.headers;
    const who = callerKeyFor(caller, headers['strapi-response-format'] as string | undefined);
    return entries.get(keyOf(req.method!, who, headers.origin ?? '', req.url!));
  };

  const replay = (req: IncomingMessage, res: ServerResponse, found: Recorded): void => {
    replayed++;
    sendRecorded(req, res, found);
  };

  return {
    record,
    listener(koa) {
      return (req, res) => {
        const method = req.method;
        if ((method !== 'GET' && method !== 'HEAD') || entries.size === 0 || !sources.isReady()) return koa(req, res);
        if (!req.url!.startsWith(`${sources.config.rest.prefix}/`)) return koa(req, res);
        const held = current(sourcesNow());
        if (held.size === 0) return koa(req, res);
        const authorization = req.headers.authorization ?? '';
        if (authorization === '') {
          const found = find(req, undefined);
          return found === undefined ? koa(req, res) : replay(req, res, found);
        }
        const auth = sources.auth?.();
        if (auth === undefined) return koa(req, res);
        // The caller is the one `authorize` would find now (a revoked token, a blocked user: Koa answers).
        authenticate(authorization, auth).then(
          (result) => {
            // Authenticating may have let other work run: a write, a reload since empties the entries.
            const found = result.ok && current(sourcesNow()) === held ? find(req, result.caller) : undefined;
            if (found === undefined) koa(req, res);
            else replay(req, res, found);
          },
          () => koa(req, res),
        );
      };
    },
    stats: () => ({ recorded: entries.size, replayed }),
  };
}

/** Sends a recorded answer: its 304 when If-None-Match matches its ETag (as conditionalGet decides), no body to a HEAD. */
function sendRecorded(req: IncomingMessage, res: ServerResponse, found: Recorded): void {
  if (matchesIfNoneMatch(req.headers['if-none-match'] || undefined, found.etag)) {
    res.writeHead(304, found.notModified);
    res.end();
    return;
  }
  res.writeHead(200, found.headers);
  if (req.method === 'HEAD') res.end();
  else res.end(found.body);
}

/** Marks the answer a read route sent as one the read cache keeps (made from `index` at `version`). */
export function markKept(ctx: Context, answer: CachedAnswer, index: ProjectPort['current']['index']): void {
  const made: Made = { answer, index, version: index.version };
  ctx.state[MADE] = made;
}

const MADE = 'cmsKeptAnswer';

/** Room for recorded answers (their texts are mostly the read cache's own strings), and how many. */
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRIES = 16_384;

interface Made {
  readonly answer: CachedAnswer;
  readonly index: ProjectPort['current']['index'];
  readonly version: number;
}

interface Sources {
  readonly index: ProjectPort['current']['index'];
  readonly version: number;
  readonly registry: ProjectPort['current']['registry'];
  readonly rest: CmsConfig['rest'];
  readonly auth: AuthState | undefined;
  readonly code: ProjectApp | undefined;
}

function sameSources(a: Sources, b: Sources): boolean {
  return a.index === b.index && a.version === b.version && a.registry === b.registry && a.rest === b.rest && a.auth === b.auth && a.code === b.code;
}

/** An answer as Koa sent it: the headers by the names they were set with, in their order. */
interface Recorded {
  readonly headers: OutgoingHttpHeaders;
  /** The headers of its 304: Koa drops the body's headers for a status without a body. */
  readonly notModified: OutgoingHttpHeaders;
  /** The body's UTF-8, encoded once (outside the heap): the text would be encoded again for every request. */
  readonly body: Buffer;
  readonly etag: string;
}

const BODY_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding']);

function recordedOf(res: ServerResponse, answer: CachedAnswer): Recorded {
  const headers: OutgoingHttpHeaders = {};
  const notModified: OutgoingHttpHeaders = {};
  // Node keeps the names as set (OutgoingMessage#getRawHeaderNames); its types declare it on ClientRequest only.
  for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const value = res.getHeader(name);
    if (value === undefined) continue;
    headers[name] = value;
    if (!BODY_HEADERS.has(name.toLowerCase())) notModified[name] = value;
  }
  return { headers, notModified, body: Buffer.from(answer.text, 'utf8'), etag: String(res.getHeader('ETag') ?? answer.etag) };
}

/** Method, caller and format, Origin, URL: none of them holds a line break (Node refuses one in a header or URL). */
function keyOf(method: string, callerKey: string, origin: string, url: string): string {
  return `${method}\n${callerKey}\n${origin}\n${url}`;
}
