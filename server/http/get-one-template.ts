import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
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
  /** What the caller `authorize` found for it may populate, filter and sort by (undefined: everything). */
  readonly canFind: ((uid: string) => boolean) | undefined;
  /** The names `Content-Length` and `ETag` were set with. */
  readonly lengthName: string;
  readonly etagName: string;
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
export function getOneTemplateOf(res: ServerResponse, uid: string, canFind: GetOneTemplate['canFind']): GetOneTemplate | undefined {
  const { headers, notModified } = answerHeadersOf(res);
  const names = Object.keys(headers);
  const named = (lower: string) => names.find((name) => name.toLowerCase() === lower);
  const lengthName = named('content-length');
  const etagName = named('etag');
  if (lengthName === undefined || etagName === undefined || named('transfer-encoding') !== undefined) return undefined;
  return { uid, canFind, headers, notModified, lengthName, etagName };
}

/** A composed answer's headers, and those of its 304: the template's with this body's length (in bytes) and tag, in place (names keep their case and order). */
export function headersWith(template: GetOneTemplate, length: number, etag: string): AnswerHeaders {
  const { lengthName, etagName } = template;
  return { headers: { ...template.headers, [lengthName]: length, [etagName]: etag }, notModified: { ...template.notModified, [etagName]: etag } };
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
