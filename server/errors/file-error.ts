/** A problem with a file of the project, located as precisely as we know. */
export class FileError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;

  constructor(file: string, message: string, position?: { line: number; column: number }) {
    super(message);
    this.file = file;
    this.line = position?.line;
    this.column = position?.column;
  }

  /** `content/articles/x.json:3:14: message`, the form editors and CI annotations link. */
  format(): string {
    const where = this.line === undefined ? this.file : `${this.file}:${this.line}:${this.column ?? 1}`;
    return `${where}: ${this.message}`;
  }
}

/** Line and column (both 1-based) of a character offset in a text. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
