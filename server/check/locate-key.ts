import { lineOfKey } from '../store/check-document.js';
import type { DocumentFormat } from '../store/content-path.js';
import { type Position, locateJsonPath } from '../schema/locate-json-path.js';

/**
 * Where an attribute path (`['blocks', '1', 'author']`) is written in a content file: the key of
 * an object member, or the element of an array. JSON files are walked exactly; Markdown front
 * matter is searched line by line (the line of the last key found, column 1).
 */
export function locateKey(text: string, format: DocumentFormat, path: readonly string[]): Position | undefined {
  if (path.length === 0) return undefined;
  if (format === 'json') return locateJsonPath(text, path);
  const line = lineOfKey(text, path.join('.'));
  return line === undefined ? undefined : { line, column: 1 };
}
