import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { forbiddenError, notFoundError, paginationError, payloadTooLargeError, validationError } from '../../server/errors/api-error.js';
import { type ErrorEnvelope, toEnvelope } from '../../server/errors/to-envelope.js';

/** An error as http-errors (koa-body, the router, send) makes them. */
function httpError(status: number, name: string, message: string, expose: boolean | undefined): Error {
  return Object.assign(new Error(message), { name, status, ...(expose === undefined ? {} : { expose }) });
}

const envelope = (status: number, name: string, message: string, details?: Record<string, unknown>): { status: number; body: ErrorEnvelope } => ({
  status,
  body: { data: null, error: details === undefined ? { status, name, message } : { status, name, message, details } },
});

const CASES: [name: string, error: unknown, expected: { status: number; body: ErrorEnvelope }][] = [
  [
    'a validation error keeps its details',
    validationError('Invalid key nope', { key: 'nope' }),
    envelope(400, 'ValidationError', 'Invalid key nope', { key: 'nope' }),
  ],
  ['an ApiError without details renders details {}', notFoundError(), envelope(404, 'NotFoundError', 'Not Found', {})],
  ['a route 404 with its own message', notFoundError('file.notFound'), envelope(404, 'NotFoundError', 'file.notFound', {})],
  ['forbidden', forbiddenError(), envelope(403, 'ForbiddenError', 'Forbidden', {})],
  [
    'pagination',
    paginationError('Cannot use both page & offset pagination in the same query'),
    envelope(400, 'PaginationError', 'Cannot use both page & offset pagination in the same query', {}),
  ],
  ['payload too large', payloadTooLargeError(), envelope(413, 'PayloadTooLargeError', 'Entity too large', {})],
  [
    'bad JSON from the body parser: name and message, no details',
    httpError(400, 'BadRequestError', 'Unexpected end of JSON input', true),
    envelope(400, 'BadRequestError', 'Unexpected end of JSON input'),
  ],
  [
    'a 4xx http error without expose is shown',
    httpError(405, 'MethodNotAllowedError', 'Method Not Allowed', undefined),
    envelope(405, 'MethodNotAllowedError', 'Method Not Allowed'),
  ],
  [
    'a 4xx http error that must not be shown is a bare 500',
    httpError(400, 'BadRequestError', 'secret', false),
    envelope(500, 'InternalServerError', 'Internal Server Error'),
  ],
  ['a 5xx http error is a bare 500', httpError(503, 'ServiceUnavailableError', 'down', true), envelope(500, 'InternalServerError', 'Internal Server Error')],
  ['a plain Error is a bare 500 that hides its message', new Error('ENOENT: /etc/secret'), envelope(500, 'InternalServerError', 'Internal Server Error')],
  ['a thrown non-error is a bare 500', 'boom', envelope(500, 'InternalServerError', 'Internal Server Error')],
];

for (const [name, error, expected] of CASES) {
  test(name, () => assert.equal(toEnvelope(error), expected));
}

test('the envelope serializes with Strapi key order: data, then error status, name, message, details', () => {
  assert.is(JSON.stringify(toEnvelope(validationError('x')).body), '{"data":null,"error":{"status":400,"name":"ValidationError","message":"x","details":{}}}');
});

test.run();
