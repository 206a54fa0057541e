import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { AuthState } from '../auth/auth-state.js';
import { authenticate } from '../auth/authenticate.js';
import { type Caller, canFind } from '../auth/caller.js';
import type { CmsConfig } from '../config/cms-config.js';
import type { ProjectPort } from '../documents/project-port.js';
import type { ProjectApp } from '../project/project-app.js';
import { type ReadOptions, answerReadText, mayBuildReverse } from '../documents/answer-read.js';
import { callerOf } from './authorize.js';
import type { ContentType } from '../schema/content-type.js';
import { routeName } from '../schema/schema-registry.js';
import { answerEtag } from '../documents/answer-headers.js';
import { type AnswerHeaders, type GetOneTemplate, answerHeadersOf, getOnePath, getOneTemplateOf, headersWith } from './get-one-template.js';
import { SecondAsks } from './second-asks.js';
import { matchesIfNoneMatch } from './if-none-match.js';
import { type CachedAnswer, callerKeyFor, callerKeyOf } from './read-cache.js';

/** What an answer depends on besides its request; the fast path is off for a sent answer once one of them changed. */
export interface FastAnswerSources {
  readonly config: CmsConfig;
  readonly project: ProjectPort;
  readonly isReady: () => boolean;
  readonly auth?: (() => AuthState) | undefined;
  readonly projectApp?: (() => ProjectApp | undefined) | undefined;
  /** Where the problems a composed answer meets go (a relation to a missing document), as for the read routes. */
  readonly warn?: ((message: string) => void) | undefined;
}

