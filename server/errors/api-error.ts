/**
 * The one error type that crosses layers: it carries what the HTTP layer needs to render
 * Strapi's envelope `{data: null, error: {status, name, message, details}}`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errorName: string;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(status: number, errorName: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.errorName = errorName;
    this.details = details;
  }
}

export function notFoundError(message = 'Not Found'): ApiError {
  return new ApiError(404, 'NotFoundError', message, {});
}

export function validationError(message: string, details: Record<string, unknown> = {}): ApiError {
  return new ApiError(400, 'ValidationError', message, details);
}
