/** The project's configuration file, at the project root. */
export const CONFIG_FILE = 'cms.config.json';

/** A value as an error message about an option shows it: "expected X, got <this>". */
export function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
