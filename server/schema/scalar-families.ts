import type { ScalarType } from './attribute.js';

/** Scalar types whose values are plain JSON strings, stored and answered alike. */
export type TextScalarType = Extract<ScalarType, 'string' | 'text' | 'richtext' | 'email' | 'password' | 'uid'>;

/** Scalar types whose values are JSON numbers in the API's answers. */
export type NumberScalarType = Extract<ScalarType, 'integer' | 'float' | 'decimal'>;

export function isTextScalarType(type: ScalarType): type is TextScalarType {
  // A switch rather than a list lookup: the store's check asks this for every value at start-up.
  switch (type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
      return true;
    default:
      return false;
  }
}

export function isNumberScalarType(type: ScalarType): type is NumberScalarType {
  return type === 'integer' || type === 'float' || type === 'decimal';
}
