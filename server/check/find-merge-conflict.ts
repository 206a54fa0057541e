import type { Position } from '../schema/locate-json-path.js';

const MARKERS = ['<<<<<<< ', '>>>>>>> ', '|||||||'];

/**
 * The first leftover git conflict marker in a text. `=======` alone is not looked for: it is also a
 * Markdown heading underline, and never appears without `<<<<<<<` in a real conflict.
 */
export function findMergeConflict(text: string): Position | undefined {
  if (!text.includes('<<<<<<<') && !text.includes('>>>>>>>') && !text.includes('|||||||')) return undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (MARKERS.some((marker) => line.startsWith(marker) || line === marker.trimEnd())) return { line: i + 1, column: 1 };
  }
  return undefined;
}
