/** The project's configuration file, at the project root. */
export const CONFIG_FILE = 'cms.config.json';

/** A bad option in cms.config.json or the environment; the message names it. */
export class ConfigError extends Error {}

/** A value as an error message shows it: "expected X, got <this>". */
export function describe(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}
