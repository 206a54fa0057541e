import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Caller } from '../auth/caller.js';
import { isDocumentId } from '../store/content-path.js';

/** An answer's headers as Koa sent them, by the names they were set with, in their order; and those of its 304. */
export interface AnswerHeaders {
  readonly headers: OutgoingHttpHeaders;
  /** The headers of its 304: Koa drops the body's headers for a status without a body. */
  readonly notModified: OutgoingHttpHeaders;
}

/**
 * How Koa answered a get-one of a type, for one caller, format and Origin: the headers of every such
 * answer but its length and tag, which `headersWith` fills in. Routing and the middlewares decide
 * nothing on the documentId or the query string (the other parts of such a URL), so another
 * get-one's answer differs from the one recorded by its body alone.
 */
export interface GetOneTemplate extends AnswerHeaders {
  /** The type's uid: a template serves the type it was recorded for. */
  readonly uid: string;
  /** The caller `authorize` found for it (what it may populate, filter and sort by), if any. */
  readonly caller: Caller | undefined;
}

/** The headers an answer was sent with (see AnswerHeaders). */
export function answerHeadersOf(res: ServerResponse): AnswerHeaders {
  const headers: OutgoingHttpHeaders = {};
  const notModified: OutgoingHttpHeaders = {};
  // Node keeps the names as set (OutgoingMessage#getRawHeaderNames); its types declare it on ClientRequest only.
  for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const value = res.getHeader(name);
    if (value === undefined) continue;
    headers[name] = value;
    if (!BODY_HEADERS.has(name.toLowerCase())) notModified[name] = value;
  }
  return { headers, notModified };
}

const BODY_HEADERS = new Set(['content-type', 'content-length', 'transfer-encoding']);

/** A template from the headers of a get-one answer of type `uid`, when it has the length and tag to fill in. */
export function getOneTemplateOf(res: ServerResponse, uid: string, caller: Caller | undefined): GetOneTemplate | undefined {
  const { headers, notModified } = answerHeadersOf(res);
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  if (!names.includes('content-length') || !names.includes('etag') || names.includes('transfer-encoding')) return undefined;
  return { uid, caller, headers, notModified };
}

/** A composed answer's headers: the template's with this body's length (in bytes) and tag, in place, so the names keep their case and order. */
export function headersWith(template: GetOneTemplate, length: number, etag: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...template.headers };
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (lower === 'content-length') headers[name] = length;
    else if (lower === 'etag') headers[name] = etag;
  }
  return headers;
}

/** The headers of a composed answer's 304: the template's with this body's tag. */
export function notModifiedWith(template: GetOneTemplate, etag: string): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { ...template.notModified };
  for (const name in headers) if (name.toLowerCase() === 'etag') headers[name] = etag;
  return headers;
}

/**
 * The route name, documentId and query string of `GET <prefix>/<routeName>/<documentId>[?query]`,
 * or undefined for any other URL (another shape, a documentId the store would refuse, an escaped
 * character in the path: Koa answers those).
 */
export function getOnePath(url: string, prefix: string): { readonly routeName: string; readonly documentId: string; readonly querystring: string } | undefined {
  if (!url.startsWith(prefix) || url.charCodeAt(prefix.length) !== SLASH) return undefined;
  const question = url.indexOf('?');
  const path = question === -1 ? url : url.slice(0, question);
  const slash = path.indexOf('/', prefix.length + 1);
  if (slash === -1) return undefined;
  const documentId = path.slice(slash + 1);
  if (!isDocumentId(documentId)) return undefined;
  const routeName = path.slice(prefix.length + 1, slash);
  return BUILT_IN.has(routeName) ? undefined : { routeName, documentId, querystring: question === -1 ? '' : url.slice(question + 1) };
}

const SLASH = 0x2f;

/**
 * The first path segments of the routers before the content routes (auth, users, roles, locales,
 * uploads): one of their fixed paths (`/users/me`, `/i18n/locales`) has a get-one's shape, and a
 * content type of that name would not reach its own route there.
 */
const BUILT_IN = new Set(['auth', 'users', 'users-permissions', 'i18n', 'upload']);
