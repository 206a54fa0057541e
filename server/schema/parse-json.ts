import { FileError, positionAt } from '../errors/file-error.js';

/** JSON.parse that reports a syntax error as a FileError with line and column. */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const offset = /at position (\d+)/.exec(message);
    const position = offset ? positionAt(text, Number(offset[1])) : text.trim() === '' ? { line: 1, column: 1 } : undefined;
    const reason = text.trim() === '' ? 'the file is empty' : message.replace(/ in JSON at position \d+.*$/, '');
    return throwFileError(file, `invalid JSON: ${reason}`, position);
  }
}

function throwFileError(file: string, message: string, position: { line: number; column: number } | undefined): never {
  throw new FileError(file, message, position);
}
