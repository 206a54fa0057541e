/**
 * A mistake the user can put right (a bad option or flag, a setting that may not start, a port in
 * use), with a message written to be shown as it is. The CLI prints `error: <message>` and exits
 * with `exitCode`; `cms check` turns one from cms.config.json into a problem of that file.
 */
export class UserError extends Error {
  /** 1 for a failed command, 2 for a usage error (a flag that cannot be right), as linters do. */
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}
