import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';

/** An absolute http(s) URL, without a trailing slash; undefined when not set. */
export function urlOption(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new UserError(`${CONFIG_FILE}: ${name}: expected an absolute http(s) URL, got ${describe(value)}`);
  }
  return (value as string).replace(/\/+$/, '');
}
