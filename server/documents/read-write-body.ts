import { isPlainObject } from '../config/is-plain-object.js';
import { validationError } from '../errors/api-error.js';
import { entityValidationError } from '../errors/entity-validation-error.js';
import { printValue } from './yup-messages.js';

/** Deeper bodies than this are refused: no attribute needs them, and walking them costs stack. */
const MAX_BODY_DEPTH = 64;

/** The `data` object of a write body, or Strapi's errors for a missing or malformed one. */
export function readWriteBody(body: unknown): Record<string, unknown> {
  if (depthExceeds(body, MAX_BODY_DEPTH)) throw validationError(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep`, {});
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

/** Whether a parsed JSON value nests deeper than `max`, found without recursion. */
function depthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return true;
    for (const inner of Object.values(current)) if (typeof inner === 'object' && inner !== null) stack.push([inner, depth + 1]);
  }
  return false;
}
