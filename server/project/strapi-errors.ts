import { ApiError } from '../errors/api-error.js';

// `errors` of `@strapi/utils`, as project code imports it: each is an ApiError, so a thrown one is
// rendered in Strapi's envelope with its status, name, message and details. Default messages are
// those of @strapi/utils.

export class ApplicationError extends ApiError {
  constructor(message = 'An application error occured', details: Record<string, unknown> = {}) {
    super(400, 'ApplicationError', message, details);
  }
}

export class ValidationError extends ApiError {
  constructor(message = 'Validation error', details: Record<string, unknown> = {}) {
    super(400, 'ValidationError', message, details);
  }
}

export class NotFoundError extends ApiError {
  constructor(message = 'Entity not found', details: Record<string, unknown> = {}) {
    super(404, 'NotFoundError', message, details);
  }
}

export class ForbiddenError extends ApiError {
  constructor(message = 'Forbidden access', details: Record<string, unknown> = {}) {
    super(403, 'ForbiddenError', message, details);
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = 'Unauthorized', details: Record<string, unknown> = {}) {
    super(401, 'UnauthorizedError', message, details);
  }
}

export class PolicyError extends ApiError {
  constructor(message = 'Policy Failed', details: Record<string, unknown> = {}) {
    super(403, 'PolicyError', message, details);
  }
}

export class PaginationError extends ApiError {
  constructor(message = 'Invalid pagination', details: Record<string, unknown> = {}) {
    super(400, 'PaginationError', message, details);
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(message = 'Entity too large', details: Record<string, unknown> = {}) {
    super(413, 'PayloadTooLargeError', message, details);
  }
}

export class NotImplementedError extends ApiError {
  constructor(message = 'This feature is not implemented yet', details: Record<string, unknown> = {}) {
    super(501, 'NotImplementedError', message, details);
  }
}

/** The `errors` namespace handed to project code as `import { errors } from '@strapi/utils'`. */
export const STRAPI_ERRORS = Object.freeze({
  ApplicationError,
  ValidationError,
  NotFoundError,
  ForbiddenError,
  UnauthorizedError,
  PolicyError,
  PaginationError,
  PayloadTooLargeError,
  NotImplementedError,
});
