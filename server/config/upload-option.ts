import type { CmsConfig } from './cms-config.js';
import { CONFIG_FILE, describe } from './config-file.js';
import { UserError } from '../errors/user-error.js';
import { isPlainObject } from './is-plain-object.js';
import { boolOption, intOption } from './read-option.js';

/** `upload: {sizeLimit, allowedTypes, deniedTypes, responsiveDimensions, sizeOptimization}`. */
export function uploadOption(value: unknown): CmsConfig['upload'] {
  if (value !== undefined && !isPlainObject(value)) throw new UserError(`${CONFIG_FILE}: upload: expected an object, got ${describe(value)}`);
  const upload = value ?? {};
  const patterns = (key: string): string[] => {
    const list = upload[key] ?? [];
    if (!Array.isArray(list) || !list.every((item): item is string => typeof item === 'string' && /^[\w.+*-]+\/[\w.+*-]+$/.test(item))) {
      throw new UserError(`${CONFIG_FILE}: upload.${key}: expected an array of mime patterns like "image/*", got ${describe(list)}`);
    }
    return [...list];
  };
  return {
    sizeLimit: intOption(upload, 'upload.sizeLimit', 200 * 1024 * 1024, 1),
    allowedTypes: patterns('allowedTypes'),
    deniedTypes: patterns('deniedTypes'),
    responsiveDimensions: boolOption(upload, 'upload.responsiveDimensions', true),
    sizeOptimization: boolOption(upload, 'upload.sizeOptimization', true),
  };
}
