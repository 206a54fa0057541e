import { positionAt } from '../errors/file-error.js';

export interface Position {
  readonly line: number;
  readonly column: number;
}

/** The position of a path in a JSON text, or of the deepest part of it that exists. */
export function locateJsonPath(text: string, path: readonly string[]): Position | undefined {
  let i = 0;
  const space = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const skipString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const skipValue = (): void => {
    space();
    const char = text[i];
    if (char === '"') return void skipString();
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        if (close === '}') {
          space();
          skipString();
          space();
          i++; // ':'
        }
        skipValue();
        space();
        if (text[i++] !== ',') return;
      }
    }
    while (i < text.length && !',}] \t\r\n'.includes(text[i]!)) i++;
  };
  /** Follows path[depth…] from the value at i; the offset of the deepest part found, or -1. */
  const walk = (depth: number): number => {
    space();
    const segment = path[depth];
    const char = text[i];
    if (segment === undefined || (char !== '{' && char !== '[')) return -1;
    const isObject = char === '{';
    i++;
    space();
    if (text[i] === (isObject ? '}' : ']')) return -1;
    for (let count = 0; ; count++) {
      space();
      const at = i;
      let match: boolean;
      if (isObject) {
        match = skipString() === segment;
        space();
        i++; // ':'
      } else {
        match = String(count) === segment;
      }
      if (match) {
        if (depth === path.length - 1) return at;
        const deeper = walk(depth + 1);
        return deeper >= 0 ? deeper : at;
      }
      skipValue();
      space();
      if (text[i++] !== ',') return -1;
    }
  };
  try {
    const offset = walk(0);
    return offset < 0 ? undefined : positionAt(text, offset);
  } catch {
    return undefined;
  }
}
