/** Strapi's `env` helper, as a `config/*.ts` function receives it: `env(name, fallback)` and its typed readers. */
export interface ConfigEnv {
  (name: string, fallback?: unknown): unknown;
  int(name: string, fallback?: number): number | undefined;
  float(name: string, fallback?: number): number | undefined;
  bool(name: string, fallback?: boolean): boolean | undefined;
  json(name: string, fallback?: unknown): unknown;
  array(name: string, fallback?: string[]): string[] | undefined;
  date(name: string, fallback?: Date): Date | undefined;
}

/** `env` over a set of variables (process.env in the server). */
export function createConfigEnv(vars: NodeJS.ProcessEnv): ConfigEnv {
  const has = (name: string): boolean => Object.prototype.hasOwnProperty.call(vars, name) && vars[name] !== undefined;
  const read = (name: string): string => vars[name] ?? '';
  return Object.assign((name: string, fallback?: unknown) => (has(name) ? read(name) : fallback), {
    int: (name: string, fallback?: number) => (has(name) ? Number.parseInt(read(name), 10) : fallback),
    float: (name: string, fallback?: number) => (has(name) ? Number.parseFloat(read(name)) : fallback),
    bool: (name: string, fallback?: boolean) => (has(name) ? read(name) === 'true' : fallback),
    json: (name: string, fallback?: unknown) => {
      if (!has(name)) return fallback;
      try {
        return JSON.parse(read(name)) as unknown;
      } catch (error) {
        throw new Error(`env.json: ${name} is not valid JSON (${(error as Error).message})`);
      }
    },
    array: (name: string, fallback?: string[]) => {
      if (!has(name)) return fallback;
      const text = read(name).replace(/^\[|\]$/g, '');
      return text.split(',').map((part) => part.trim().replace(/^"|"$/g, ''));
    },
    date: (name: string, fallback?: Date) => (has(name) ? new Date(read(name)) : fallback),
  });
}
