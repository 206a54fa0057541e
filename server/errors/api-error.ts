/**
 * The one error type that crosses layers: it carries what the HTTP layer needs to render
 * Strapi's envelope `{data: null, error: {status, name, message, details}}`. Code throws it
 * through the constructors below, named as @strapi/utils names its errors.
 */
export class ApiError extends Error {
  readonly status: number;
  /** Strapi's error name, e.g. `ValidationError`: the envelope's `name`. */
  override readonly name: string;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(status: number, name: string, message: string, details: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.status = status;
    this.name = name;
    this.details = details;
  }
}

// Statuses are those of Strapi's error middleware. Default messages are the ones Strapi sends where
// cms answers the same situation (a route's 404 is koa's "Not Found", not @strapi/utils' "Entity not found").

export function applicationError(message: string, details?: Record<string, unknown>): ApiError {
  return new ApiError(400, 'ApplicationError', message, details);
}

export function validationError(message: string, details?: Record<string, unknown>): ApiError {
  return new ApiError(400, 'ValidationError', message, details);
}

export function paginationError(message: string): ApiError {
  return new ApiError(400, 'PaginationError', message);
}

export function notFoundError(message = 'Not Found'): ApiError {
  return new ApiError(404, 'NotFoundError', message);
}

export function forbiddenError(message = 'Forbidden'): ApiError {
  return new ApiError(403, 'ForbiddenError', message);
}

export function unauthorizedError(message = 'Unauthorized'): ApiError {
  return new ApiError(401, 'UnauthorizedError', message);
}

export function payloadTooLargeError(message = 'Entity too large'): ApiError {
  return new ApiError(413, 'PayloadTooLargeError', message);
}

export function rateLimitError(message = 'Too many requests, please try again later.'): ApiError {
  return new ApiError(429, 'RateLimitError', message);
}

export function policyError(message = 'Policy Failed'): ApiError {
  return new ApiError(403, 'PolicyError', message);
}

export function notImplementedError(message = 'This feature is not implemented yet'): ApiError {
  return new ApiError(501, 'NotImplementedError', message);
}

/** Not a @strapi/utils error: http-errors' name for a 400, which Strapi answers when its body parser fails. */
export function badRequestError(message: string): ApiError {
  return new ApiError(400, 'BadRequestError', message);
}
