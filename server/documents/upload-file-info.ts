import { isPlainObject } from '../config/is-plain-object.js';
import { type EntityError, entityValidationError } from '../errors/entity-validation-error.js';
import { typeErrorMessage } from './yup-messages.js';

/** What a client may say about an uploaded file; undefined = not given. */
export interface FileInfo {
  readonly name: string | null | undefined;
  readonly alternativeText: string | null | undefined;
  readonly caption: string | null | undefined;
}

const FILE_INFO_KEYS = ['name', 'alternativeText', 'caption'] as const;

export const EMPTY_FILE_INFO: FileInfo = { name: undefined, alternativeText: undefined, caption: undefined };

/**
 * The `fileInfo` field of an upload, validated as Strapi's yup schema does (not strict): a JSON
 * string or an object; for several files an array of those, aligned with the files. Unknown keys
 * and non-text values are 400s in yup's words. Returns one FileInfo per file.
 */
export function readFileInfo(value: unknown, fileCount: number, multiple: boolean): FileInfo[] {
  const errors: EntityError[] = [];
  let infos: FileInfo[];
  if (multiple) {
    const list = castJson(value, Array.isArray);
    if (list !== undefined && !Array.isArray(list)) {
      throw entityValidationError([{ path: ['fileInfo'], message: typeErrorMessage('fileInfo', 'array', list, value), value: list }]);
    }
    const items = list ?? [];
    infos = Array.from({ length: fileCount }, (_, i) => readOne(items[i], `fileInfo[${i}]`, ['fileInfo', String(i)], errors));
  } else {
    infos = [readOne(value, 'fileInfo', ['fileInfo'], errors)];
  }
  if (errors.length > 0) throw entityValidationError(errors);
  return infos;
}

function readOne(value: unknown, label: string, path: readonly string[], errors: EntityError[]): FileInfo {
  const object = castJson(value, isPlainObject);
  if (object === undefined) return EMPTY_FILE_INFO;
  if (!isPlainObject(object)) {
    errors.push({ path, message: typeErrorMessage(label, 'object', object, value), value: object });
    return EMPTY_FILE_INFO;
  }
  const unknown = Object.keys(object).filter((key) => !(FILE_INFO_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) errors.push({ path, message: `${label} field has unspecified keys: ${unknown.join(', ')}`, value: object });
  const text = (key: (typeof FILE_INFO_KEYS)[number]): string | null | undefined => {
    const raw = object[key];
    if (raw === undefined || raw === null || typeof raw === 'string') return raw;
    // yup's string() casts anything with its own toString (numbers, booleans); objects and arrays fail.
    if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'bigint') return String(raw);
    errors.push({ path: [...path, key], message: typeErrorMessage(`${label}.${key}`, 'string', raw, undefined), value: raw });
    return undefined;
  };
  return { name: text('name'), alternativeText: text('alternativeText'), caption: text('caption') };
}

/** yup's object and array casts: a JSON string is parsed; anything not of the type becomes null. */
function castJson(value: unknown, isType: (value: unknown) => boolean): unknown {
  if (value === undefined) return undefined;
  let cast = value;
  if (typeof value === 'string') {
    try {
      cast = JSON.parse(value);
    } catch {
      cast = null;
    }
  }
  return isType(cast) ? cast : null;
}
