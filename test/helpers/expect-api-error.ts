import * as assert from 'uvu/assert';
import { ApiError } from '../../server/errors/api-error.js';

/** Runs `act`, which must throw an ApiError with this status, name, message and (when given) details. */
export function expectApiError(act: () => unknown, expected: { status?: number; name?: string; message: string; details?: unknown }): ApiError {
  try {
    act();
  } catch (error) {
    assert.instance(error, ApiError);
    const apiError = error as ApiError;
    if (expected.status !== undefined) assert.is(apiError.status, expected.status);
    if (expected.name !== undefined) assert.is(apiError.name, expected.name);
    assert.is(apiError.message, expected.message);
    if (expected.details !== undefined) assert.equal(apiError.details, expected.details);
    return apiError;
  }
  return assert.unreachable('should have thrown') as never;
}
