import { FileError, positionAt } from '../errors/file-error.js';

/** JSON.parse that reports a syntax error as a FileError with line and column. */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    if (text.trim() === '') throw new FileError(file, 'invalid JSON: the file is empty', { line: 1, column: 1 });
    // V8 names the offset in some messages only ("Unexpected token ','" has none): find it ourselves then.
    const stated = /at position (\d+)/.exec(message);
    const offset = stated ? Number(stated[1]) : syntaxErrorOffset(text);
    const reason = message
      .replace(/(?: in JSON)? at position \d+.*$/s, '')
      .replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, '')
      .replace(/\r?\n/g, '\\n');
    throw new FileError(file, `invalid JSON: ${reason}`, offset === undefined ? undefined : positionAt(text, offset));
  }
}

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** Offset of the first character that breaks the JSON grammar, or undefined when none is found. */
function syntaxErrorOffset(text: string): number | undefined {
  let i = 0;
  const fail = (): never => {
    throw new SyntaxAt(i);
  };
  const space = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const expect = (char: string): void => {
    space();
    if (text.charAt(i) !== char) fail();
    i++;
  };
  const string = (): void => {
    expect('"');
    for (;;) {
      const code = text.charCodeAt(i);
      if (Number.isNaN(code) || code < 32) fail();
      if (code === 34) break;
      if (code === 92) {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) fail();
        i = ESCAPE.lastIndex;
      } else i++;
    }
    i++;
  };
  const list = (close: string, item: () => void): void => {
    i++;
    space();
    if (text.charAt(i) === close) return void i++;
    for (;;) {
      item();
      space();
      if (text.charAt(i) === close) return void i++;
      expect(',');
    }
  };
  const value = (): void => {
    space();
    const char = text.charAt(i);
    if (char === '{') return list('}', () => (string(), expect(':'), value()));
    if (char === '[') return list(']', value);
    if (char === '"') return string();
    LITERAL.lastIndex = i;
    if (!LITERAL.test(text)) fail();
    i = LITERAL.lastIndex;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    return error instanceof SyntaxAt ? error.offset : undefined;
  }
}

class SyntaxAt {
  constructor(readonly offset: number) {}
}
