import type { Attribute, ScalarType } from './attribute.js';

/** A built-in type's column (the upload file's, the user's): a plain scalar without rules, never written through the Content API. */
export function scalarColumn(type: ScalarType, required = false): Attribute {
  return {
    kind: 'scalar',
    type,
    customField: undefined,
    default: undefined,
    minLength: undefined,
    maxLength: undefined,
    min: undefined,
    max: undefined,
    regex: undefined,
    enum: undefined,
    targetField: undefined,
    searchable: true,
    required,
    unique: false,
    private: false,
    writable: false,
    localized: false,
  };
}
