import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import { entityValidationError } from './write-errors.js';
import { printValue } from './yup-messages.js';

/** The `data` object of a write body, or Strapi's errors for a missing or malformed one. */
export function readWriteBody(body: unknown): Record<string, unknown> {
  const data = isPlainObject(body) ? body['data'] : undefined;
  if (data === undefined || data === null || typeof data !== 'object') {
    throw validationError('Missing "data" payload in the request body', {});
  }
  if (!isPlainObject(data)) {
    const message = `this must be a \`object\` type, but the final value was: \`null\` (cast from the value \`${printValue(data)}\`).`;
    throw entityValidationError([{ path: [], message, value: null }]);
  }
  return data;
}
