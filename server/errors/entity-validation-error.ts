import { type ApiError, validationError } from './api-error.js';

/** One entity validation problem, in Strapi's `details.errors[]` form. */
export interface EntityError {
  readonly path: readonly string[];
  readonly message: string;
  readonly value?: unknown;
}

/** Strapi's yup error envelope: one error's message, or `N errors occurred`. */
export function entityValidationError(errors: readonly EntityError[]): ApiError {
  const message = errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`;
  return validationError(message, {
    errors: errors.map((error) => ({
      path: [...error.path],
      message: error.message,
      name: 'ValidationError',
      ...('value' in error ? { value: error.value === undefined ? null : error.value } : {}),
    })),
  });
}