export interface FastAnswers {
  /** The Koa app's first middleware: records what the Koa path sent for a read answer the read cache keeps. */
  readonly record: Middleware;
  /** The http server's listener: a request whose answer was recorded is answered here, any other goes on to `koa`. */
  listener(koa: RequestListener): RequestListener;
  /**
   * How many answers are recorded now, how many requests were answered without Koa since the start
   * by sending a recorded answer, and how many by composing a get-one.
   */
  stats(): { readonly recorded: number; readonly replayed: number; readonly composed: number };
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
 *
 * A get-one (`GET /api/articles/<documentId>`, with or without a query string), whose answer depends
 * on the document and the query alone, is answered before Koa even the first time it is asked, once
 * Koa has answered one of the type for the same caller, format and Origin: its body is composed
 * from the stored versions (answerReadText, the bytes the read route sends) and sent with the
 * headers Koa sent for the other (get-one-template.ts), its length and tag filled in. Only while the
 * project has no routes of its own (they could take such a path), and only when the read answers
 * 200 (Koa answers the 404 or 400). Such an answer asked a second time is recorded as the read
 * cache would keep it.
 */
export function createFastAnswers(sources: FastAnswerSources): FastAnswers {
  let entries = new Map<string, Recorded>();
  let bytes = 0;
  let forSources: Sources | undefined;
  let replayed = 0;
  let composed = 0;
  /** Get-one templates by caller, Origin and route name, for the sources they were recorded with (the index aside). */
  let templates = new Map<string, GetOneTemplate>();
  let templatesFor: Sources | undefined;
  /** Get-ones answered once (by Koa or composed) and not recorded yet, and the rule when full. */
  let asks = new SecondAsks();
  /** The entries, emptied first when a source changed since they were recorded. */
  const current = (now: Sources): Map<string, Recorded> => {
    if (forSources === undefined || !sameSources(forSources, now)) {
      entries = new Map();
      bytes = 0;
      forSources = now;
    }
    return entries;
  };
  /** The templates, emptied first when a source other than the index changed since they were recorded. */
  const currentTemplates = (now: Sources): Map<string, GetOneTemplate> => {
    if (templatesFor === undefined || !sameRoutes(templatesFor, now)) {
      templates = new Map();
      asks = new SecondAsks();
      templatesFor = now;
    }
    return templates;
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
    // A cookie is for one client only: such an answer is never sent to another.
    if (ctx.status !== 200 || ctx.res.hasHeader('Set-Cookie')) return;
    const now = sourcesNow();
    if (!sameSources(before, now)) return;
    const who = callerKeyOf(ctx);
    const key = keyOf(method, who, ctx.get('Origin'), url);
    const getOne = ctx.state[GET_ONE] as GetOne | undefined;
    if (
      getOne !== undefined &&
      method === 'GET' &&
      noRoutesOf(now.code) &&
      ctx.path === `${sources.config.rest.prefix}/${routeName(getOne.type)}/${getOne.documentId}`
    ) {
      const caller = callerOf(ctx);
      const template = getOneTemplateOf(ctx.res, getOne.type.uid, caller === undefined ? undefined : (uid) => canFind(caller, uid));
      if (template !== undefined) {
        currentTemplates(now).set(templateKeyOf(who, ctx.get('Origin'), routeName(getOne.type)), template);
        asks.askedBefore(key);
      }
    }
    const made = ctx.state[MADE] as Made | undefined;
    if (made === undefined || ctx.body !== made.answer.text) return;
    if (made.index !== now.index || made.version !== now.version) return;
    keep(current(now), key, recordedOf(ctx.res, made.answer));
  };

  /** Records an answer, the oldest making room (the read cache keeps few new answers once full: few go). */
  const keep = (held: Map<string, Recorded>, key: string, recorded: Recorded): void => {
    if (recorded.body.length > MAX_BYTES / 4) return;
    const old = held.get(key);
    if (old !== undefined) {
      held.delete(key);
      bytes -= old.body.length;
    }
    for (const [oldKey, oldest] of held) {
      if (held.size < MAX_ENTRIES && bytes + recorded.body.length <= MAX_BYTES) break;
      held.delete(oldKey);
      bytes -= oldest.body.length;
    }
    held.set(key, recorded);
    bytes += recorded.body.length;
  };

  /**
   * Answers a get-one with a body composed from the stored versions (answerReadText, as the read
   * route does), when a template of its type for this caller is recorded; false when Koa must
   * answer it (and any read that throws: a 404, a query Strapi refuses).
   */
  const compose = (req: IncomingMessage, res: ServerResponse, who: string, now: Sources): boolean => {
    if (req.method !== 'GET' || !noRoutesOf(now.code)) return false;
    const path = getOnePath(req.url!, sources.config.rest.prefix);
    if (path === undefined) return false;
    const origin = req.headers.origin ?? '';
    const template = currentTemplates(now).get(templateKeyOf(who, origin, path.routeName));
    if (template === undefined) return false;
    const snapshot = sources.project.current;
    const type = snapshot.registry.byRouteName.get(path.routeName);
    if (type === undefined || type.uid !== template.uid || mayBuildReverse(snapshot, type, path.querystring)) return false;
    const options: ReadOptions = { config: sources.config, warn: sources.warn ?? (() => undefined), canFind: template.canFind };
    let text: string;
    try {
      text = answerReadText(snapshot, { type, documentId: path.documentId, querystring: path.querystring }, options);
    } catch {
      return false;
    }
    composed++;
    const etag = answerEtag(text);
    const { headers, notModified } = headersWith(template, Buffer.byteLength(text, 'utf8'), etag);
    sendAnswer(req, res, { headers, notModified, body: text, etag });
    const key = keyOf('GET', who, origin, req.url!);
    if (asks.askedBefore(key)) {
      const held = current(now);
      const body = Buffer.from(text, 'utf8');
      if ((held.size < MAX_ENTRIES && bytes + body.length <= MAX_BYTES) || asks.admitWhenFull()) keep(held, key, { headers, notModified, body, etag });
    }
    return true;
  };

  /** The recorded answer for this request, or undefined when Koa must answer it (`caller` when it authenticated). */
  const find = (req: IncomingMessage, who: string): Recorded | undefined => entries.get(keyOf(req.method!, who, req.headers.origin ?? '', req.url!));
  const whoFor = (req: IncomingMessage, caller: Caller | undefined): string =>
    callerKeyFor(caller, req.headers['strapi-response-format'] as string | undefined);

  /** Sends the recorded answer, or a composed one; false when neither is there (Koa answers). */
  const answer = (req: IncomingMessage, res: ServerResponse, caller: Caller | undefined, now: Sources): boolean => {
    const who = whoFor(req, caller);
    const found = find(req, who);
    if (found !== undefined) {
      replay(req, res, found);
      return true;
    }
    return compose(req, res, who, now);
  };

  const replay = (req: IncomingMessage, res: ServerResponse, found: Recorded): void => {
    replayed++;
    sendAnswer(req, res, found);
  };

  return {
    record,
    listener(koa) {
      return (req, res) => {
        const method = req.method;
        if ((method !== 'GET' && method !== 'HEAD') || !sources.isReady()) return koa(req, res);
        if (!req.url!.startsWith(`${sources.config.rest.prefix}/`)) return koa(req, res);
        const now = sourcesNow();
        const held = current(now);
        if (held.size === 0 && currentTemplates(now).size === 0) return koa(req, res);
        const authorization = req.headers.authorization ?? '';
        if (authorization === '') {
          if (!answer(req, res, undefined, now)) koa(req, res);
          return;
        }
        const auth = sources.auth?.();
        if (auth === undefined) return koa(req, res);
        // The caller is the one `authorize` would find now (a revoked token, a blocked user: Koa answers).
        authenticate(authorization, auth).then(
          (result) => {
            // Authenticating may have let other work run: a write, a reload since empties the entries.
            const later = sourcesNow();
            if (!result.ok || current(later) !== held || !answer(req, res, result.caller, later)) koa(req, res);
          },
          () => koa(req, res),
        );
      };
    },
    stats: () => ({ recorded: entries.size, replayed, composed }),
  };
}

/** Sends a recorded or composed answer: its 304 when If-None-Match matches its ETag (as conditionalGet decides), no body to a HEAD. */
function sendAnswer(req: IncomingMessage, res: ServerResponse, found: Answer): void {
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

/**
 * Marks the answer a read route sent as a get-one of `type` in v5's shape: its headers become the
 * type's template for composed get-ones.
 */
export function markGetOne(ctx: Context, type: ContentType, documentId: string): void {
  const getOne: GetOne = { type, documentId };
  ctx.state[GET_ONE] = getOne;
}

const GET_ONE = 'cmsGetOne';

interface GetOne {
  readonly type: ContentType;
  readonly documentId: string;
}

/** Whether a project's code (its routes go before the core ones) leaves every Content API path to the core routes. */
function noRoutesOf(code: ProjectApp | undefined): boolean {
  return code === undefined || code.routes.length === 0;
}

/** A template's key: caller and format, Origin, the type's route name. */
function templateKeyOf(who: string, origin: string, name: string): string {
  return `${who}\n${origin}\n${name}`;
}

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
  return a.index === b.index && a.version === b.version && sameRoutes(a, b);
}

/** Whether the routes, their permissions and the headers of their answers are the same (the index aside). */
function sameRoutes(a: Sources, b: Sources): boolean {
  return a.registry === b.registry && a.rest === b.rest && a.auth === b.auth && a.code === b.code;
}

/** An answer as Koa sent it (or as a get-one template makes it): the headers by the names they were set with, in their order. */
interface Answer extends AnswerHeaders {
  readonly body: Buffer | string;
  readonly etag: string;
}

/** An answer kept to be sent again. */
interface Recorded extends Answer {
  /** The body's UTF-8, encoded once (outside the heap): the text would be encoded again for every request. */
  readonly body: Buffer;
}

function recordedOf(res: ServerResponse, answer: CachedAnswer): Recorded {
  const { headers, notModified } = answerHeadersOf(res);
  return { headers, notModified, body: Buffer.from(answer.text, 'utf8'), etag: String(res.getHeader('ETag') ?? answer.etag) };
}

/** Method, caller and format, Origin, URL: none of them holds a line break (Node refuses one in a header or URL). */
function keyOf(method: string, callerKey: string, origin: string, url: string): string {
  return `${method}\n${callerKey}\n${origin}\n${url}`;
}
